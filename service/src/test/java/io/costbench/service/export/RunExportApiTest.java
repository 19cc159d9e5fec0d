package io.costbench.service.export;

import java.net.http.HttpResponse;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.costbench.service.security.TestTokens;
import io.costbench.service.support.LocalHttp;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;

import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/** runs.csv over HTTP: runs pushed through the CI API and runs stored with a prediction, parsed back. */
@Tag("database")
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RunExportApiTest {

    static final JsonMapper JSON = JsonMapper.builder().build();

    @LocalServerPort
    int port;
    @Autowired
    JdbcClient jdbc;

    LocalHttp http;
    String hardware;
    long predictedRunId;

    @BeforeAll
    void storeRuns() {
        http = new LocalHttp(port);
        hardware = "h100-export-" + UUID.randomUUID().toString().substring(0, 8);
        // Pushed like a CI job would: the costbench format, two commits on a branch.
        for (int i = 0; i < 2; i++) {
            String body = "{\"format\":\"costbench\",\"context\":{\"model\":\"Qwen/Qwen3-30B-A3B\",\"hardware\":\""
                    + hardware + "\",\"profile\":\"vllm\",\"tensorParallel\":1,\"precision\":\"bf16\","
                    + "\"inputTokens\":1024,\"outputTokens\":1024,\"concurrency\":8,\"engine\":\"vllm\","
                    + "\"engineVersion\":\"0.11.0\",\"gitSha\":\"" + UUID.randomUUID().toString().replace("-", "") + "0000000" + i
                    + "\",\"branch\":\"main\",\"ciUrl\":\"https://ci.example.com/" + UUID.randomUUID() + "\"},"
                    + "\"result\":{\"metrics\":{\"output_throughput\":" + (1234.5 + i)
                    + ",\"median_tpot_ms\":6.25,\"median_ttft_ms\":88.125,\"p99_itl_ms\":1.0E-4}}}";
            HttpResponse<String> pushed = http.postJson("/api/v1/runs", body, "Authorization",
                    TestTokens.adminBearer());
            assertThat(pushed.statusCode()).as(pushed.body()).isEqualTo(201);
        }
        predictedRunId = storeRunWithPrediction();
    }

    @Test
    void runsParseBackWithContextMetricsAndPredictionError() {
        HttpResponse<String> response = http.get("/api/v1/export/runs.csv?hardware=" + hardware);

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Disposition")).hasValueSatisfying(v -> assertThat(v)
                .matches("attachment; filename=\"costbench-runs-\\d{4}-\\d{2}-\\d{2}T\\d{4}Z\\.csv\""));
        assertThat(response.body()).startsWith(String.join(",", RunColumns.HEADER) + "\r\n");
        List<CSVRecord> rows = CostExportApiTest.parse(response.body());
        List<Map<String, Object>> stored = jdbc.sql("select id, metrics_json, branch, git_sha, created_at "
                + "from measured_run where hardware = ? order by id").param(hardware).query().listOfRows();

        assertThat(rows).hasSize(stored.size()).hasSize(3);
        for (int i = 0; i < rows.size(); i++) {
            CSVRecord row = rows.get(i);
            Map<String, Object> run = stored.get(i);
            assertThat(row.get("run_id")).isEqualTo(run.get("id").toString());
            assertThat(row.get("hardware")).isEqualTo(hardware);
            assertThat(row.get("git_sha")).isEqualTo(run.get("git_sha"));
            Map<?, ?> metrics = JSON.readValue((String) run.get("metrics_json"), Map.class);
            for (String[] metric : RunColumns.METRICS) {
                Object value = metrics.get(metric[1]);
                if (value == null) {
                    assertThat(row.get(metric[0])).as(metric[0]).isEmpty();
                } else {
                    assertThat(Double.parseDouble(row.get(metric[0]))).as(metric[0])
                            .isEqualTo(((Number) value).doubleValue());
                }
            }
        }
        assertThat(rows.get(0).get("output_tokens_per_s")).isEqualTo("1234.5");
        assertThat(rows.get(0).get("median_ttft_ms")).isEqualTo("88.125");
        assertThat(rows.get(0).get("p99_itl_ms")).isEqualTo("0.0001");
        assertThat(rows.get(0).get("mean_ttft_ms")).isEmpty();
        assertThat(rows.get(0).get("branch")).isEqualTo("main");
        assertThat(rows.get(0).get("concurrency")).isEqualTo("8");
        assertThat(rows.get(0).get("ramp_up")).isEmpty();
        assertThat(rows.get(0).get("range_ratio")).isEmpty();
        assertThat(rows.get(0).get("length_distribution")).isEmpty();
        assertThat(rows.get(0).get("regression_verdict")).isNotEmpty();

        CSVRecord predicted = rows.get(2);
        assertThat(predicted.get("run_id")).isEqualTo(Long.toString(predictedRunId));
        assertThat(predicted.get("pushed_at_utc")).isEqualTo("2026-05-04T03:02:01Z");
        assertThat(predicted.get("predicted_output_tokens_per_s")).isEqualTo("1000");
        assertThat(predicted.get("relative_error_output_tokens_per_s")).isEqualTo("0.1");
        assertThat(predicted.get("relative_error_median_tpot_ms")).isEqualTo("-0.05");
        assertThat(predicted.get("predicted_median_ttft_ms")).isEmpty();
        assertThat(predicted.get("ramp_up")).isEqualTo("linear ramp-up 1.0 to 16.0 requests/s");
        assertThat(predicted.get("range_ratio")).isEqualTo("0.5");
        assertThat(predicted.get("length_distribution")).isEqualTo("prompts 1024 ± 64 (normal, clipped to 704-1344),"
                + " outputs 1024");
        // Text cells a spreadsheet could execute arrive neutralized.
        assertThat(predicted.get("branch")).isEqualTo("'=HYPERLINK(\"http://evil.example\",\"x\")");
        assertThat(predicted.get("engine_version")).isEqualTo("'@SUM(1+1)");
        assertThat(predicted.get("source_label")).isEqualTo("'+cmd");
    }

    @Test
    void filtersSelectAndUnknownValuesAre400() {
        assertThat(CostExportApiTest.parse(http.get("/api/v1/export/runs.csv?hardware=" + hardware
                + "&branch=main").body())).hasSize(2);
        assertThat(CostExportApiTest.parse(http.get("/api/v1/export/runs.csv?hardware=" + hardware
                + "&from=2026-05-04&to=2026-05-04").body())).extracting(r -> r.get("run_id"))
                .containsExactly(Long.toString(predictedRunId));
        for (String query : List.of("hardware=no-such-gpu", "branch=never-pushed", "from=2026-02-30",
                "from=2026-05-05&to=2026-05-04", "model=%3Dcmd")) {
            HttpResponse<String> response = http.get("/api/v1/export/runs.csv?" + query);
            assertThat(response.statusCode()).as(query).isEqualTo(400);
            assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        }
    }

    private long storeRunWithPrediction() {
        OffsetDateTime at = OffsetDateTime.parse("2026-05-04T03:02:01Z");
        GeneratedKeyHolder upload = new GeneratedKeyHolder();
        jdbc.sql("insert into run_upload (format, request_sha256, raw_payload, token_name, created_at) "
                + "values ('costbench', 'sha', '{}', 'test', ?)").param(at).update(upload, "id");
        GeneratedKeyHolder run = new GeneratedKeyHolder();
        jdbc.sql("insert into measured_run (upload_id, position_in_upload, source_label, format, series_key, model, "
                        + "hardware, profile, tensor_parallel, precision_name, input_tokens, output_tokens, concurrency, "
                        + "engine, engine_version, git_sha, branch, ci_url, metrics_json, output_throughput, "
                        + "median_tpot_ms, prediction_json, regression_verdict, regression_json, created_at, ramp_up, "
                        + "range_ratio, length_distribution) "
                        + "values (?, 0, '+cmd', 'costbench', ?, 'Qwen/Qwen3-30B-A3B', ?, 'vllm', 1, 'bf16', 1024, "
                        + "1024, 8, 'vllm', '@SUM(1+1)', 'f00d', ?, 'https://ci.example.com/1', ?, 1100, 9.5, ?, "
                        + "'insufficient-data', '{}', ?, 'linear ramp-up 1.0 to 16.0 requests/s', 0.5, "
                        + "'prompts 1024 ± 64 (normal, clipped to 704-1344), outputs 1024')")
                .params(upload.getKeyAs(Number.class).longValue(), "series-" + hardware, hardware,
                        "=HYPERLINK(\"http://evil.example\",\"x\")",
                        "{\"output_throughput\":1100.0,\"median_tpot_ms\":9.5}",
                        "{\"metrics\":{\"output_throughput\":1000.0,\"median_tpot_ms\":10.0},"
                                + "\"relativeError\":{\"output_throughput\":0.1,\"median_tpot_ms\":-0.05}}",
                        at)
                .update(run, "id");
        return run.getKeyAs(Number.class).longValue();
    }
}
