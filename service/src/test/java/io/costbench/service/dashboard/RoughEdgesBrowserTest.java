package io.costbench.service.dashboard;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.TestMethodOrder;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

import io.costbench.service.support.HeadlessChromium;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The pages of issue 18 in headless Chromium, as a new user clicks through them: readable axis titles, the overview's
 * sweep selector, sign-in that returns to the form as typed, the sortable sweep page that fits, explain with the
 * switches that apply, TP controls and time per output token, the model page's cost chart, the branded 404.
 * Screenshots go to target/browser-screenshots/ux-*.png.
 */
@Tag("browser")
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "spring.quartz.scheduler-name=rough-edges-browser-test"})
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RoughEdgesBrowserTest {

    @RegisterExtension
    static final HeadlessChromium chromium = HeadlessChromium.window(1280, 1000);
    /** How long charts get to finish their entry animation before a screenshot. */
    static final Duration SETTLE = Duration.ofMillis(500);

    static long nightlyId;
    static long unpricedId;

    @LocalServerPort
    int port;
    @Autowired
    JdbcTemplate jdbc;

    private static ChromeDriver driver() {
        return chromium.driver();
    }

    @BeforeEach
    void seed() {
        if (nightlyId != 0) {
            return;
        }
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        nightlyId = DashboardSeed.sweep(jdbc, "nightly " + now.toString().substring(0, 10), "NIGHTLY",
                now.minus(1, ChronoUnit.HOURS), DashboardSeed.WRITE_UP_MODELS, DashboardSeed.WRITE_UP_TARGETS,
                DashboardSeed.CONCURRENCIES, DashboardSeed.WORKLOADS, 1.0);
        unpricedId = DashboardSeed.sweep(jdbc, "qwen3-8b on H200 and Trainium2", "MANUAL", now,
                List.of("qwen3-8b"), List.of(DashboardSeed.WRITE_UP_TARGETS.get(1),
                        new DashboardSeed.SeedTarget("h200-sxm", "vllm", 5, 200, 1)),
                DashboardSeed.CONCURRENCIES, List.of(new TokenLengths(1024, 1024), new TokenLengths(8192, 1024)), 1.0);
    }

    @Test
    @Order(1)
    void theOverviewTitlesItsAxesAndSwitchesSweepsFromTheSelector() {
        visit("ux-overview", "/", () -> {
            List<Map<String, Object>> axes = axes();
            assertThat(axes).hasSizeGreaterThanOrEqualTo(3);
            for (Map<String, Object> axis : axes) {
                assertThat(String.valueOf(axis.get("y"))).isEqualTo("USD per 1M output tokens (log scale)");
                assertThat(axis.get("yAt")).isEqualTo("end");
                assertThat(String.valueOf(axis.get("x"))).isEqualTo("concurrency (log scale)");
                // The title is drawn inside the chart: its top-left corner is not cut off by the container.
                assertThat(((Number) axis.get("titleLeft")).doubleValue()).isGreaterThanOrEqualTo(0);
            }
            assertThat(driver().findElement(By.cssSelector(".source")).getText()).contains("default study");
            screenshot("ux-overview-default");
            new Select(driver().findElement(By.id("sweep-selector"))).selectByValue(Long.toString(unpricedId));
            new WebDriverWait(driver(), Duration.ofSeconds(20))
                    .until(d -> d.getCurrentUrl().contains("sweep=" + unpricedId));
            assertThat(driver().findElement(By.cssSelector(".source")).getText())
                    .contains("qwen3-8b on H200 and Trainium2");
            assertThat(driver().findElement(By.cssSelector(".card .error")).getText()).contains("h200-sxm");
            assertNoConsoleErrors("/");
        });
    }

    @Test
    @Order(2)
    void aSweepFormSubmittedSignedOutComesBackAsTypedAfterSignIn() {
        visit("ux-login", "/sweeps", () -> {
            WebElement name = driver().findElement(By.cssSelector("#start-sweep input[name=name]"));
            name.clear();
            name.sendKeys("typed while signed out");
            driver().findElement(By.cssSelector("#start-sweep button[type=submit]")).click();
            new WebDriverWait(driver(), Duration.ofSeconds(20)).until(d -> d.getCurrentUrl().contains("/login"));
            assertThat(driver().findElement(By.cssSelector("link[rel=stylesheet]")).getAttribute("href"))
                    .contains("costbench.css");
            screenshot("ux-login");
            driver().findElement(By.name("username")).sendKeys("admin");
            driver().findElement(By.name("password")).sendKeys("test-admin-password");
            driver().findElement(By.cssSelector("#login-form button[type=submit]")).click();
            new WebDriverWait(driver(), Duration.ofSeconds(20)).until(d -> d.getCurrentUrl().endsWith("/sweeps"));
            assertThat(driver().findElement(By.cssSelector("#start-sweep input[name=name]")).getAttribute("value"))
                    .isEqualTo("typed while signed out");
            assertThat(driver().findElement(By.id("signed-in-as")).getText()).isEqualTo("Signed in as admin");
            assertThat(driver().findElement(By.id("form-restored")).getText()).contains("as you typed it");
            screenshot("ux-sweeps-restored");
        });
    }

    @Test
    @Order(3)
    void theSweepPageSortsByAColumnAndFitsThePage() {
        visit("ux-sweep", "/sweeps/" + unpricedId, () -> {
            driver().findElement(By.linkText("Output tokens/s")).click();
            new WebDriverWait(driver(), Duration.ofSeconds(20))
                    .until(d -> d.getCurrentUrl().contains("sort=throughput") && d.getCurrentUrl().contains("dir=desc"));
            assertThat(driver().findElements(By.cssSelector("#sweep-results tbody tr"))).hasSize(25);
            assertThat(driver().findElement(By.cssSelector("#sweep-results th.sorted")).getText())
                    .startsWith("Output tokens/s");
            Object fits = ((JavascriptExecutor) driver()).executeScript("var t = document.getElementById("
                    + "'sweep-results'); return t.getBoundingClientRect().right <= document.querySelector('.content')"
                    + ".getBoundingClientRect().right + 1;");
            assertThat(fits).as("the results table fits the page").isEqualTo(true);
            assertThat(driver().findElement(By.id("unpriced")).getText()).contains("h200-sxm");
            assertNoConsoleErrors("/sweeps/" + unpricedId);
        });
    }

    @Test
    @Order(4)
    void explainMarksSwitchesThatDoNotApplyAndShowsTimePerOutputToken() {
        visit("ux-explain", "/explain?model=qwen3-30b-a3b&concurrency=8", () -> {
            awaitPerTokenRows(3);
            // Each target says how far its group was from public measurements, or that none covers it.
            assertThat(driver().findElement(By.cssSelector("#per-token thead")).getText())
                    .contains("Error against public measurements");
            List<String> targets = driver().findElements(By.cssSelector("#per-token tbody tr")).stream()
                    .map(WebElement::getText).toList();
            assertThat(targets).anySatisfy(row -> assertThat(row).startsWith("H100")
                    .containsPattern("TPOT [0-9.]+% \\(p90 [0-9.]+%\\), TTFT [0-9.]+%; [0-9]+ runs from [0-9]+ source"));
            assertThat(targets).anySatisfy(row -> assertThat(row).contains("not validated"));
            WebElement gdn = driver().findElement(By.cssSelector("input[name=optimizations][value=gdn-fused-kernel]"));
            assertThat(gdn.isEnabled()).isFalse();
            assertThat(driver().findElement(By.cssSelector("label[data-switch=gdn-fused-kernel]")).getText())
                    .contains("not applicable");
            assertThat(driver().findElement(By.cssSelector("input[name=optimizations][value=selective-expert-decode]"))
                    .isEnabled()).isTrue();
            assertThat(driver().findElement(By.cssSelector("#operators thead")).getText())
                    .contains("Time (ms per step)").contains("HBM traffic").doesNotContain("hbmBytes");
            // Switching to a hybrid model turns the GDN switches on and selective expert decode off.
            new Select(driver().findElement(By.name("model"))).selectByValue("qwen3.5-4b");
            new WebDriverWait(driver(), Duration.ofSeconds(20)).until(d -> d.findElement(By.cssSelector(
                    "input[name=optimizations][value=gdn-fused-kernel]")).isEnabled());
            assertThat(driver().findElement(By.cssSelector("input[name=optimizations][value=selective-expert-decode]"))
                    .isEnabled()).isFalse();
            assertNoConsoleErrors("/explain");
        });
    }

    @Test
    @Order(5)
    void aModelThatDoesNotFitIsOfferedTheSmallestTensorParallelismThatFits() {
        visit("ux-explain-fit", "/explain?model=llama-3.3-70b&tensorParallel=4&concurrency=8", () -> {
            WebElement advice = new WebDriverWait(driver(), Duration.ofSeconds(60))
                    .until(d -> d.findElement(By.id("fit-advice")).isDisplayed() ? d.findElement(By.id("fit-advice"))
                            : null);
            assertThat(advice.getText()).contains("does not fit").contains("smallest tensor parallelism that fits");
            advice.findElement(By.cssSelector("button.use-tp")).click();
            new WebDriverWait(driver(), Duration.ofSeconds(60)).until(d -> !new Select(d.findElement(
                    By.name("tensorParallel"))).getFirstSelectedOption().getAttribute("value").equals("4"));
            assertNoConsoleErrors("/explain");
        });
    }

    @Test
    @Order(6)
    void theModelPageChartsCostAndRunsTheAblationWithTensorParallelControls() {
        visit("ux-model", "/models/qwen3-30b-a3b", () -> {
            new WebDriverWait(driver(), Duration.ofSeconds(60)).until(d -> ((JavascriptExecutor) d).executeScript(
                    "var e = document.getElementById('chart-ablation'); return !!e && !e.hidden"
                            + " && !!echarts.getInstanceByDom(e);"));
            Object costSeries = ((JavascriptExecutor) driver()).executeScript("return echarts.getInstanceByDom("
                    + "document.getElementById('chart-cost')).getOption().series.length;");
            assertThat(((Number) costSeries).intValue()).isEqualTo(3);
            assertThat(driver().findElement(By.id("ablation-not-applicable")).getText())
                    .contains("Gated DeltaNet");
            assertThat(driver().findElements(By.cssSelector("#ablation select[name=tensorParallel]"))).hasSize(1);
            assertNoConsoleErrors("/models/qwen3-30b-a3b");
        });
        visit("ux-models", "/models", () -> assertThat(driver().findElement(By.id("chart-cost-by-model"))
                .findElements(By.tagName("canvas"))).isNotEmpty());
    }

    @Test
    @Order(7)
    void anUnknownPageIsTheSitesOwn404() {
        visit("ux-404", "/no-such-page", () -> {
            assertThat(driver().findElement(By.tagName("h1")).getText()).isEqualTo("This page does not exist");
            assertThat(driver().getPageSource()).doesNotContain("Whitelabel");
        });
    }

    @Test
    @Order(8)
    void thePlanPageAnswersAPreset() {
        visit("ux-plan", "/plan", () -> {
            driver().findElement(By.cssSelector("button[data-preset=chat]")).click();
            driver().findElement(By.id("plan-submit")).click();
            new WebDriverWait(driver(), Duration.ofSeconds(180))
                    .until(d -> d.findElement(By.id("plan-results")).isDisplayed());
            assertThat(driver().findElement(By.id("plan-summary")).getText()).isNotBlank();
            assertNoConsoleErrors("/plan");
        });
    }

    @Test
    @Order(9)
    void theAccuracyPageChartsEveryGroupAgainstTheTargets() {
        visit("ux-accuracy", "/accuracy", () -> {
            int rows = driver().findElements(By.cssSelector("#accuracy-table tbody tr")).size();
            Map<String, Object> chart = new WebDriverWait(driver(), Duration.ofSeconds(20)).until(d -> {
                @SuppressWarnings("unchecked")
                Map<String, Object> found = (Map<String, Object>) ((JavascriptExecutor) d).executeScript(
                        "var c = echarts.getInstanceByDom(document.getElementById('chart-accuracy')); if (!c) return"
                                + " null; var o = c.getOption(); return {groups: o.yAxis[0].data.length,"
                                + " series: o.series.length, x: o.xAxis[0].name,"
                                + " targets: o.series.map(function (s) { return s.markLine.data[0].xAxis; })};");
                return found;
            });
            assertThat(rows).isPositive();
            assertThat(((Number) chart.get("groups")).intValue()).isEqualTo(rows);
            assertThat(((Number) chart.get("series")).intValue()).isEqualTo(2);
            assertThat((String) chart.get("x")).contains("median |predicted - measured| / measured (%)");
            assertThat((List<?>) chart.get("targets")).extracting(t -> ((Number) t).doubleValue())
                    .containsExactly(8.0, 20.0);
            assertNoConsoleErrors("/accuracy");
        });
    }

    @SuppressWarnings("unchecked")
    private List<Map<String, Object>> axes() {
        return new WebDriverWait(driver(), Duration.ofSeconds(30)).until(d -> {
            List<Map<String, Object>> found = (List<Map<String, Object>>) ((JavascriptExecutor) d).executeScript(
                    "return Array.from(document.querySelectorAll('.chart[id^=cost-]')).map(function (e) {"
                            + " var c = echarts.getInstanceByDom(e); if (!c) return null; var o = c.getOption();"
                            + " var grid = c.getModel().getComponent('grid').coordinateSystem.getRect();"
                            + " return {y: o.yAxis[0].name, yAt: o.yAxis[0].nameLocation, x: o.xAxis[0].name,"
                            + " titleLeft: grid.x}; }).filter(function (x) { return x; });");
            return found.isEmpty() ? null : found;
        });
    }

    private void awaitPerTokenRows(int rows) {
        new WebDriverWait(driver(), Duration.ofSeconds(60))
                .until(d -> d.findElements(By.cssSelector("#per-token tbody tr")).size() >= rows);
    }

    private static void assertNoConsoleErrors(String path) {
        // The page answers a refused explain with 422 on purpose; Chromium logs every 4xx fetch as an error.
        assertThat(chromium.consoleErrors(m -> m.contains("the server responded with a status of 422")))
                .as("browser console errors on %s", path).isEmpty();
    }

    private void visit(String name, String path, Runnable checks) {
        chromium.visit(name, "http://localhost:" + port + path, SETTLE, checks);
    }

    private static void screenshot(String name) {
        chromium.screenshot(name, SETTLE);
    }
}
