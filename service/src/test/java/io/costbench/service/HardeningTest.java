package io.costbench.service;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.quartz.Scheduler;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.mock.env.MockEnvironment;

import io.costbench.service.security.TestTokens;
import io.costbench.service.support.LocalHttp;
import io.costbench.service.sweep.Sweep;
import io.costbench.service.sweep.SweepPoint;
import io.costbench.service.sweep.SweepStore;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The defects of the hardening issue, one test each, against the whole service: each of these failed (ran out of
 * memory, answered 500 or default JSON, stored twice, said UP) before.
 */
@Tag("database")
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class HardeningTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final int LOGIN_FREE_FAILURES = 3;

    @LocalServerPort
    int port;
    @Autowired
    SweepStore sweeps;
    @Autowired
    Scheduler scheduler;
    @Autowired
    JdbcTemplate jdbc;

    private LocalHttp http() {
        return new LocalHttp(port);
    }

    private static void assertProblem(HttpResponse<String> response, int status) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
        assertThat(response.headers().firstValue("Content-Type")).as(response.body())
                .hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
    }

    @Test
    void theIssuesAnonymousPredictionIsRefusedBeforeAnyWork() {
        // 1 input token, 100,000 output tokens, concurrency 7, 2,684 prompts: ran a 1 GB heap out of memory.
        long started = System.nanoTime();
        HttpResponse<String> response = http().postJson("/api/v1/predictions", """
                {"model":"llama-3.1-8b","hardware":"h100-sxm","profile":"vllm","inputTokens":1,
                 "outputTokens":100000,"concurrency":7,"numPrompts":2684}""");
        assertProblem(response, 422);
        assertThat(response.body()).contains("\"field\":\"numPrompts\"").contains("\"field\":\"outputTokens\"")
                .contains("\"field\":\"concurrency\"").containsPattern("at most [0-9,]+ prompts are accepted");
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(10));
    }

    @Test
    void aHeavyBreakEvenIsRefusedAndEmptyListEntriesAre400() {
        HttpResponse<String> heavy = http().get("/api/v1/break-even?model=llama-3.1-8b&inputTokens=65536"
                + "&outputTokens=65536&concurrencies=1024");
        // Refused at once (the scenario limits or the simulation budget), never computed.
        assertThat(heavy.statusCode()).as(heavy.body()).isIn(400, 422);
        assertThat(heavy.headers().firstValue("Content-Type")).hasValueSatisfying(
                type -> assertThat(type).startsWith("application/problem+json"));
        assertThat(heavy.body()).contains("\"field\":\"numPrompts\"");
        HttpResponse<String> commas = http().get("/api/v1/break-even?model=llama-3.1-8b&concurrencies=,,");
        assertProblem(commas, 400);
        assertThat(commas.body()).contains("\"field\":\"concurrencies\"");
        HttpResponse<String> gap = http().get("/api/v1/break-even?model=llama-3.1-8b&interactivities=20,,50");
        assertProblem(gap, 400);
        assertThat(gap.body()).contains("\"field\":\"interactivities\"");
    }

    @Test
    void aSweepPointOverItsBudgetFailsWithItsReasonAndTheSweepGoesOn() throws Exception {
        HttpResponse<String> created = http().postJson("/api/v1/sweeps", """
                {"name":"over budget","models":["llama-3.1-8b"],"targets":[{"hardware":"h100-sxm","profile":"vllm"}],
                 "concurrencies":[4],"workloads":[{"inputTokens":128,"outputTokens":64},
                 {"inputTokens":1,"outputTokens":100000}],"numPrompts":{"perConcurrency":1000,"minimum":10},
                 "seed":1}""", "Authorization", TestTokens.adminBearer());
        assertThat(created.statusCode()).as(created.body()).isEqualTo(202);
        long id = JSON.readTree(created.body()).get("id").asLong();
        long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
        Sweep sweep = sweeps.find(id).orElseThrow();
        while (!sweep.status().finished() && System.nanoTime() < deadline) {
            Thread.sleep(200);
            sweep = sweeps.find(id).orElseThrow();
        }
        assertThat(sweep.status().finished()).as(sweep.toString()).isTrue();
        List<SweepPoint> points = sweeps.points(id, 0, 10);
        assertThat(points).hasSize(2);
        assertThat(points).filteredOn(p -> p.outputTokens() == 64).singleElement()
                .satisfies(p -> assertThat(p.status().name()).isEqualTo("SUCCEEDED"));
        assertThat(points).filteredOn(p -> p.outputTokens() == 100000).singleElement().satisfies(p -> {
            assertThat(p.status().name()).isEqualTo("FAILED");
            assertThat(p.errorMessage()).contains("over the budget").contains("at most");
        });
    }

    @Test
    void healthReadsDownWhenTheSchedulerStopsAndUpAgainAfter() throws Exception {
        assertThat(http().get("/actuator/health").statusCode()).isEqualTo(200);
        assertThat(http().get("/actuator/health/readiness").statusCode()).isEqualTo(200);
        scheduler.standby();
        try {
            HttpResponse<String> down = http().get("/actuator/health");
            assertThat(down.statusCode()).isEqualTo(503);
            assertThat(down.body()).contains("DOWN");
            assertThat(http().get("/actuator/health/readiness").statusCode()).isEqualTo(503);
        } finally {
            scheduler.start();
        }
        assertThat(http().get("/actuator/health").statusCode()).isEqualTo(200);
    }

    @Test
    void eightIdenticalPushesAtOnceStoreOneRun() throws Exception {
        String sha = "ab".repeat(20);
        String hardware = "h100-dup-" + System.nanoTime();
        String body = """
                {"format":"costbench","context":{"model":"Qwen/Qwen3-30B-A3B","hardware":"%s","profile":"vllm",
                 "tensorParallel":1,"precision":"bf16","gitSha":"%s","branch":"main",
                 "ciUrl":"https://ci.example.com/1"},"result":{"metrics":{"output_throughput":100.0,
                 "median_tpot_ms":20.0}}}""".formatted(hardware, sha);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        List<Callable<HttpResponse<String>>> pushes = new ArrayList<>();
        IntStream.range(0, 8).forEach(i -> pushes.add(() -> http().postJson("/api/v1/runs", body,
                "Authorization", TestTokens.adminBearer())));
        List<Integer> statuses = new ArrayList<>();
        for (Future<HttpResponse<String>> future : pool.invokeAll(pushes)) {
            statuses.add(future.get().statusCode());
        }
        pool.shutdown();
        assertThat(statuses).filteredOn(s -> s == 201).hasSize(1);
        assertThat(statuses).filteredOn(s -> s == 409).hasSize(7);
        assertThat(jdbc.queryForObject("select count(*) from measured_run where hardware = ?", Integer.class,
                hardware)).isEqualTo(1);
    }

    @Test
    void badPercentEncodingIs400NamingTheParameter() throws Exception {
        String catalog = rawGet("/api/v1/catalog?model=%ZZ");
        assertThat(catalog).startsWith("HTTP/1.1 400").contains("application/problem+json")
                .contains("\"field\":\"model\"");
        assertThat(rawGet("/api/v1/runs?hardware=h100&model=%ZZ")).startsWith("HTTP/1.1 400")
                .contains("\"field\":\"model\"");
    }

    /** A GET written by hand: java.net.URI refuses a malformed escape before it could be sent. */
    private String rawGet(String pathAndQuery) throws Exception {
        try (java.net.Socket socket = new java.net.Socket("localhost", port)) {
            socket.getOutputStream().write(("GET " + pathAndQuery + " HTTP/1.1\r\nHost: localhost\r\n"
                    + "Connection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void methodMediaTypeFirewallAndChunkedSizeErrorsAreProblemJson() throws Exception {
        assertProblem(http().sendJson("DELETE", "/api/v1/catalog", null, "Authorization", TestTokens.adminBearer()),
                405);
        HttpResponse<String> unsupported = http().send(http().request("/api/v1/predictions")
                .header("Content-Type", "text/plain").POST(HttpRequest.BodyPublishers.ofString("x")).build());
        assertProblem(unsupported, 415);
        // Spring Security's firewall refuses a semicolon in the path.
        assertProblem(http().get("/api/v1/catalog;x=1"), 400);
        // A chunked body (no Content-Length) over the 5 MB limit.
        byte[] big = new byte[6 * 1024 * 1024];
        java.util.Arrays.fill(big, (byte) 'a');
        HttpResponse<String> tooLarge = http().send(http().request("/api/v1/runs")
                .header("Content-Type", "application/json").header("Authorization", TestTokens.adminBearer())
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new java.io.ByteArrayInputStream(big)))
                .build());
        assertProblem(tooLarge, 413);
    }

    @Test
    void pagesCarryContentSecurityAndReferrerPoliciesAndTheSessionCookieIsSameSiteLax() throws Exception {
        HttpResponse<String> page = http().get("/");
        assertThat(page.headers().firstValue("Content-Security-Policy")).hasValueSatisfying(csp ->
                assertThat(csp).contains("script-src 'self';").contains("object-src 'none'"));
        assertThat(page.headers().firstValue("Referrer-Policy")).hasValue("same-origin");
        assertThat(page.body()).doesNotContain("onchange=").doesNotContain("onclick=");
        HttpResponse<String> login = http().get("/login");
        List<String> cookies = login.headers().allValues("Set-Cookie");
        assertThat(cookies).anySatisfy(cookie -> assertThat(cookie).startsWith("JSESSIONID=")
                .contains("SameSite=Lax").contains("HttpOnly"));
    }

    @Test
    void repeatedWrongPasswordsMakeEvenTheRightOneWaitUntilTheDelayHasPassed() throws Exception {
        String user = "admin";
        // Three failures are free; the fourth makes the next attempt wait 1 s, whatever its password.
        for (int i = 0; i < LOGIN_FREE_FAILURES + 1; i++) {
            assertThat(login(user, "wrong-" + i).headers().firstValue("Location")).hasValueSatisfying(
                    location -> assertThat(location).contains("/login?error"));
        }
        HttpResponse<String> right = login(user, "test-admin-password");
        assertThat(right.statusCode()).isEqualTo(429);
        assertThat(right.headers().firstValue("Retry-After")).hasValue("1");
        Thread.sleep(1_200);
        // Once the delay has passed the right password works, and clears the count (other tests log in too).
        HttpResponse<String> later = login(user, "test-admin-password");
        assertThat(later.statusCode()).isEqualTo(302);
        assertThat(later.headers().firstValue("Location")).hasValueSatisfying(
                location -> assertThat(location).doesNotContain("error"));
    }

    private HttpResponse<String> login(String user, String password) {
        // Form login needs the CSRF token of a session: fetch the login page first.
        HttpResponse<String> page = http().get("/login");
        String cookie = page.headers().allValues("Set-Cookie").stream().filter(c -> c.startsWith("JSESSIONID="))
                .map(c -> c.substring(0, c.indexOf(';'))).findFirst().orElse("");
        java.util.regex.Matcher csrf = java.util.regex.Pattern.compile("name=\"_csrf\"[^>]*value=\"([^\"]+)\"")
                .matcher(page.body());
        String token = csrf.find() ? csrf.group(1) : "";
        String form = "username=" + user + "&password=" + password + "&_csrf=" + token;
        return http().send(http().request("/login").header("Content-Type", "application/x-www-form-urlencoded")
                .header("Cookie", cookie).POST(HttpRequest.BodyPublishers.ofString(form)).build());
    }

    @Test
    void theEmbeddedDatabaseGetsAGeneratedPasswordAndAPrivateFolder() throws Exception {
        Path dir = Files.createTempDirectory("costbench-h2");
        String url = "jdbc:h2:file:" + dir + "/costbench";
        // A database from before: sa with the empty password, as AUTO_SERVER exposed it.
        try (Connection connection = DriverManager.getConnection(url, "sa", "")) {
            assertThat(connection.isValid(1)).isTrue();
        }
        MockEnvironment environment = new MockEnvironment().withProperty("spring.datasource.url", url)
                .withProperty("costbench.data-dir", dir.toString());
        new EmbeddedDatabaseSecret().postProcessEnvironment(environment, null);
        String password = environment.getProperty("spring.datasource.password");
        assertThat(password).hasSizeGreaterThanOrEqualTo(32);
        assertThat(Files.getPosixFilePermissions(dir)).containsExactlyInAnyOrder(PosixFilePermission.OWNER_READ,
                PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_EXECUTE);
        assertThat(Files.getPosixFilePermissions(dir.resolve(EmbeddedDatabaseSecret.PASSWORD_FILE)))
                .containsExactlyInAnyOrder(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
        assertThatThrownBy(() -> DriverManager.getConnection(url, "sa", "")).isInstanceOf(SQLException.class);
        try (Connection connection = DriverManager.getConnection(url, "sa", password)) {
            assertThat(connection.isValid(1)).isTrue();
        }
        // The shipped datasource no longer lets other processes in.
        String yaml = new String(HardeningTest.class.getResourceAsStream("/application.yaml").readAllBytes(),
                StandardCharsets.UTF_8);
        assertThat(yaml).doesNotContain("AUTO_SERVER=");
    }

    private static String sample(String name) throws Exception {
        return new String(HardeningTest.class.getResourceAsStream("/samples/" + name).readAllBytes(),
                StandardCharsets.UTF_8);
    }

    private static String envelope(String format, String hardware, String result) {
        return "{\"format\":\"" + format + "\",\"context\":{\"model\":\"llama-3.1-8b\",\"hardware\":\""
                + hardware + "\"},\"result\":" + result + "}";
    }

    @Test
    void numbersReadFromPushedFilesPassTheContextsLimits() throws Exception {
        String hardware = "h100-bounds-" + System.nanoTime();
        String vllm = sample("vllm_bench_serve_result.json")
                .replace("\"max_concurrency\": null", "\"max_concurrency\": 2000000000");
        HttpResponse<String> concurrency = http().postJson("/api/v1/runs", envelope("vllm", hardware, vllm),
                "Authorization", TestTokens.adminBearer());
        assertProblem(concurrency, 422);
        assertThat(concurrency.body()).contains("concurrency 2000000000").contains("1..1000000");
        String guidellm = sample("guidellm_v0.3_benchmarks_stripped.json")
                .replace("prompt_tokens=256", "prompt_tokens=999999999");
        HttpResponse<String> tokens = http().postJson("/api/v1/runs", envelope("guidellm", hardware, guidellm),
                "Authorization", TestTokens.adminBearer());
        assertProblem(tokens, 422);
        assertThat(tokens.body()).contains("inputTokens 999999999");
        assertThat(jdbc.queryForObject("select count(*) from measured_run where hardware = ?", Integer.class,
                hardware)).isZero();
    }

    @Test
    void aMultipartPushWithTwoFilePartsIsRefused() {
        String boundary = "costbench-two-files";
        String part = "--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"r.json\"\r\n"
                + "Content-Type: application/octet-stream\r\n\r\n{\"metrics\":{\"output_throughput\":1.0}}\r\n";
        String body = "--" + boundary + "\r\nContent-Disposition: form-data; name=\"format\"\r\n\r\ncostbench\r\n"
                + "--" + boundary + "\r\nContent-Disposition: form-data; name=\"model\"\r\n\r\nllama-3.1-8b\r\n"
                + "--" + boundary + "\r\nContent-Disposition: form-data; name=\"hardware\"\r\n\r\nh100-two\r\n"
                + part + part + "--" + boundary + "--\r\n";
        HttpResponse<String> response = http().send(http().request("/api/v1/runs")
                .header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .header("Authorization", TestTokens.adminBearer())
                .POST(HttpRequest.BodyPublishers.ofString(body)).build());
        assertProblem(response, 400);
        assertThat(response.body()).contains("\"field\":\"file\"").contains("exactly once");
    }

    @Test
    void pricesTakeDatesFrom2000To2100AndActiveCurrenciesOnly() {
        String far = """
                {"accelerator":"h100-sxm","usdPerAcceleratorHour":2.5,"effectiveFrom":"+999999999-01-01",
                 "source":"https://example.com"}""";
        HttpResponse<String> year = http().postJson("/api/v1/prices", far, "Authorization", TestTokens.adminBearer());
        assertThat(year.statusCode()).as(year.body()).isBetween(400, 422);
        assertThat(year.body()).contains("effectiveFrom");
        for (String code : List.of("XXX", "XTS", "XAU")) {
            HttpResponse<String> currency = http().postJson("/api/v1/prices", """
                    {"accelerator":"h100-sxm","usdPerAcceleratorHour":2.5,"effectiveFrom":"2026-01-01",
                     "currency":"%s","source":"https://example.com"}""".formatted(code), "Authorization",
                    TestTokens.adminBearer());
            assertThat(currency.statusCode()).as(currency.body()).isBetween(400, 422);
            assertThat(currency.body()).contains("currency");
        }
    }
}
