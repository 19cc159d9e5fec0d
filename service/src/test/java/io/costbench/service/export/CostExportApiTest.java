package io.costbench.service.export;

import java.io.IOException;
import java.io.StringReader;
import java.math.BigDecimal;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import io.costbench.pricing.Accelerator;
import io.costbench.pricing.CostMath;
import io.costbench.pricing.Price;
import io.costbench.pricing.PriceKey;
import io.costbench.pricing.PurchaseOption;
import io.costbench.service.export.ExportTestData.Point;
import io.costbench.service.pricing.PriceBook;
import io.costbench.service.pricing.PriceFilter;
import io.costbench.service.support.LocalHttp;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/**
 * The CSV exports end to end over HTTP on a real database: parsed back with Commons CSV and compared with the stored
 * rows. The PostgreSQL schema is shared by the whole run, so every test filters by its own sweep or model.
 */
@Tag("database")
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = "costbench.pricing.default-region=" + CostExportApiTest.REGION)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(OutputCaptureExtension.class)
class CostExportApiTest {

    /** Costs are looked up in this region (falling back to the seeded 'any' prices), so our custom prices are ours. */
    static final String REGION = "export-test";
    static final OffsetDateTime MARCH = OffsetDateTime.parse("2026-03-01T10:15:30.250Z");
    static final OffsetDateTime JULY = OffsetDateTime.parse("2026-07-02T23:59:59Z");
    static final String INJECTED_NAME = "=HYPERLINK(\"http://evil.example\",\"click\")";

    @LocalServerPort
    int port;
    @Autowired
    JdbcClient jdbc;
    @Autowired
    JdbcTemplate jdbcTemplate;
    @Autowired
    PriceBook priceBook;
    @Autowired
    DataSource dataSource;

    LocalHttp http;
    ExportTestData data;
    long sweepId;
    String model;
    List<Point> points;

    @BeforeAll
    void storeSweep() {
        http = new LocalHttp(port);
        data = new ExportTestData(jdbc, jdbcTemplate);
        model = "export-model-" + UUID.randomUUID().toString().substring(0, 8);
        points = List.of(
                new Point(0, model, "trn2", "vllm-neuron-optimized", "+cmd|' /C calc'!A0", 4, "bf16", 1024, 1024, 8,
                        "SUCCEEDED", 1, 812.3456789012345, 1624.691357802469, 123.456, 9.87654321, MARCH),
                new Point(1, model, "h100-sxm", "@SUM(1+1)*cmd", "-1+1", 1, "fp8", 8192, 1024, 64, "SUCCEEDED", 1,
                        1.0E-5, 3.5E7, 0.001, 1.0E9, JULY),
                new Point(2, model, "trn2", "\tvllm", "", 8, "bf16", 1024, 8192, 256, "SUCCEEDED", 2, 12345678.9,
                        12345679.9, 1.0, 4.0, JULY),
                new Point(3, model, "trn2", "vllm-neuron-baseline", "none", null, null, 8192, 1024, 256, "SKIPPED",
                        null, null, null, null, null, MARCH));
        sweepId = data.sweep(INJECTED_NAME, points.size());
        points.forEach(p -> data.point(sweepId, p));
        // Custom trn2 prices in our region: 1.50 until June, 1.20 from June on. None for H100.
        if (priceBook.list(new PriceFilter(Accelerator.TRN2, PurchaseOption.CUSTOM, REGION, null)).isEmpty()) {
            priceBook.add(price("1.50", LocalDate.parse("2026-01-01"), LocalDate.parse("2026-06-01")));
            priceBook.add(price("1.20", LocalDate.parse("2026-06-01"), null));
        }
    }

    @Test
    void sweepResultsParseBackToTheStoredRowsInOrder() {
        HttpResponse<String> response = http.get("/api/v1/sweeps/" + sweepId + "/results.csv");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(type -> assertThat(type)
                .startsWith("text/csv").containsIgnoringCase("charset=UTF-8"));
        assertThat(response.headers().firstValue("Content-Disposition")).hasValueSatisfying(value -> assertThat(value)
                .matches("attachment; filename=\"costbench-sweep-" + sweepId
                        + "-results-\\d{4}-\\d{2}-\\d{2}T\\d{4}Z\\.csv\""));
        String body = response.body();
        assertThat(body).startsWith(String.join(",", CostColumns.HEADER) + "\r\n");
        assertThat(body.replace("\r\n", "")).doesNotContain("\n").doesNotContain("null").doesNotContain("NaN")
                .doesNotContain("E-").doesNotContain("E+");

        List<CSVRecord> rows = parse(body);
        assertThat(rows).hasSize(points.size());
        for (int i = 0; i < points.size(); i++) {
            CSVRecord row = rows.get(i);
            Point p = points.get(i);
            assertThat(row.get("run_at_utc")).isEqualTo(p.completedAt().toInstant().toString());
            assertThat(row.get("sweep_id")).isEqualTo(Long.toString(sweepId));
            assertThat(row.get("point_index")).isEqualTo(Integer.toString(p.index()));
            assertThat(row.get("status")).isEqualTo(p.status());
            assertThat(row.get("model")).isEqualTo(model);
            assertThat(row.get("hardware")).isEqualTo(p.hardware());
            assertThat(row.get("tensor_parallel")).isEqualTo(p.tensorParallel() == null ? "" : "" + p.tensorParallel());
            assertThat(row.get("chips")).isEqualTo(p.chips() == null ? "" : "" + p.chips());
            assertThat(row.get("precision")).isEqualTo(p.precision() == null ? "" : p.precision());
            assertThat(row.get("input_tokens")).isEqualTo("" + p.inputTokens());
            assertThat(row.get("output_tokens")).isEqualTo("" + p.outputTokens());
            assertThat(row.get("concurrency")).isEqualTo("" + p.concurrency());
            assertNumber(row.get("output_tokens_per_s"), p.outputThroughput());
            assertNumber(row.get("median_ttft_ms"), p.ttftMs());
            assertNumber(row.get("median_tpot_ms"), p.tpotMs());
            assertNumber(row.get("output_tokens_per_s_per_chip"),
                    p.chips() == null ? null : p.outputThroughput() / p.chips());
            assertNumber(row.get("output_tokens_per_s_per_user"), p.tpotMs() == null ? null : 1000.0 / p.tpotMs());
            assertThat(row.get("price_basis")).isEqualTo("at-run");
        }
        // On-demand at run date: the seeded write-up prices (region fallback to 'any').
        assertCost(rows.get(0), points.get(0), "2.23", "trn2");
        assertCost(rows.get(1), points.get(1), "5.19", "h100-sxm");
        assertCost(rows.get(2), points.get(2), "2.23", "trn2");
        assertThat(rows.get(3).get("usd_per_million_output_tokens")).isEmpty();
        assertThat(rows.get(3).get("price_usd_per_accelerator_hour")).isEqualTo("2.23");
        // Exact text of numbers: shortest round-trip digits, no exponent, no trailing .0.
        assertThat(rows.get(1).get("output_tokens_per_s")).isEqualTo("0.00001");
        assertThat(rows.get(1).get("median_tpot_ms")).isEqualTo("1000000000");
        assertThat(rows.get(2).get("output_tokens_per_s")).isEqualTo("12345678.9");
        assertThat(rows.get(2).get("median_ttft_ms")).isEqualTo("1");
    }

    @Test
    void textCellsThatCouldRunAsFormulasAreNeutralizedAndNumbersStayNumbers() {
        List<CSVRecord> rows = parse(http.get("/api/v1/sweeps/" + sweepId + "/results.csv").body());

        assertThat(rows.get(0).get("sweep_name")).isEqualTo("'" + INJECTED_NAME);
        assertThat(rows.get(0).get("optimizations")).isEqualTo("'+cmd|' /C calc'!A0");
        assertThat(rows.get(1).get("profile")).isEqualTo("'@SUM(1+1)*cmd");
        assertThat(rows.get(1).get("optimizations")).isEqualTo("'-1+1");
        assertThat(rows.get(2).get("profile")).isEqualTo("'\tvllm");
        assertThat(rows.get(2).get("optimizations")).isEmpty();
        assertThat(rows.get(0).get("profile")).isEqualTo("vllm-neuron-optimized");
        for (CSVRecord row : rows) {
            for (String column : List.of("sweep_id", "output_tokens_per_s", "usd_per_million_output_tokens")) {
                assertThat(row.get(column)).doesNotStartWith("'");
            }
        }
    }

    @Test
    void pricesAtRunDateOrTodayForTheChosenOption() {
        String base = "/api/v1/export/costs.csv?sweep=" + sweepId + "&hardware=trn2&priceOption=custom";
        List<CSVRecord> atRun = parse(http.get(base + "&priceMode=at-run").body());
        List<CSVRecord> current = parse(http.get(base + "&priceMode=current").body());

        assertThat(atRun).extracting(r -> r.get("point_index")).containsExactly("0", "2", "3");
        // Point 0 ran in March (1.50), point 2 in July (1.20); today every trn2 point is at 1.20.
        assertCost(atRun.get(0), points.get(0), "1.5", "trn2");
        assertCost(atRun.get(1), points.get(2), "1.2", "trn2");
        assertThat(atRun.get(0).get("price_effective_from")).isEqualTo("2026-01-01");
        assertThat(atRun.get(1).get("price_effective_from")).isEqualTo("2026-06-01");
        assertThat(atRun.get(0).get("price_option")).isEqualTo("custom");
        assertThat(current).extracting(r -> r.get("price_basis")).containsOnly("current");
        assertCost(current.get(0), points.get(0), "1.2", "trn2");
        assertCost(current.get(1), points.get(2), "1.2", "trn2");

        // No custom H100 price: the cost cells are empty, not zero.
        CSVRecord h100 = parse(http.get("/api/v1/export/costs.csv?sweep=" + sweepId
                + "&hardware=h100-sxm&priceOption=custom").body()).get(0);
        assertThat(h100.get("price_id")).isEmpty();
        assertThat(h100.get("usd_per_million_output_tokens")).isEmpty();
        assertThat(h100.get("output_tokens_per_s")).isEqualTo("0.00001");
    }

    @Test
    void filtersSelectWhatTheySay() {
        assertThat(indexes("sweep=" + sweepId)).containsExactly("0", "1", "2", "3");
        assertThat(indexes("model=" + model)).containsExactly("0", "1", "2", "3");
        assertThat(indexes("model=" + model + "&hardware=h100-sxm")).containsExactly("1");
        assertThat(indexes("sweep=" + sweepId + "&profile=vllm-neuron-baseline")).containsExactly("3");
        assertThat(indexes("model=" + model + "&from=2026-07-02")).containsExactly("1", "2");
        assertThat(indexes("model=" + model + "&to=2026-03-01")).containsExactly("0", "3");
        assertThat(indexes("model=" + model + "&from=2026-03-02&to=2026-07-01")).isEmpty();
        assertThat(indexes("model=" + model + "&from=2026-03-01&to=2026-07-02")).hasSize(4);
    }

    @Test
    void fileNameSaysWhatAndWhen() {
        HttpResponse<String> response = http.get("/api/v1/export/costs.csv?sweep=" + sweepId
                + "&priceMode=current");
        assertThat(response.headers().firstValue("Content-Disposition")).hasValueSatisfying(value -> assertThat(value)
                .matches("attachment; filename=\"costbench-costs-sweep-" + sweepId
                        + "-current-on-demand-\\d{4}-\\d{2}-\\d{2}T\\d{4}Z\\.csv\""));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "sweep=999999999|sweep",
            "sweep=abc|sweep",
            "sweep=-3|sweep",
            "from=2026-13-01|from",
            "to=yesterday|to",
            "from=2026-05-02&to=2026-05-01|to",
            "priceMode=yesterday|priceMode",
            "priceOption=bogus|priceOption",
            "model=no-such-model-anywhere|model",
            "hardware=tpu-v9|hardware",
            "profile=no-such-profile|profile",
            "model=%3DHYPERLINK(1)|model"})
    void unknownFilterValuesAreA400ProblemNamingTheParameter(String query, String field) {
        HttpResponse<String> response = http.get("/api/v1/export/costs.csv?" + query);

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        assertThat(response.body()).contains("\"field\":\"" + field + "\"");
    }

    @Test
    void unknownSweepResultsAre404AndBadPriceModeIs400() {
        HttpResponse<String> missing = http.get("/api/v1/sweeps/999999999/results.csv");
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(missing.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        assertThat(http.get("/api/v1/sweeps/" + sweepId + "/results.csv?priceMode=later").statusCode())
                .isEqualTo(400);
    }

    @Test
    void aClientThatGoesAwayStopsTheExportAndReleasesTheConnection(CapturedOutput output) throws Exception {
        String bulkModel = "export-bulk-" + UUID.randomUUID().toString().substring(0, 8);
        long bulkSweep = data.sweep("bulk", 50_000);
        data.bulkPoints(bulkSweep, bulkModel, 50_000);

        Socket socket = ExportTestData.stalledDownload(port, "/api/v1/export/costs.csv?sweep=" + bulkSweep);
        socket.close(); // after 4 KB of ~12 MB

        await(() -> output.getAll().contains("stopped: the client went away"), "the export noticed the client left");
        HikariDataSource hikari = (HikariDataSource) dataSource;
        // Quartz's cluster check-in borrows a connection now and then: wait for the pool to drain, not for a moment.
        await(() -> hikari.getHikariPoolMXBean().getActiveConnections() == 0, "every connection back in the pool");
        if (isPostgres()) {
            assertThat(jdbc.sql("select count(*) from pg_stat_activity where pid <> pg_backend_pid() "
                    + "and query like '%from sweep_point p where p.sweep_id%'"
                    + " and state <> 'idle'").query(Long.class).single()).isZero();
        }
        // And the export still works afterwards, fully.
        // Every trn2 point (the even indexes) once and in order, across pages of KeysetPages.PAGE_ROWS.
        assertThat(indexes("sweep=" + bulkSweep + "&hardware=trn2&from=2026-03-01&to=2026-03-01"))
                .containsExactlyElementsOf(java.util.stream.IntStream.range(0, 25_000)
                        .mapToObj(i -> Integer.toString(2 * i)).toList());
    }

    @Test
    void onH2aPageIsReadInIndexOrderWithoutSortingTheRestOfTheSweep() {
        assumeFalse(isPostgres(), "H2's plan; PostgreSQL picks its plan from statistics");
        List<Object> params = new ArrayList<>(List.of(sweepId));
        String query = CostExport.pageQuery(CostFilter.parse(null, null, "trn2", null, null, null, null, null), params);
        params.add(-1);
        String plan = jdbc.sql("explain " + query + " fetch first 5000 rows only").params(params)
                .query(String.class).single();
        assertThat(plan).contains("SWEEP_POINT_ORDER").contains("/* index sorted */");
    }

    private boolean isPostgres() {
        return jdbc.sql("select 1").query(Integer.class).single() == 1
                && jdbcTemplate.execute((org.springframework.jdbc.core.ConnectionCallback<Boolean>) c ->
                        "PostgreSQL".equalsIgnoreCase(c.getMetaData().getDatabaseProductName()));
    }

    private static void await(java.util.function.BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting until " + what);
            }
            Thread.sleep(50);
        }
    }

    private List<String> indexes(String query) {
        HttpResponse<String> response = http.get("/api/v1/export/costs.csv?" + query);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return parse(response.body()).stream().map(r -> r.get("point_index")).toList();
    }

    static List<CSVRecord> parse(String body) {
        try {
            return CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).get()
                    .parse(new StringReader(body)).getRecords();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Numbers read back as exactly the stored double; missing values are empty. */
    private static void assertNumber(String cell, Double expected) {
        if (expected == null) {
            assertThat(cell).isEmpty();
        } else {
            assertThat(Double.parseDouble(cell)).isEqualTo(expected);
        }
    }

    private static void assertCost(CSVRecord row, Point p, String usdPerHour, String accelerator) {
        assertThat(row.get("price_usd_per_accelerator_hour")).isEqualTo(usdPerHour);
        assertThat(row.get("price_currency")).isEqualTo("USD");
        assertThat(row.get("price_id")).matches("\\d+");
        double perHour = p.chips() * new BigDecimal(usdPerHour).doubleValue();
        Price price = new Price(1L, new PriceKey(Accelerator.fromId(accelerator).orElseThrow(),
                PurchaseOption.ON_DEMAND, "any"), Price.USD, new BigDecimal(usdPerHour), LocalDate.of(2000, 1, 1), null, "t",
                null);
        var cost = CostMath.cost(price, p.chips(), p.outputThroughput(), p.totalThroughput());
        assertThat(Double.parseDouble(row.get("usd_per_million_output_tokens")))
                .isEqualTo(cost.usdPerMillionOutputTokens())
                .isEqualTo(perHour / (p.outputThroughput() * 3600) * 1e6);
        assertThat(Double.parseDouble(row.get("usd_per_million_total_tokens")))
                .isEqualTo(cost.usdPerMillionTotalTokens());
    }

    private static Price price(String amount, LocalDate from, LocalDate to) {
        return new Price(null, new PriceKey(Accelerator.TRN2, PurchaseOption.CUSTOM, REGION), Price.USD,
                new BigDecimal(amount), from, to, "export test", null);
    }
}
