package io.costbench.service.dashboard;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.web.servlet.MockMvc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.user;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.redirectedUrl;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/** The dashboard pages rendered server-side from seeded sweeps: content, empty states, escaping, the price form. */
@Tag("database")
@SpringBootTest(properties = "spring.quartz.scheduler-name=dashboard-pages-test")
@AutoConfigureMockMvc
class DashboardPagesTest {

    @Autowired
    MockMvc mvc;
    @Autowired
    JdbcTemplate jdbc;

    @Test
    void theOverviewShowsCostChartsVerdictsPricesAndTheSweepNameAsText() throws Exception {
        long id = DashboardSeed.sweep(jdbc, "<script>alert('sweep')</script>", "MANUAL", Instant.now(),
                DashboardSeed.WRITE_UP_MODELS, DashboardSeed.WRITE_UP_TARGETS, DashboardSeed.CONCURRENCIES,
                List.of(new TokenLengths(1024, 1024)), 1.0);
        String html = mvc.perform(get("/").param("sweep", Long.toString(id)).param("workload", "1024x1024"))
                .andExpect(status().isOk()).andReturn().getResponse().getContentAsString();
        assertThat(html).doesNotContain("<script>alert('sweep')</script>")
                .contains("&lt;script&gt;alert(&#39;sweep&#39;)&lt;/script&gt;");
        assertThat(html).contains("Qwen3-30B-A3B").contains("data-chart=").contains("Trainium2 optimized")
                .contains("H100 vllm").contains("is cheapest").contains("2.23").contains("5.19")
                .contains("/webjars/echarts/5.3.1/dist/echarts.min.js");
        // Another workload of the same sweep has no results: the page says what to do instead of drawing nothing.
        String empty = mvc.perform(get("/").param("sweep", Long.toString(id)).param("workload", "8192x1024"))
                .andReturn().getResponse().getContentAsString();
        assertThat(empty).contains("no successful results").doesNotContain("data-chart=");
    }

    @Test
    void aModelPageShowsItsChartsAndPercentiles() throws Exception {
        String model = "dash-" + UUID.randomUUID().toString().substring(0, 8);
        DashboardSeed.sweep(jdbc, "model page", "MANUAL", Instant.now(), List.of(model),
                DashboardSeed.WRITE_UP_TARGETS, DashboardSeed.CONCURRENCIES, List.of(new TokenLengths(1024, 1024)), 1.0);
        String html = mvc.perform(get("/models/{id}", model)).andExpect(status().isOk()).andReturn().getResponse()
                .getContentAsString();
        assertThat(html).contains("chart-throughput", "chart-interactivity", "chart-speedup", "chart-pareto",
                "Pareto frontier", "P99 TPOT (ms)", "Trainium2 optimized / Trainium2 baseline");
        assertThat(mvc.perform(get("/models/{id}", "no-such-model-" + UUID.randomUUID())).andExpect(status().isOk())
                .andReturn().getResponse().getContentAsString()).contains("No sweep has results for this model yet");
        assertThat(mvc.perform(get("/models")).andExpect(status().isOk()).andReturn().getResponse()
                .getContentAsString()).contains("qwen3-30b-a3b");
    }

    @Test
    void trendsPriceEachNightAtItsPriceAndShowTheSeries() throws Exception {
        String model = "trend-" + UUID.randomUUID().toString().substring(0, 8);
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        for (int night = 5; night >= 1; night--) {
            DashboardSeed.sweep(jdbc, "nightly " + night, "NIGHTLY", now.minus(night, ChronoUnit.DAYS),
                    List.of(model), DashboardSeed.WRITE_UP_TARGETS, List.of(32), List.of(new TokenLengths(1024, 1024)),
                    night > 2 ? 1.0 : 1.25);
        }
        String html = mvc.perform(get("/trends").param("model", model).param("target", "trn2|vllm-neuron-optimized|")
                .param("workload", "1024x1024").param("concurrency", "32")).andExpect(status().isOk())
                .andReturn().getResponse().getContentAsString();
        assertThat(html).contains("chart-trend-cost", "chart-trend-throughput");
        assertThat(html.split("<td><a href=\"/sweeps/").length - 1).isEqualTo(5);
        String none = mvc.perform(get("/trends").param("model", "nothing-" + UUID.randomUUID())
                .param("target", "trn2|x|")).andReturn().getResponse().getContentAsString();
        assertThat(none).contains("No default-study results for this scenario yet");
    }

    @Test
    void measuredRunsShowErrorsVerdictsPayloadLinksAndCiContextAsText() throws Exception {
        String branch = "<script>alert('ci')</script>-" + UUID.randomUUID().toString().substring(0, 6);
        jdbc.update("insert into run_upload (format, request_sha256, raw_payload, token_name, created_at)"
                + " values ('vllm', ?, '{}', 'test', current_timestamp)", "a".repeat(64));
        Long upload = jdbc.queryForObject("select max(id) from run_upload", Long.class);
        jdbc.update("insert into measured_run (upload_id, position_in_upload, source_label, format, series_key, model,"
                + " hardware, profile, input_tokens, output_tokens, concurrency, branch, git_sha, ci_url, metrics_json,"
                + " output_throughput, median_tpot_ms, prediction_json, regression_verdict, regression_json, created_at)"
                + " values (?, 0, 'vllm', 'vllm', ?, 'qwen3-8b', 'h100-sxm', 'vllm', 1024, 1024, 8, ?, 'abc123',"
                + " 'javascript:alert(1)', '{}', 900.0, 9.0,"
                + " '{\"metrics\":{\"output_throughput\":1000.0,\"median_tpot_ms\":8.0},"
                + "\"relativeError\":{\"output_throughput\":-0.1,\"median_tpot_ms\":0.125}}', 'regression', '{}',"
                + " current_timestamp)", upload, "qwen3-8b|h100-sxm|" + branch, branch);
        Long run = jdbc.queryForObject("select max(id) from measured_run", Long.class);
        String html = mvc.perform(get("/runs").param("model", "qwen3-8b")).andExpect(status().isOk()).andReturn()
                .getResponse().getContentAsString();
        assertThat(html).doesNotContain("<script>alert('ci')</script>").contains("&lt;script&gt;alert(&#39;ci&#39;)")
                .contains("href=\"/runs/" + run + "\"").contains("-10.0%").contains("+12.5%")
                .contains("verdict-regression").contains("chart-runs-throughput").doesNotContain("javascript:alert")
                // The series in words, never its raw key, and no "c=null" for what a run does not state.
                .contains("qwen3-8b on h100-sxm (vllm) · 1024/1024 tokens in/out · concurrency 8")
                .doesNotContain(">qwen3-8b|h100-sxm|").doesNotContain("=null").doesNotContain(">null<");

        String page = mvc.perform(get("/runs/" + run)).andExpect(status().isOk()).andReturn().getResponse()
                .getContentAsString();
        assertThat(page).doesNotContain("<script>alert('ci')</script>").contains("&lt;script&gt;alert(&#39;ci&#39;)")
                .contains("Run #" + run).contains("Output throughput (tokens/s)").contains("-10.0%")
                .contains("href=\"/runs/" + run + "/file\"").contains("chart-run-history")
                .doesNotContain("javascript:alert")
                // Stored before the simulated client was recorded: nothing said of it.
                .doesNotContain("Simulated client");
        jdbc.update("update measured_run set prediction_json = ? where id = ?", "{\"metrics\":{\"output_throughput\":"
                + "1000.0},\"relativeError\":{},\"numPrompts\":80,\"arrivals\":\"closed-loop\"}", run);
        assertThat(mvc.perform(get("/runs/" + run)).andExpect(status().isOk()).andReturn().getResponse()
                .getContentAsString()).contains("Simulated client: 80 requests, a closed loop.");
        jdbc.update("update measured_run set prediction_json = ? where id = ?", "{\"metrics\":{\"output_throughput\":"
                + "1000.0},\"relativeError\":{},\"numPrompts\":200,\"arrivals\":\"evenly-spaced\"}", run);
        assertThat(mvc.perform(get("/runs/" + run)).andExpect(status().isOk()).andReturn().getResponse()
                .getContentAsString()).contains(
                "Simulated client: 200 requests, evenly-spaced arrivals at the stated request rate.");
        jdbc.update("update measured_run set prediction_json = ? where id = ?", "{\"metrics\":{\"output_throughput\":"
                + "1000.0},\"relativeError\":{},\"numPrompts\":300,\"arrivals\":\"poisson, exponential ramp-up 2.0 to"
                + " 32.0 requests/s\"}", run);
        assertThat(mvc.perform(get("/runs/" + run)).andExpect(status().isOk()).andReturn().getResponse()
                .getContentAsString()).contains(
                "Simulated client: 300 requests, poisson arrivals, exponential ramp-up 2.0 to 32.0 requests/s.");
        assertThat(mvc.perform(get("/runs/" + run + "/file")).andExpect(status().isOk()).andReturn().getResponse()
                .getContentType()).startsWith("text/plain");
        mvc.perform(get("/runs/" + (run + 1_000_000))).andExpect(status().isNotFound());

        // A run that could not be predicted carries the reason beside empty maps: both pages still render.
        jdbc.update("update measured_run set prediction_json = ? where id = ?",
                "{\"metrics\":{},\"relativeError\":{},\"reason\":\"unknown model x\"}", run);
        mvc.perform(get("/runs").param("model", "qwen3-8b")).andExpect(status().isOk());
        assertThat(mvc.perform(get("/runs/" + run)).andExpect(status().isOk()).andReturn().getResponse()
                .getContentAsString()).contains("No prediction: unknown model x");
    }

    @Test
    void theOtherPagesRender() throws Exception {
        assertThat(mvc.perform(get("/explain")).andExpect(status().isOk()).andReturn().getResponse()
                .getContentAsString()).contains("explain-form");
        assertThat(mvc.perform(get("/runs").param("model", "none-" + UUID.randomUUID())).andExpect(status().isOk())
                .andReturn().getResponse().getContentAsString()).contains("POST /api/v1/runs");
        assertThat(mvc.perform(get("/prices")).andExpect(status().isOk()).andReturn().getResponse()
                .getContentAsString()).contains("2.23").contains("Log in as admin");
    }

    @Test
    void theAdminPriceFormRefusesANegativePriceWithAMessageAndStoresNothing() throws Exception {
        Integer before = jdbc.queryForObject("select count(*) from price", Integer.class);
        String html = mvc.perform(post("/prices").with(user("admin").roles("ADMIN")).with(csrf())
                        .param("accelerator", "trn2").param("option", "spot").param("region", "us-east-2")
                        .param("currency", "USD").param("usdPerAcceleratorHour", "-1.5")
                        .param("effectiveFrom", "2026-01-01").param("source", "<b>quote</b>"))
                .andExpect(status().isBadRequest()).andReturn().getResponse().getContentAsString();
        assertThat(html).contains("must be greater than zero").contains("&lt;b&gt;quote&lt;/b&gt;");
        assertThat(jdbc.queryForObject("select count(*) from price", Integer.class)).isEqualTo(before);
    }

    @Test
    void theAdminAddsAndClosesAPriceButAnonymousWritesAreRefused() throws Exception {
        String region = "dash-" + UUID.randomUUID().toString().substring(0, 8);
        mvc.perform(post("/prices").with(csrf()).param("accelerator", "trn2").param("usdPerAcceleratorHour", "1"))
                .andExpect(status().is3xxRedirection()).andExpect(redirectedUrl("/login"));
        mvc.perform(post("/prices").with(user("admin").roles("ADMIN")).param("accelerator", "trn2")
                .param("usdPerAcceleratorHour", "1")).andExpect(status().isForbidden());
        mvc.perform(post("/prices").with(user("admin").roles("ADMIN")).with(csrf()).param("accelerator", "trn2")
                .param("option", "spot").param("region", region).param("currency", "USD")
                .param("usdPerAcceleratorHour", "1.10").param("effectiveFrom", "2026-01-01")
                .param("source", "test quote")).andExpect(status().is3xxRedirection());
        Long id = jdbc.queryForObject("select id from price where region = ?", Long.class, region);
        mvc.perform(post("/prices/{id}/close", id).with(user("admin").roles("ADMIN")).with(csrf())
                .param("effectiveTo", "2026-02-01")).andExpect(status().is3xxRedirection());
        assertThat(jdbc.queryForObject("select effective_to from price where id = ?", java.sql.Date.class, id))
                .hasToString("2026-02-01");
    }
}
