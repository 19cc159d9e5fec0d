package io.costbench.service.dashboard;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.costbench.service.security.TestTokens;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.TestMethodOrder;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.NoAlertPresentException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.JdbcTemplate;

import io.costbench.service.support.HeadlessChromium;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The dashboards in a real headless Chromium (Debian's chromium + chromedriver; Selenium Manager never runs), against
 * the service on a random port with seeded sweeps. Screenshots of every page visited go to
 * target/browser-screenshots/ (kept on failure as the evidence; also handy for looking at the pages).
 */
@Tag("browser")
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "spring.quartz.scheduler-name=dashboard-browser-test",
        "costbench.sweeps.chunk-size=2"})
@Import(BrowserTestConfig.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DashboardBrowserTest {

    static final String HOSTILE_NAME = "<script>alert('x')</script> nightly";

    @RegisterExtension
    static final HeadlessChromium chromium = HeadlessChromium.window(1280, 1000);
    /** How long charts get to finish their entry animation before a screenshot. */
    static final Duration SETTLE = Duration.ofMillis(400);

    static boolean seeded;
    static long mainSweepId;

    @LocalServerPort
    int port;
    @Autowired
    JdbcTemplate jdbc;

    private static ChromeDriver driver() {
        return chromium.driver();
    }

    @BeforeEach
    void seed() {
        if (seeded) {
            return;
        }
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        for (int night = 6; night >= 1; night--) {
            DashboardSeed.sweep(jdbc, "nightly -" + night + "d", "NIGHTLY", now.minus(night, ChronoUnit.DAYS),
                    DashboardSeed.WRITE_UP_MODELS, DashboardSeed.WRITE_UP_TARGETS, List.of(8, 32, 128),
                    List.of(new TokenLengths(1024, 1024)), night > 3 ? 1.0 : 1.2);
        }
        mainSweepId = DashboardSeed.sweep(jdbc, HOSTILE_NAME, "NIGHTLY", now, DashboardSeed.WRITE_UP_MODELS,
                DashboardSeed.WRITE_UP_TARGETS, DashboardSeed.CONCURRENCIES, DashboardSeed.WORKLOADS, 1.25);
        seeded = true;
    }

    @Test
    @Order(1)
    void everyPageLoadsWithoutConsoleErrorsAndEveryChartRendersSeries() {
        record Page(String name, String path, int minCharts) {
        }
        List<Page> pages = List.of(
                new Page("overview", "/", 3),
                new Page("overview-1k-8k", "/?workload=1024x8192", 3),
                new Page("models", "/models", 0),
                new Page("model", "/models/qwen3-30b-a3b", 5),
                new Page("explain", "/explain?model=qwen3-30b-a3b", 1),
                new Page("runs", "/runs", 0),
                new Page("prices", "/prices", 0),
                new Page("trends", "/trends?model=qwen3-30b-a3b&target=trn2%7Cvllm-neuron-optimized%7C"
                        + "&workload=1024x1024&concurrency=32", 2));
        for (Page page : pages) {
            visit(page.name(), page.path(), () -> {
                List<Map<String, Object>> charts = awaitCharts(page.minCharts());
                for (Map<String, Object> chart : charts) {
                    assertThat(chart.get("canvas")).as("canvas in %s on %s", chart.get("id"), page.path())
                            .isEqualTo(true);
                    assertThat(((Number) chart.get("series")).intValue()).as("series of %s", chart.get("id"))
                            .isPositive();
                    assertThat(((Number) chart.get("points")).intValue()).as("data of %s", chart.get("id"))
                            .isPositive();
                }
                assertThat(charts).as("charts on %s", page.path()).hasSizeGreaterThanOrEqualTo(page.minCharts());
                assertNoConsoleErrors(page.path());
            });
        }
        // The same overview on a phone-sized window.
        driver().manage().window().setSize(new Dimension(390, 844));
        try {
            visit("overview-phone", "/", () -> assertThat(awaitCharts(3)).isNotEmpty());
        } finally {
            driver().manage().window().setSize(new Dimension(1280, 1000));
        }
    }

    @Test
    @Order(2)
    void aScriptTagInASweepNameIsShownAsText() {
        visit("overview-escaping", "/", () -> {
            WebElement link = driver().findElement(By.cssSelector(".source a"));
            assertThat(link.getText()).isEqualTo(HOSTILE_NAME);
            assertThatThrownBy(() -> driver().switchTo().alert()).isInstanceOf(NoAlertPresentException.class);
            assertNoConsoleErrors("/");
        });
    }

    @Test
    @Order(3)
    void theExplainChartChangesWhenASwitchIsToggled() {
        visit("explain-toggle", "/explain?model=qwen3-30b-a3b", () -> {
            // Predictions are wired in: the page that calls them must be there, not skipped.
            assertThat(driver().findElements(By.id("explain-status"))).as("#explain-status on /explain").hasSize(1);
            awaitCharts(1);
            String before = explainOption();
            driver().findElement(By.cssSelector("input[name=optimizations]:not([disabled])")).click();
            new WebDriverWait(driver(), Duration.ofSeconds(20)).until(d -> !explainOption().equals(before));
            String after = explainOption();
            assertThat(after).contains("1 switch(es)");
            assertThat(driver().findElements(By.cssSelector("#operators tbody tr"))).isNotEmpty();
            assertNoConsoleErrors("/explain");
        });
    }

    @Test
    @Order(4)
    void theAdminPriceFormRejectsANegativePriceWithAMessage() {
        Integer before = jdbc.queryForObject("select count(*) from price", Integer.class);
        visit("prices-negative", "/login", () -> {
            driver().findElement(By.name("username")).sendKeys("admin");
            driver().findElement(By.name("password")).sendKeys("test-admin-password");
            driver().findElement(By.cssSelector("button[type=submit], input[type=submit]")).click();
            // Navigate only once signed in: the sign-in answer redirects away from /login.
            new WebDriverWait(driver(), Duration.ofSeconds(20)).until(d -> !d.getCurrentUrl().contains("/login"));
            driver().get(url("/prices"));
            WebElement form = driver().findElement(By.id("add-price"));
            form.findElement(By.name("usdPerAcceleratorHour")).sendKeys("-2.5");
            form.findElement(By.name("source")).sendKeys("browser test");
            form.findElement(By.cssSelector("button[type=submit]")).click();
            WebElement error = new WebDriverWait(driver(), Duration.ofSeconds(10))
                    .until(d -> d.findElement(By.id("price-error")));
            assertThat(error.getText()).contains("greater than zero");
        });
        assertThat(jdbc.queryForObject("select count(*) from price", Integer.class)).isEqualTo(before);
    }

    @Test
    @Order(5)
    void theSweepProgressBarAdvancesTo100Percent() throws Exception {
        String body = """
                {"name":"browser small","models":["alpha-7b"],
                 "targets":[{"hardware":"h100-sxm","profile":"vllm"}],
                 "concurrencies":[1,2,3,4,6,8,12,16,32,64,128,256],"workloads":[{"inputTokens":128,"outputTokens":64}],
                 "seed":1}""";
        HttpResponse<String> created = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url(
                "/api/v1/sweeps"))).header("Content-Type", "application/json")
                .header("Authorization", TestTokens.adminBearer())
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(created.statusCode()).isEqualTo(202);
        String location = created.headers().firstValue("Location").orElseThrow();
        String id = location.substring(location.lastIndexOf('/') + 1);
        HttpResponse<String> page = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url(
                "/sweeps/" + id))).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertThat(page.statusCode()).as("GET /sweeps/%s", id).isEqualTo(200);
        visit("sweep-progress", "/sweeps/" + id, () -> {
            List<Integer> seen = new ArrayList<>();
            new WebDriverWait(driver(), Duration.ofSeconds(60)).pollingEvery(Duration.ofMillis(200)).until(d -> {
                Object width = ((JavascriptExecutor) d).executeScript(
                        "var b = document.getElementById('sweep-bar'); return b ? b.style.width : null;");
                if (width != null && width.toString().endsWith("%")) {
                    int percent = (int) Math.round(Double.parseDouble(width.toString().replace("%", "")));
                    if (seen.isEmpty() || seen.get(seen.size() - 1) != percent) {
                        seen.add(percent);
                    }
                    return percent == 100;
                }
                return false;
            });
            assertThat(seen).as("progress seen").last().isEqualTo(100);
            assertThat(seen.get(0)).as("progress when the page opened, of %s", seen).isLessThan(100);
            assertThat(seen).as("progress seen").isSorted();
            new WebDriverWait(driver(), Duration.ofSeconds(20))
                    .until(d -> d.findElement(By.id("sweep-status")).getText().equals("SUCCEEDED"));
            assertNoConsoleErrors("/sweeps/" + id);
        });
    }

    private String explainOption() {
        return String.valueOf(((JavascriptExecutor) driver()).executeScript(
                "var c = echarts.getInstanceByDom(document.getElementById('chart-explain'));"
                        + " if (!c) return ''; var o = c.getOption();"
                        + " return JSON.stringify({x: o.xAxis[0].data, s: o.series.map(function (s) { return s.data; })});"));
    }

    /** The rendered charts of the page once at least {@code min} have series. */
    @SuppressWarnings("unchecked")
    private List<Map<String, Object>> awaitCharts(int min) {
        String script = "return Array.from(document.querySelectorAll('.chart')).filter(function (e) {"
                + " return !e.hidden && e.offsetParent !== null; }).map(function (e) {"
                + " var c = window.echarts ? echarts.getInstanceByDom(e) : null; var s = c ? c.getOption().series : [];"
                + " return {id: e.id, canvas: !!e.querySelector('canvas'), series: s.length,"
                + " points: s.reduce(function (n, x) { return n + (x.data ? x.data.length : 0); }, 0)}; });";
        if (min == 0) {
            return (List<Map<String, Object>>) ((JavascriptExecutor) driver()).executeScript(script);
        }
        return new WebDriverWait(driver(), Duration.ofSeconds(30)).until(d -> {
            List<Map<String, Object>> charts = (List<Map<String, Object>>) ((JavascriptExecutor) d)
                    .executeScript(script);
            long drawn = charts.stream().filter(c -> ((Number) c.get("series")).intValue() > 0).count();
            return drawn >= min ? charts : null;
        });
    }

    private static void assertNoConsoleErrors(String path) {
        assertThat(chromium.consoleErrors(m -> false)).as("browser console errors on %s", path).isEmpty();
    }

    private void visit(String name, String path, Runnable checks) {
        chromium.visit(name, "http://localhost:" + port + path, SETTLE, checks);
    }

    private static void screenshot(String name) {
        chromium.screenshot(name, SETTLE);
    }

    private String url(String path) {
        return "http://localhost:" + port + path;
    }
}
