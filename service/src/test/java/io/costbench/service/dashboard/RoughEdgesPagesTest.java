package io.costbench.service.dashboard;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.mock.web.MockHttpSession;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;

import io.costbench.service.accuracy.AccuracyCatalog;
import io.costbench.service.accuracy.ValidatedAccuracy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.redirectedUrl;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.redirectedUrlPattern;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * The rough edges a new user met (issue 18), server-side: the overview stays on the default study, trends count it
 * when started by hand, the sweep page sorts, pages and costs, sign-in returns to where the user was, error pages
 * are the site's own.
 */
@Tag("database")
@SpringBootTest(properties = "spring.quartz.scheduler-name=rough-edges-pages-test")
@AutoConfigureMockMvc
class RoughEdgesPagesTest {

    @Autowired
    MockMvc mvc;
    @Autowired
    JdbcTemplate jdbc;

    @Test
    void theOverviewStaysOnTheDefaultStudyAfterAOneModelSweepAndOffersASelector() throws Exception {
        Instant now = Instant.now();
        long nightly = DashboardSeed.sweep(jdbc, "pinned nightly", "NIGHTLY", now.minus(1, ChronoUnit.HOURS),
                DashboardSeed.WRITE_UP_MODELS, DashboardSeed.WRITE_UP_TARGETS, List.of(1, 8, 64),
                List.of(new TokenLengths(1024, 1024)), 1.0);
        long oneModel = DashboardSeed.sweep(jdbc, "one model later", "MANUAL", now, List.of("qwen3-8b"),
                DashboardSeed.WRITE_UP_TARGETS.subList(2, 3), List.of(1, 8), List.of(new TokenLengths(1024, 1024)),
                1.0);

        // Other tests seed nightlies too: the overview shows the newest default study, never the later one-model sweep.
        long latestDefault = jdbc.queryForObject("select max(id) from sweep where preset = 'default'"
                + " and status = 'SUCCEEDED'", Long.class);
        String html = page(get("/"));
        assertThat(latestDefault).isGreaterThanOrEqualTo(nightly);
        assertThat(html).contains("From sweep <a href=\"/sweeps/" + latestDefault + "\"").contains("default study")
                .doesNotContain("From sweep <a href=\"/sweeps/" + oneModel + "\"");
        assertThat(html).contains("id=\"sweep-selector\"").contains("value=\"" + oneModel + "\"")
                .contains("value=\"" + nightly + "\"");
        assertThat(page(get("/").param("sweep", Long.toString(oneModel)))).contains("one model later")
                .doesNotContain("Gemma 4 31B");
    }

    @Test
    void trendsCountTheDefaultSweepRunByHandAndMarkIt() throws Exception {
        Instant now = Instant.now();
        DashboardSeed.sweep(jdbc, "trend nightly", "NIGHTLY", now.minus(2, ChronoUnit.DAYS), List.of("trend-model"),
                DashboardSeed.WRITE_UP_TARGETS, List.of(32), List.of(new TokenLengths(1024, 1024)), 1.0);
        long manual = DashboardSeed.sweep(jdbc, "trend by hand", "MANUAL", now.minus(1, ChronoUnit.DAYS),
                List.of("trend-model"), DashboardSeed.WRITE_UP_TARGETS, List.of(32), List.of(new TokenLengths(1024, 1024)),
                1.0);
        jdbc.update("update sweep set preset = 'default' where id = ?", manual);

        String html = page(get("/trends").param("model", "trend-model")
                .param("target", "trn2|vllm-neuron-optimized|").param("concurrency", "32"));
        assertThat(html).contains("by hand").contains("· nightly").contains("default sweep run by hand")
                .contains("href=\"/sweeps/" + manual + "\"");
        // Visitors are told the admin can run the nightly now; only the admin gets the button.
        assertThat(html).contains("run-nightly-hint").doesNotContain("id=\"run-nightly\"");
        MockHttpSession admin = signIn(null);
        assertThat(page(get("/trends").session(admin))).contains("id=\"run-nightly\"");
    }

    @Test
    void theAdminRunsTheNightlyNowAsADefaultStudyMarkedAsManual() throws Exception {
        MockHttpSession admin = signIn(null);
        String trends = page(get("/trends").session(admin));
        MvcResult started = mvc.perform(post("/trends/run-nightly").session(admin).param("_csrf", csrf(trends)))
                .andExpect(status().is3xxRedirection()).andExpect(redirectedUrlPattern("/sweeps/*")).andReturn();
        String location = started.getResponse().getRedirectedUrl();
        long id = Long.parseLong(location.substring(location.lastIndexOf('/') + 1));
        assertThat(jdbc.queryForObject("select preset from sweep where id = ?", String.class, id)).isEqualTo("default");
        assertThat(jdbc.queryForObject("select trigger_kind from sweep where id = ?", String.class, id))
                .isEqualTo("MANUAL");
        jdbc.update("update sweep set status = 'CANCELLED' where id = ?", id);
    }

    @Test
    void theSweepPageSortsPagesAndCostsItsPointsAndSaysWhyH200HasNoCost() throws Exception {
        List<DashboardSeed.SeedTarget> targets = List.of(DashboardSeed.WRITE_UP_TARGETS.get(1),
                new DashboardSeed.SeedTarget("h200-sxm", "vllm", 5, 200, 1));
        long id = DashboardSeed.sweep(jdbc, "sortable", "MANUAL", Instant.now(), List.of("qwen3-8b"), targets,
                DashboardSeed.CONCURRENCIES, List.of(new TokenLengths(1024, 1024), new TokenLengths(8192, 1024)), 1.0);

        String first = page(get("/sweeps/{id}", id));
        assertThat(rows(first)).isEqualTo(25);
        assertThat(first).contains("USD per 1M output tokens").contains("Median TPOT (ms)")
                .contains("Output tokens/s").doesNotContain("output_throughput (tok/s)");
        assertThat(first).contains("no price").contains("No cost: no on-demand price for h200-sxm")
                .contains("none is in the price catalog");
        assertThat(first).contains("page 1 of 2 (36 points)");
        assertThat(rows(page(get("/sweeps/{id}", id).param("page", "1")))).isEqualTo(11);
        assertThat(rows(page(get("/sweeps/{id}", id).param("size", "50")))).isEqualTo(36);
        // Sorted by throughput, highest first: the top row is the highest concurrency.
        String sorted = page(get("/sweeps/{id}", id).param("sort", "throughput").param("dir", "desc"));
        assertThat(firstConcurrency(sorted)).isEqualTo(256);
        assertThat(sorted).contains("page 1 of 2");
        assertThat(sorted).contains("aria-sort=\"descending\"");
        String ascending = page(get("/sweeps/{id}", id).param("sort", "concurrency").param("dir", "asc"));
        assertThat(firstConcurrency(ascending)).isEqualTo(1);
        // An unknown sort or page size falls back to the defaults rather than failing.
        assertThat(page(get("/sweeps/{id}", id).param("sort", "drop table").param("size", "7"))).contains("sortable");
    }

    @Test
    void aFormPostedWhileSignedOutComesBackAsTypedAfterSignIn() throws Exception {
        MvcResult form = mvc.perform(get("/sweeps")).andReturn();
        MockHttpSession session = (MockHttpSession) form.getRequest().getSession();
        mvc.perform(post("/sweeps").session(session).header("Referer", "http://localhost/sweeps")
                        .param("_csrf", csrf(form.getResponse().getContentAsString()))
                        .param("name", "typed before sign-in").param("models", "qwen3-8b")
                        .param("targets", "h100-sxm vllm").param("concurrencies", "1, 2").param("workloads", "128/64")
                        .param("seed", "7"))
                .andExpect(status().is3xxRedirection()).andExpect(redirectedUrl("/login"));
        String login = page(get("/login").session(session));
        mvc.perform(post("/login").session(session).param("username", "admin")
                        .param("password", "test-admin-password").param("_csrf", csrf(login)))
                .andExpect(redirectedUrl("/sweeps"));
        String restored = page(get("/sweeps").session(session));
        assertThat(restored).contains("value=\"typed before sign-in\"").contains("value=\"7\"")
                .contains("id=\"form-restored\"").contains("Signed in as").contains("Sign out");
        // Taken once: the next visit shows the default form again.
        assertThat(page(get("/sweeps").session(session))).doesNotContain("typed before sign-in");
    }

    @Test
    void signingInReturnsToTheLocalPageTheLinkCarriedAndNeverOffSite() throws Exception {
        assertThat(page(get("/trends"))).contains("href=\"/login?return=/trends\"");
        signIn("/trends?model=x", "/trends?model=x");
        signIn("//evil.example/phish", "/");
        signIn("https://evil.example/", "/");
        String styled = page(get("/login").param("return", "/models"));
        assertThat(styled).contains("costbench.css").contains("id=\"login-form\"")
                .contains("name=\"return\" value=\"/models\"");
        assertThat(page(get("/login").param("error", ""))).contains("Wrong user name or password");
    }

    @Test
    void modelPagesChartCostAndExplainMarksSwitchesThatDoNotApply() throws Exception {
        DashboardSeed.sweep(jdbc, "model costs", "NIGHTLY", Instant.now(), DashboardSeed.WRITE_UP_MODELS,
                DashboardSeed.WRITE_UP_TARGETS, List.of(1, 32), List.of(new TokenLengths(1024, 1024)), 1.0);
        assertThat(page(get("/models"))).contains("id=\"chart-cost-by-model\"").contains("USD per 1M output tokens");
        String model = page(get("/models/qwen3-30b-a3b"));
        assertThat(model).contains("id=\"chart-cost\"").contains("name=\"tensorParallel\"")
                .contains("name=\"precision\"").contains("Not applicable to this model, left out")
                .contains("has no Gated DeltaNet layers").contains("Median TPOT (ms)");
        String explain = page(get("/explain").param("model", "qwen3-30b-a3b"));
        assertThat(explain).contains("name=\"tensorParallel\"").contains("name=\"precision\"")
                .contains("not applicable: qwen3-30b-a3b has no Gated DeltaNet layers");
        assertThat(page(get("/explain").param("model", "qwen3.5-4b"))).contains("has no routed experts");
    }

    @Test
    void theAccuracyPageShowsEveryValidatedGroupAndWhatNoMeasurementCovers() throws Exception {
        List<ValidatedAccuracy> groups = new AccuracyCatalog().file().groups();

        String html = page(get("/accuracy"));

        assertThat(html).contains("id=\"chart-accuracy\"").contains("data-accuracy=").contains("/js/accuracy.js")
                .contains("href=\"/accuracy\"");
        assertThat(groups).isNotEmpty().allSatisfy(g -> assertThat(html)
                .contains("<td>" + AccuracyPageController.label(g) + "</td>"));
        // The write-up's optimized stack has no public measurement of its own, dense or MoE.
        assertThat(html).contains("<li>Trainium2 optimized (dense, MoE)</li>");
    }

    private String page(org.springframework.test.web.servlet.RequestBuilder request) throws Exception {
        return mvc.perform(request).andExpect(status().isOk()).andReturn().getResponse().getContentAsString();
    }

    private MockHttpSession signIn(String returnTo) throws Exception {
        return signIn(returnTo, null);
    }

    /** Signs in through the form with {@code return} (if any), expecting to land on {@code expected} (if given). */
    private MockHttpSession signIn(String returnTo, String expected) throws Exception {
        MvcResult login = mvc.perform(get("/login")).andReturn();
        MockHttpSession session = (MockHttpSession) login.getRequest().getSession();
        var request = post("/login").session(session).param("username", "admin")
                .param("password", "test-admin-password").param("_csrf", csrf(login.getResponse()
                        .getContentAsString()));
        if (returnTo != null) {
            request.param("return", returnTo);
        }
        var result = mvc.perform(request).andExpect(status().is3xxRedirection());
        if (expected != null) {
            result.andExpect(redirectedUrl(expected));
        }
        return session;
    }

    private static String csrf(String html) {
        Matcher matcher = Pattern.compile("name=\"_csrf\"[^>]*value=\"([^\"]+)\"").matcher(html);
        assertThat(matcher.find()).as("a _csrf field").isTrue();
        return matcher.group(1);
    }

    private static int rows(String html) {
        String body = html.substring(html.indexOf("<tbody>"), html.indexOf("</tbody>"));
        return body.split("<tr", -1).length - 1;
    }

    /** The concurrency cell (fifth) of the first result row. */
    private static int firstConcurrency(String html) {
        String body = html.substring(html.indexOf("<tbody>"));
        Matcher cells = Pattern.compile("<td[^>]*>([^<]*)</td>").matcher(body);
        for (int i = 0; i < 5; i++) {
            assertThat(cells.find()).isTrue();
        }
        return Integer.parseInt(cells.group(1).trim());
    }
}
