package io.costbench.service.support;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.logging.Level;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;

/**
 * Debian's Chromium driven through {@code /usr/bin/chromedriver}, headless, with a throw-away profile and the flags
 * this closed network needs (no background networking). Missing Chromium fails the test under {@code CI=true} and
 * skips it loudly elsewhere ({@link Prerequisites}). A browser test registers one per class, started before its first
 * test and closed after its last: {@code @RegisterExtension static final HeadlessChromium chromium =
 * HeadlessChromium.window(1280, 1000);}.
 */
public final class HeadlessChromium implements BeforeAllCallback, AfterAllCallback {

    public static final String CHROMIUM = "/usr/bin/chromium";
    public static final String CHROMEDRIVER = "/usr/bin/chromedriver";
    /** Where browser tests save their screenshots. */
    public static final Path SCREENSHOTS = Path.of("target", "browser-screenshots");

    /** The tallest full-page screenshot, so a runaway page cannot make a gigantic PNG. */
    private static final int MAX_SCREENSHOT_HEIGHT_PX = 6000;

    private final int widthPx;
    private final int heightPx;
    private ChromeDriverService service;
    private ChromeDriver driver;
    private Path profileDir;

    private HeadlessChromium(int widthPx, int heightPx) {
        this.widthPx = widthPx;
        this.heightPx = heightPx;
    }

    /** A browser whose window is {@code widthPx} x {@code heightPx}, keeping the console log. */
    public static HeadlessChromium window(int widthPx, int heightPx) {
        return new HeadlessChromium(widthPx, heightPx);
    }

    /** Chromium and chromedriver: a failure in CI, a loud skip elsewhere. */
    public static void require() {
        Prerequisites.require(Files.isExecutable(Path.of(CHROMIUM)) && Files.isExecutable(Path.of(CHROMEDRIVER)),
                CHROMIUM + " and " + CHROMEDRIVER + " for the browser tests (apt-get install chromium"
                        + " chromium-driver)");
    }

    @Override
    public void beforeAll(ExtensionContext context) throws IOException {
        require();
        profileDir = Files.createTempDirectory("costbench-chromium-");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM);
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
                "--window-size=" + widthPx + "," + heightPx, "--user-data-dir=" + profileDir.toAbsolutePath());
        options.setCapability("goog:loggingPrefs", Map.of(LogType.BROWSER, "ALL"));
        service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File(CHROMEDRIVER)).usingAnyFreePort().build();
        driver = new ChromeDriver(service, options);
        driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(60)).scriptTimeout(Duration.ofSeconds(30));
        Files.createDirectories(SCREENSHOTS);
    }

    @Override
    public void afterAll(ExtensionContext context) throws IOException {
        if (driver != null) {
            driver.quit();
        }
        if (service != null) {
            service.stop();
        }
        if (profileDir != null) {
            try (var paths = Files.walk(profileDir)) {
                paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    public ChromeDriver driver() {
        return driver;
    }

    /** Empties the console log, so what {@link #consoleErrors} returns next belongs to the pages opened after. */
    public void drainConsole() {
        driver.manage().logs().get(LogType.BROWSER);
    }

    /** The console's SEVERE messages since the last read, except those {@code expected} accepts. */
    public List<String> consoleErrors(Predicate<String> expected) {
        return driver.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(entry -> entry.getLevel().intValue() >= Level.SEVERE.intValue())
                .map(LogEntry::getMessage).filter(expected.negate()).toList();
    }

    /**
     * The whole page as {@code name}.png: the window grows to the page's height (bounded) for the shot, waits
     * {@code settle} for charts' entry animations, then returns to its size. A shot that cannot be taken is reported
     * on stderr, never failing the test it documents.
     */
    public void screenshot(String name, Duration settle) {
        Dimension size = driver.manage().window().getSize();
        try {
            long height = ((Number) ((JavascriptExecutor) driver)
                    .executeScript("return document.documentElement.scrollHeight;")).longValue();
            driver.manage().window().setSize(new Dimension(size.getWidth(),
                    (int) Math.min(MAX_SCREENSHOT_HEIGHT_PX, height + 140)));
            Thread.sleep(settle.toMillis());
            Path shot = ((TakesScreenshot) driver).getScreenshotAs(OutputType.FILE).toPath();
            Files.copy(shot, SCREENSHOTS.resolve(name + ".png"), StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException | RuntimeException e) {
            System.err.println("screenshot " + name + " not saved: " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            driver.manage().window().setSize(size);
        }
    }

    /** Opens {@code url} with a fresh console, runs {@code checks}, and keeps a screenshot ({@code FAILED-name} on failure). */
    public void visit(String name, String url, Duration settle, Runnable checks) {
        drainConsole();
        driver.get(url);
        try {
            checks.run();
            screenshot(name, settle);
        } catch (RuntimeException | AssertionError e) {
            screenshot("FAILED-" + name, settle);
            throw e;
        }
    }
}
