package io.costbench.service.plan;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import io.costbench.service.support.HeadlessChromium;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The /plan page in headless Chromium against the real planner: a preset fills the form, Plan computes, the answer,
 * table and both charts appear, and the URL (inputs) and the stored plan's link reproduce the same answer. Screenshots
 * go to target/browser-screenshots/plan-*.png.
 */
@Tag("browser")
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = "spring.quartz.scheduler-name=plan-browser-test")
class PlanBrowserTest {

    @RegisterExtension
    static final HeadlessChromium chromium = HeadlessChromium.window(1400, 1000);
    /** How long charts get to finish their entry animation before a screenshot. */
    static final Duration SETTLE = Duration.ofMillis(400);

    @LocalServerPort
    int port;

    private static ChromeDriver driver() {
        return chromium.driver();
    }

    @Test
    void aPresetPlansAndItsUrlAndRecordReproduceTheAnswer() {
        driver().get("http://localhost:" + port + "/plan");
        assertThat(driver().findElement(By.id("plan-results")).isDisplayed()).isFalse();
        driver().findElement(By.cssSelector("[data-preset=long]")).click();
        assertThat(driver().findElement(By.name("inputTokens")).getDomProperty("value")).isEqualTo("8192");
        driver().findElement(By.cssSelector("[data-preset=chat]")).click();
        assertThat(driver().findElement(By.name("inputTokens")).getDomProperty("value")).isEqualTo("1024");
        assertThat(driver().findElement(By.name("ttftP90")).getDomProperty("value")).isEqualTo("2000");
        WebElement demand = driver().findElement(By.name("demand"));
        demand.clear();
        demand.sendKeys("20");
        // Open loop is the default traffic model; burstier than Poisson arrivals here.
        assertThat(driver().findElement(By.name("arrivals")).getDomProperty("value")).isEqualTo("poisson");
        driver().findElement(By.name("burstiness")).sendKeys("0.5");
        driver().findElement(By.id("plan-submit")).click();
        // Progress shows while the plan computes (the first plan after start takes seconds).
        assertThat(driver().findElement(By.id("plan-status")).getText()).contains("Computing the plan");
        String summary = awaitResults();
        assertThat(summary).startsWith("Cheapest meeting p90 TTFT <= 2000 ms, interactivity >= 30");
        String url = driver().getCurrentUrl();
        assertThat(url).contains("model=qwen3.5-4b").contains("inputTokens=1024").contains("ttftP90=2000")
                .contains("minInteractivity=30").contains("demand=20").contains("arrivals=poisson")
                .contains("burstiness=0.5");
        assertThat(driver().findElement(By.id("plan-meta")).getText()).contains("poisson arrivals (burstiness 0.5)");
        List<WebElement> rows = driver().findElements(By.cssSelector("#plan-table tbody tr"));
        assertThat(rows).hasSizeGreaterThan(3);
        assertThat(rows.get(0).getText()).contains("meets-slo").containsPattern("[0-9.]+ req/s");
        // Each candidate says how far its group was from public measurements, once the bands have arrived.
        List<String> validated = new WebDriverWait(driver(), Duration.ofSeconds(30)).until(d -> {
            List<String> cells = d.findElements(By.cssSelector("#plan-table tbody tr td:nth-child(12)")).stream()
                    .map(WebElement::getText).toList();
            return cells.stream().allMatch(String::isEmpty) ? null : cells;
        });
        assertThat(validated).anySatisfy(cell -> assertThat(cell).matches("TPOT [0-9.]+% / TTFT [0-9.]+% \\([0-9]+ runs\\)"))
                .anySatisfy(cell -> assertThat(cell).isEqualTo("not validated"));
        assertThat(seriesCount("chart-plan-monthly")).isEqualTo(1);
        assertThat(seriesCount("chart-plan-frontier")).isGreaterThan(1);
        assertThat(markLineAt("chart-plan-frontier")).isEqualTo(30.0);
        screenshot("plan-computed");

        // The shared URL computes the same plan again.
        driver().get("about:blank");
        driver().get(url);
        assertThat(awaitResults()).isEqualTo(summary);
        assertThat(driver().findElement(By.name("demand")).getDomProperty("value")).isEqualTo("20");
        screenshot("plan-shared-url");

        // The stored record's page link shows it without recomputing.
        String record = driver().findElement(By.id("plan-link")).getDomAttribute("href");
        long id = Long.parseLong(record.substring(record.lastIndexOf('/') + 1));
        driver().get("http://localhost:" + port + "/plan?id=" + id);
        assertThat(awaitResults()).isEqualTo(summary);
        assertThat(driver().findElement(By.name("ttftP90")).getDomProperty("value")).isEqualTo("2000");
        assertThat(driver().findElement(By.name("arrivals")).getDomProperty("value")).isEqualTo("poisson");
        assertThat(driver().findElement(By.name("burstiness")).getDomProperty("value")).isEqualTo("0.5");
        screenshot("plan-stored");
        // A closed loop has no burstiness.
        new org.openqa.selenium.support.ui.Select(driver().findElement(By.name("arrivals")))
                .selectByValue("closed-loop");
        assertThat(driver().findElement(By.name("burstiness")).isEnabled()).isFalse();
        assertNoConsoleErrors();
    }

    private String awaitResults() {
        return new WebDriverWait(driver(), Duration.ofSeconds(180)).pollingEvery(Duration.ofMillis(200)).until(d -> {
            WebElement results = d.findElement(By.id("plan-results"));
            String text = d.findElement(By.id("plan-summary")).getText();
            return results.isDisplayed() && !text.isBlank() ? text : null;
        });
    }

    private long seriesCount(String id) {
        return ((Number) ((JavascriptExecutor) driver()).executeScript("var c = echarts.getInstanceByDom("
                + "document.getElementById(arguments[0])); return c ? c.getOption().series.length : 0;", id))
                .longValue();
    }

    private Double markLineAt(String id) {
        Object x = ((JavascriptExecutor) driver()).executeScript("var s = echarts.getInstanceByDom("
                + "document.getElementById(arguments[0])).getOption().series[0];"
                + " return s.markLine ? s.markLine.data[0].xAxis : null;", id);
        return x == null ? null : ((Number) x).doubleValue();
    }

    private static void assertNoConsoleErrors() {
        assertThat(chromium.consoleErrors(m -> false)).as("browser console errors").isEmpty();
    }

    private static void screenshot(String name) {
        chromium.screenshot(name, SETTLE);
    }
}
