package io.costbench.service.support;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.Map;

import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogType;

/**
 * Debian's Chromium driven through {@code /usr/bin/chromedriver}, headless, with a throw-away profile and the flags
 * this closed network needs (no background networking). Missing Chromium fails the test under {@code CI=true} and
 * skips it loudly elsewhere ({@link Prerequisites}).
 */
public final class HeadlessChromium implements AutoCloseable {

    public static final String CHROMIUM = "/usr/bin/chromium";
    public static final String CHROMEDRIVER = "/usr/bin/chromedriver";
    /** Where browser tests save their screenshots. */
    public static final Path SCREENSHOTS = Path.of("target", "browser-screenshots");

    private final ChromeDriverService service;
    private final ChromeDriver driver;
    private final Path profileDir;

    private HeadlessChromium(ChromeDriverService service, ChromeDriver driver, Path profileDir) {
        this.service = service;
        this.driver = driver;
        this.profileDir = profileDir;
    }

    /** Chromium and chromedriver: a failure in CI, a loud skip elsewhere. */
    public static void require() {
        Prerequisites.require(Files.isExecutable(Path.of(CHROMIUM)) && Files.isExecutable(Path.of(CHROMEDRIVER)),
                CHROMIUM + " and " + CHROMEDRIVER + " for the browser tests (apt-get install chromium"
                        + " chromium-driver)");
    }

    /** Starts a browser whose window is {@code widthPx} x {@code heightPx}, keeping the console log. */
    public static HeadlessChromium start(int widthPx, int heightPx) {
        require();
        try {
            Path profileDir = Files.createTempDirectory("costbench-chromium-");
            ChromeOptions options = new ChromeOptions();
            options.setBinary(CHROMIUM);
            options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
                    "--window-size=" + widthPx + "," + heightPx, "--user-data-dir=" + profileDir.toAbsolutePath());
            options.setCapability("goog:loggingPrefs", Map.of(LogType.BROWSER, "ALL"));
            ChromeDriverService service = new ChromeDriverService.Builder()
                    .usingDriverExecutable(new File(CHROMEDRIVER)).usingAnyFreePort().build();
            ChromeDriver driver = new ChromeDriver(service, options);
            driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(60)).scriptTimeout(Duration.ofSeconds(30));
            Files.createDirectories(SCREENSHOTS);
            return new HeadlessChromium(service, driver, profileDir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public ChromeDriver driver() {
        return driver;
    }

    @Override
    public void close() throws IOException {
        driver.quit();
        service.stop();
        try (var paths = Files.walk(profileDir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
