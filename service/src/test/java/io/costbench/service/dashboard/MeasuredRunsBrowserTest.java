package io.costbench.service.dashboard;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.costbench.service.security.TestTokens;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.json.JsonMapper;

import io.costbench.service.support.HeadlessChromium;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Measured runs in a real headless Chromium: three runs pushed through the API appear as points on the right
 * predicted cost curve of the overview (and the model page), link to their run page, and hide with the toggle; the
 * runs list and the run page show them in words with their cost. Chromium missing fails in CI, skips loudly elsewhere.
 */
@Tag("browser")
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class MeasuredRunsBrowserTest {

    static final JsonMapper JSON = JsonMapper.builder().build();

    @RegisterExtension
    static final HeadlessChromium chromium = HeadlessChromium.window(1280, 1000);
    /** How long charts get to finish their entry animation before a screenshot. */
    static final Duration SETTLE = Duration.ofMillis(1500);

    @LocalServerPort
    int port;
    @Autowired
    JdbcTemplate jdbc;

    private static ChromeDriver driver() {
        return chromium.driver();
    }

    @Test
    void threePushedRunsAppearOnTheirCurvesLinkToTheirPagesAndHide() throws Exception {
        long sweepId = DashboardSeed.sweep(jdbc, "measured overlay", "NIGHTLY", Instant.now().truncatedTo(
                ChronoUnit.SECONDS), DashboardSeed.WRITE_UP_MODELS, DashboardSeed.WRITE_UP_TARGETS,
                DashboardSeed.CONCURRENCIES, DashboardSeed.WORKLOADS, 1.0);
        // Lengths a little off the workload's 1024/1024 (within the 10 % tolerance), as CI files report them.
        long trnAt8 = push("trn2", "vllm-neuron-optimized", 4, 1000, 1050, 8, 410.0);
        // Pushed under the model's Hugging Face id and a hardware alias: drawn on the same curve.
        long trnAt32 = push("Qwen/Qwen3.5-4B", "Trainium2", "vllm-neuron-optimized", 4, 1000, 1050, 32, 1250.0);
        long h100At8 = push("h100-sxm", "vllm", 1, 1024, 1024, 8, 700.0);
        // 8k/1k is another workload: never on the 1k/1k chart.
        long otherWorkload = push("trn2", "vllm-neuron-optimized", 4, 8192, 1024, 16, 500.0);

        driver().get(url("/?workload=1024x1024&sweep=" + sweepId));
        String chartId = awaitMeasuredChart("qwen3.5-4b");
        Map<String, Map<String, Object>> series = series(chartId);
        screenshot("measured-overview");

        double trnPrice = price("trn2");
        double h100Price = price("h100-sxm");
        assertPoints(series.get("measured · Trainium2 optimized"), Map.of(trnAt8, new double[] {8, usd(1, trnPrice,
                410.0)}, trnAt32, new double[] {32, usd(1, trnPrice, 1250.0)}));
        assertPoints(series.get("measured · H100 vllm"), Map.of(h100At8, new double[] {8, usd(1, h100Price, 700.0)}));
        assertThat(series).doesNotContainKey("measured · Trainium2 baseline");
        assertThat(String.valueOf(series)).doesNotContain("/runs/" + otherWorkload + "\"", "/runs/" + otherWorkload + ",");
        // Each point takes its curve's colour.
        assertThat(series.get("measured · Trainium2 optimized").get("color"))
                .isEqualTo(series.get("Trainium2 optimized").get("color")).isNotNull();
        assertThat(series.get("measured · H100 vllm").get("color")).isEqualTo(series.get("H100 vllm").get("color"));
        assertNoConsoleErrors("/");

        // The toggle hides the measured points and brings them back.
        driver().findElement(By.id("show-measured")).click();
        assertThat(selected(chartId, "measured · Trainium2 optimized")).isFalse();
        assertThat(selected(chartId, "Trainium2 optimized")).isTrue();
        screenshot("measured-overview-hidden");
        driver().findElement(By.id("show-measured")).click();
        assertThat(selected(chartId, "measured · Trainium2 optimized")).isTrue();

        // Clicking a point opens its run (the point at 32, which no other point overlaps).
        clickPoint(chartId, "measured · Trainium2 optimized", 32, usd(1, trnPrice, 1250.0));
        new WebDriverWait(driver(), Duration.ofSeconds(10)).withMessage(() -> "at " + driver().getCurrentUrl())
                .until(d -> d.getCurrentUrl().endsWith("/runs/" + trnAt32));
        driver().get(url("/runs/" + h100At8));
        runPageShowsTheRun(h100At8, usd(1, h100Price, 700.0));

        // The model page draws the same runs on its cost curves.
        driver().get(url("/models/qwen3.5-4b?workload=1024x1024"));
        new WebDriverWait(driver(), Duration.ofSeconds(30)).until(d -> series("chart-cost")
                .containsKey("measured · Trainium2 optimized"));
        assertThat(series("chart-cost").get("measured · Trainium2 optimized").get("points")).isEqualTo(2L);
        screenshot("measured-model");
        assertNoConsoleErrors("/models/qwen3.5-4b");
    }

    /** The run page: context, measured vs predicted, cost beside the prediction, history, verdict, the raw file. */
    private void runPageShowsTheRun(long id, double usd) throws Exception {
        new WebDriverWait(driver(), Duration.ofSeconds(30)).until(d -> ((Number) ((JavascriptExecutor) d).executeScript(
                "var c = echarts.getInstanceByDom(document.getElementById('chart-run-history'));"
                        + " return c ? c.getOption().series.length : 0;")).intValue() > 0);
        assertThat(driver().findElement(By.id("run-series")).getText())
                .isEqualTo("qwen3.5-4b on h100-sxm (vllm) · TP 1 · 1024/1024 tokens in/out · concurrency 8");
        assertThat(driver().findElement(By.cssSelector("#run-cost .measured-cost")).getText())
                .isEqualTo(String.format("$%.4f", usd));
        assertThat(driver().findElement(By.cssSelector("#run-cost .predicted-cost")).getText()).startsWith("$");
        assertThat(driver().findElement(By.id("run-metrics")).getText()).contains("Output throughput (tokens/s)");
        assertThat(driver().findElement(By.id("run-simulated-client")).getText())
                .isEqualTo("Simulated client: 80 requests, a closed loop.");
        assertThat(driver().findElement(By.id("run-verdict")).getText()).contains("insufficient-data");
        screenshot("measured-run-page");
        assertNoConsoleErrors("/runs/" + id);
        String file = driver().findElement(By.id("run-file")).getAttribute("href");
        HttpResponse<String> raw = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(file)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(raw.statusCode()).isEqualTo(200);
        assertThat(raw.headers().firstValue("Content-Type")).hasValueSatisfying(v -> assertThat(v)
                .startsWith("text/plain"));
        assertThat(raw.body()).isEqualTo("{\"metrics\":{\"output_throughput\":700.0,\"median_tpot_ms\":9.0}}");

        // The list: human series headings, no "c=null", runs linking to their pages, cost beside the prediction.
        driver().get(url("/runs?model=qwen3.5-4b"));
        List<String> headings = driver().findElements(By.cssSelector("h2.series-label")).stream()
                .map(WebElement::getText).toList();
        assertThat(headings).isNotEmpty().allSatisfy(h -> assertThat(h).doesNotContain("|").contains(" on "));
        assertThat(driver().findElement(By.tagName("main")).getText()).doesNotContain("null");
        assertThat(driver().findElement(By.cssSelector("a.run-link[href$='/runs/" + id + "']")).getText())
                .isEqualTo("#" + id);
        assertThat(driver().findElements(By.cssSelector("td.measured-cost")).stream().map(WebElement::getText))
                .contains(String.format("$%.3f", usd));
        screenshot("measured-runs-list");
        assertNoConsoleErrors("/runs");
    }

    private long push(String hardware, String profile, int tp, int in, int out, int concurrency, double throughput)
            throws Exception {
        return push("qwen3.5-4b", hardware, profile, tp, in, out, concurrency, throughput);
    }

    private long push(String model, String hardware, String profile, int tp, int in, int out, int concurrency,
            double throughput) throws Exception {
        String body = "{\"format\":\"costbench\",\"context\":{\"model\":\"" + model + "\",\"hardware\":\"" + hardware
                + "\",\"profile\":\"" + profile + "\",\"tensorParallel\":" + tp + ",\"inputTokens\":" + in
                + ",\"outputTokens\":" + out + ",\"concurrency\":" + concurrency + ",\"branch\":\"main\",\"gitSha\":\""
                + UUID.randomUUID().toString().replace("-", "") + "\",\"ciUrl\":\"https://ci.example.com/"
                + UUID.randomUUID() + "\"},\"result\":{\"metrics\":{\"output_throughput\":" + throughput
                + ",\"median_tpot_ms\":9.0}}}";
        HttpResponse<String> created = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url(
                        "/api/v1/runs"))).header("Content-Type", "application/json")
                .header("Authorization", TestTokens.adminBearer())
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        return JSON.readTree(created.body()).get("id").asLong();
    }

    private double price(String accelerator) throws Exception {
        HttpResponse<String> price = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url(
                "/api/v1/prices/in-force?accelerator=" + accelerator))).build(), HttpResponse.BodyHandlers.ofString());
        return JSON.readTree(price.body()).get("usdPerAcceleratorHour").asDouble();
    }

    private static double usd(int accelerators, double usdPerHour, double outputTokensPerSecond) {
        return accelerators * usdPerHour / (outputTokensPerSecond * 3600) * 1_000_000;
    }

    @SuppressWarnings("unchecked")
    private static void assertPoints(Map<String, Object> series, Map<Long, double[]> expected) {
        assertThat(series).as("measured series").isNotNull();
        List<List<Object>> data = (List<List<Object>>) series.get("data");
        assertThat(data).hasSize(expected.size());
        for (List<Object> point : data) {
            long run = Long.parseLong(String.valueOf(point.get(3)).replace("/runs/", ""));
            double[] want = expected.get(run);
            assertThat(want).as("run %s expected on this curve", run).isNotNull();
            assertThat(((Number) point.get(0)).doubleValue()).isEqualTo(want[0]);
            assertThat(((Number) point.get(1)).doubleValue()).isCloseTo(want[1], within(1e-4));
        }
    }

    /** The id of the chart in the overview panel of {@code modelId}, once its measured series are drawn. */
    private String awaitMeasuredChart(String modelId) {
        return new WebDriverWait(driver(), Duration.ofSeconds(30)).until(d -> (String) ((JavascriptExecutor) d)
                .executeScript("var a = document.querySelector(\"article h2 a[href*='/models/" + modelId + "?']\");"
                        + " var el = a && a.closest('article').querySelector('[data-measured-series]');"
                        + " return el ? el.id : null;"));
    }

    /** The chart's series by name: colour, data and point count. */
    @SuppressWarnings("unchecked")
    private Map<String, Map<String, Object>> series(String chartId) {
        Object result = ((JavascriptExecutor) driver()).executeScript(
                "var c = echarts.getInstanceByDom(document.getElementById(arguments[0])); var out = {};"
                        + " if (!c) return out;"
                        + " c.getOption().series.forEach(function (s) { out[s.name] = {color: s.color || null,"
                        + " data: s.data, points: s.data.length}; }); return out;", chartId);
        return (Map<String, Map<String, Object>>) result;
    }

    private boolean selected(String chartId, String name) {
        return (Boolean) ((JavascriptExecutor) driver()).executeScript(
                "var s = echarts.getInstanceByDom(document.getElementById(arguments[0])).getOption().legend[0].selected;"
                        + " return s[arguments[1]] !== false;", chartId, name);
    }

    /** Clicks the pixel where the point is drawn, as a user would. */
    @SuppressWarnings("unchecked")
    private void clickPoint(String chartId, String seriesName, double x, double y) {
        WebElement chart = driver().findElement(By.id(chartId));
        ((JavascriptExecutor) driver()).executeScript("arguments[0].scrollIntoView({block: 'center'});", chart);
        List<Number> pixel = (List<Number>) ((JavascriptExecutor) driver()).executeScript(
                "return echarts.getInstanceByDom(document.getElementById(arguments[0]))"
                        + ".convertToPixel({seriesName: arguments[1]}, [arguments[2], arguments[3]]);",
                chartId, seriesName, x, y);
        Dimension size = chart.getSize();
        new Actions(driver()).moveToElement(chart, (int) Math.round(pixel.get(0).doubleValue() - size.getWidth() / 2.0),
                (int) Math.round(pixel.get(1).doubleValue() - size.getHeight() / 2.0)).click().perform();
    }

    private static void assertNoConsoleErrors(String path) {
        assertThat(chromium.consoleErrors(m -> false)).as("browser console errors on %s", path).isEmpty();
    }

    private static void screenshot(String name) {
        chromium.screenshot(name, SETTLE);
    }

    private String url(String path) {
        return "http://localhost:" + port + path;
    }
}
