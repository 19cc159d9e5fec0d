package io.costbench.service.pricing;

import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import io.costbench.pricing.PriceOverlapException;
import io.costbench.service.security.ApiTokens;
import io.costbench.service.security.Scope;
import io.costbench.service.security.TestTokens;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/** The price API end to end over HTTP, behind the API security: writes need a token with the admin scope. */
@Tag("database")
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class PriceApiTest {

    private final HttpClient http = HttpClient.newHttpClient();
    private final JsonMapper json = JsonMapper.builder().build();
    private final String region = "api-" + UUID.randomUUID().toString().substring(0, 12);

    @LocalServerPort
    int port;

    @Autowired
    DataSource dataSource;

    @Autowired
    PriceBook priceBook;

    @Autowired
    ApiTokens apiTokens;

    @Test
    void addListLookUpAndCloseAPrice() throws Exception {
        HttpResponse<String> created = post("/api/v1/prices", body("trn2", "1.95", "2026-02-01", null));
        assertThat(created.statusCode()).isEqualTo(201);
        JsonNode price = json.readTree(created.body());
        long id = price.get("id").asLong();
        assertThat(created.headers().firstValue("Location")).contains("/api/v1/prices/" + id);
        assertThat(price.get("usdPerAcceleratorHour").decimalValue()).isEqualByComparingTo("1.95");
        assertThat(price.get("option").asString()).isEqualTo("reserved-1yr");
        assertThat(price.get("currency").asString()).isEqualTo("USD");
        assertThat(price.get("effectiveFrom").asString()).isEqualTo("2026-02-01");
        assertThat(price.get("effectiveTo").isNull()).isTrue();

        JsonNode listed = json.readTree(get("/api/v1/prices?region=" + region + "&accelerator=trn2").body());
        assertThat(listed).hasSize(1);
        assertThat(listed.get(0).get("id").asLong()).isEqualTo(id);
        assertThat(json.readTree(get("/api/v1/prices?region=" + region + "&date=2026-01-31").body())).isEmpty();

        HttpResponse<String> inForce = get("/api/v1/prices/in-force?accelerator=trn2&option=reserved-1yr&region="
                + region + "&date=2026-02-01");
        assertThat(inForce.statusCode()).isEqualTo(200);
        assertThat(json.readTree(inForce.body()).get("id").asLong()).isEqualTo(id);
        HttpResponse<String> tooEarly = get("/api/v1/prices/in-force?accelerator=trn2&option=reserved-1yr&region="
                + region + "&date=2026-01-31");
        assertThat(tooEarly.statusCode()).isEqualTo(404);
        assertThat(tooEarly.headers().firstValue("Content-Type")).hasValueSatisfying(
                type -> assertThat(type).startsWith("application/problem+json"));

        HttpResponse<String> closed = post("/api/v1/prices/" + id + "/close", "{\"effectiveTo\":\"2026-08-01\"}");
        assertThat(closed.statusCode()).isEqualTo(200);
        assertThat(json.readTree(closed.body()).get("effectiveTo").asString()).isEqualTo("2026-08-01");
        assertThat(post("/api/v1/prices", body("trn2", "1.80", "2026-08-01", null)).statusCode()).isEqualTo(201);
        assertThat(rows()).isEqualTo(2);
    }

    @Test
    void theSeededPricesAreListedWithTheirSource() throws Exception {
        JsonNode seeded = json.readTree(get("/api/v1/prices?option=on-demand&region=any&date=2026-06-01").body());
        assertThat(seeded.findValuesAsString("accelerator")).contains("trn2", "h100-sxm").doesNotContain("h200-sxm");
        for (JsonNode price : seeded) {
            if (price.get("accelerator").asString().equals("trn2")) {
                assertThat(price.get("usdPerAcceleratorHour").decimalValue()).isEqualByComparingTo("2.23");
                assertThat(price.get("source").asString()).contains("$2.23/hr");
            }
        }
    }

    @Test
    void anOverlappingPriceIs409AndNothingIsStored() throws Exception {
        HttpResponse<String> first = post("/api/v1/prices", body("h100-sxm", "4.00", "2026-01-01", null));
        long firstId = json.readTree(first.body()).get("id").asLong();

        HttpResponse<String> clash = post("/api/v1/prices", body("h100-sxm", "3.50", "2026-05-01", "2026-07-01"));
        assertThat(clash.statusCode()).isEqualTo(409);
        assertThat(clash.headers().firstValue("Content-Type")).hasValueSatisfying(
                type -> assertThat(type).startsWith("application/problem+json"));
        assertThat(json.readTree(clash.body()).get("conflictingPriceId").asLong()).isEqualTo(firstId);
        assertThat(rows()).isEqualTo(1);
    }

    @Test
    void badInputIs4xxProblemJsonAndNothingIsStored() throws Exception {
        String[] bad = {
                body("trn2", "0", "2026-01-01", null),
                body("trn2", "-1.5", "2026-01-01", null),
                body("a100", "1.5", "2026-01-01", null),
                body("trn2", "1.5", "2026-03-01", "2026-02-01"),
                body("trn2", "1.5", "2026-01-01", null).replace("\"USD\"", "\"ABC\""),
        };
        for (String request : bad) {
            HttpResponse<String> response = post("/api/v1/prices", request);
            assertThat(response.statusCode()).as(request).isEqualTo(400);
            assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(
                    type -> assertThat(type).startsWith("application/problem+json"));
            assertThat(json.readTree(response.body()).get("detail").asString()).isNotBlank();
        }
        assertThat(rows()).isZero();
        assertThat(post("/api/v1/prices/999999999/close", "{\"effectiveTo\":\"2026-08-01\"}").statusCode())
                .isEqualTo(404);
    }

    @Test
    void writesNeedTheAdminScopeAndStoreNothingWithout() throws Exception {
        String valid = body("trn2", "1.5", "2026-01-01", null);
        HttpResponse<String> anonymous = post("/api/v1/prices", valid, null);
        assertThat(anonymous.statusCode()).isEqualTo(401);
        String sweepsOnly = TestTokens.issue(apiTokens, Scope.SWEEPS_WRITE, Scope.RUNS_WRITE);
        HttpResponse<String> notAdmin = post("/api/v1/prices", valid, TestTokens.bearer(sweepsOnly));
        assertThat(notAdmin.statusCode()).isEqualTo(403);
        assertThat(notAdmin.headers().firstValue("Content-Type")).hasValueSatisfying(
                type -> assertThat(type).startsWith("application/problem+json"));
        assertThat(notAdmin.body()).contains("admin");
        assertThat(post("/api/v1/prices/1/close", "{\"effectiveTo\":\"2027-01-01\"}", TestTokens.bearer(sweepsOnly))
                .statusCode()).isEqualTo(403);
        assertThat(rows()).isZero();
        assertThat(get("/api/v1/prices?region=" + region).statusCode()).isEqualTo(200);
    }

    @Test
    void concurrentOverlappingAddsStoreExactlyOnePrice() throws Exception {
        int writers = 4;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        try {
            List<Future<Boolean>> results = new ArrayList<>();
            for (int i = 0; i < writers; i++) {
                String perHour = "1." + (i + 1);
                results.add(pool.submit(() -> {
                    start.await();
                    try {
                        priceBook.add(new NewPriceRequest("trn2", "spot", region, "USD", new BigDecimal(perHour),
                                LocalDate.parse("2026-01-01"), null, "race", null).toPrice());
                        return true;
                    } catch (PriceOverlapException e) {
                        return false;
                    }
                }));
            }
            start.countDown();
            int stored = 0;
            for (Future<Boolean> result : results) {
                stored += result.get(60, TimeUnit.SECONDS) ? 1 : 0;
            }
            assertThat(stored).isEqualTo(1);
            assertThat(rows()).isEqualTo(1);
        } finally {
            pool.shutdownNow();
        }
    }

    private String body(String accelerator, String perHour, String from, String to) {
        return """
                {"accelerator":"%s","option":"reserved-1yr","region":"%s","currency":"USD",
                 "usdPerAcceleratorHour":%s,"effectiveFrom":"%s","effectiveTo":%s,
                 "source":"https://example.test/price-sheet","note":"test"}"""
                .formatted(accelerator, region, perHour, from, to == null ? "null" : "\"" + to + "\"");
    }

    private long rows() {
        return new JdbcTemplate(dataSource).queryForObject("select count(*) from price where region = ?", Long.class,
                region);
    }

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> post(String path, String body) throws Exception {
        return post(path, body, TestTokens.adminBearer());
    }

    private HttpResponse<String> post(String path, String body, String authorization) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + path));
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        return http.send(request.header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
