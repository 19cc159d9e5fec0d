package io.costbench.service.prediction;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;

import javax.sql.DataSource;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.JdbcTemplate;

import io.costbench.engine.model.ModelCatalog;
import io.costbench.service.accuracy.AccuracyCatalog;
import io.costbench.service.accuracy.ValidatedAccuracy;
import io.costbench.service.web.FieldProblem;
import io.costbench.service.sweep.SweepDefinition;
import io.costbench.service.sweep.SweepTarget;
import io.costbench.service.sweep.SweepValidator;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/** The whole service: catalog mirrored into the database at startup, a prediction and the catalog over HTTP. */
@Tag("database")
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@Import(TestAcceleratorConfig.class)
class PredictionFlowTest {

    private final HttpClient http = HttpClient.newHttpClient();

    @LocalServerPort
    int port;

    @Autowired
    DataSource dataSource;

    @Autowired
    SweepValidator sweepValidator;

    @Autowired
    AccuracyCatalog accuracy;

    @Test
    void aSweepNamingIdsTheModelsDoNotKnowIsRefusedFieldByField() {
        SweepDefinition definition = new SweepDefinition("ids", List.of("qwen3-8b", "gpt-9"), List.of(
                new SweepTarget("h100-sxm", "vllm", List.of("warp-drive"), null, null),
                new SweepTarget("trn2", "vllm", null, null, null),
                new SweepTarget("tpu-v9", "vllm", null, null, null),
                new SweepTarget("trn2", "vllm-neuron-optimized", List.of("eagle3"), null, null)),
                List.of(1), List.of(new SweepDefinition.WorkloadShape(128, 64)), null, 1L);

        List<FieldProblem> problems = sweepValidator.problems(definition);

        assertThat(problems).extracting(FieldProblem::field)
                .containsExactly("models[1]", "targets[0].optimizations", "targets[1].profile", "targets[2].hardware");
        assertThat(problems.get(0).message()).startsWith("unknown model gpt-9; known: ").contains("qwen3-8b");
        assertThat(problems.get(2).message()).contains("vllm-neuron-baseline");
    }

    @Test
    void aSweepNamingAliasesIsStoredWithTheCatalogIds() {
        SweepDefinition definition = new SweepDefinition("aliases", List.of("Qwen/Qwen3-8B"), List.of(
                new SweepTarget("H100 SXM", "vllm", null, null, null)),
                List.of(1), List.of(new SweepDefinition.WorkloadShape(128, 64)), null, 1L);

        SweepDefinition checked = sweepValidator.check(definition);

        assertThat(checked.models()).containsExactly("qwen3-8b");
        assertThat(checked.targets()).extracting(SweepTarget::hardware).containsExactly("h100-sxm");
        assertThat(sweepValidator.problems(new SweepDefinition("twice", List.of("qwen3-8b", "Qwen/Qwen3-8B"),
                definition.targets(), List.of(1), definition.workloads(), null, 1L)))
                .extracting(FieldProblem::field).containsExactly("models[1]");
    }

    @Test
    void catalogIsRecordedWithContentHashesAtStartup() {
        JdbcTemplate jdbc = new JdbcTemplate(dataSource);
        String sha = jdbc.queryForObject("select content_sha256 from catalog_model where id = 'qwen3-8b'", String.class);
        assertThat(sha).isEqualTo(ModelCatalog.standard().entry("qwen3-8b").contentSha256());
        Long params = jdbc.queryForObject("select total_params from catalog_model where id = 'qwen3-30b-a3b'",
                Long.class);
        assertThat(params).isBetween(30_000_000_000L, 31_000_000_000L);
        assertThat(jdbc.queryForObject("select count(*) from catalog_hardware where id = 'test-gpu'", Integer.class))
                .isEqualTo(1);
        assertThat(jdbc.queryForObject("select engine from catalog_profile where id = 'test-vllm'", String.class))
                .isEqualTo("vllm");
    }

    @Test
    void predictsOverHttpAndListsTheCatalog() throws Exception {
        HttpResponse<String> prediction = http.send(HttpRequest.newBuilder(uri("/api/v1/predictions"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("""
                        {"model":"llama-3.1-8b","hardware":"test-gpu","tensorParallel":2,"precision":"fp8",
                         "inputTokens":512,"outputTokens":128,"concurrency":16,"numPrompts":64,"seed":3}"""))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertThat(prediction.statusCode()).isEqualTo(200);
        assertThat(prediction.body()).contains("\"chips\":2").contains("\"precision\":\"fp8\"")
                .contains("\"output_throughput_per_chip\"").contains("\"median_tpot_ms\"").contains("\"totalMs\"");

        HttpResponse<String> catalog = http.send(HttpRequest.newBuilder(uri("/api/v1/catalog")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(catalog.statusCode()).isEqualTo(200);
        assertThat(catalog.body()).contains("\"id\":\"qwen3.5-4b\"").contains("\"id\":\"test-gpu\"")
                .contains("\"id\":\"test-vllm\"").contains("\"id\":\"fast-launch\"");

        HttpResponse<String> tooBig = http.send(HttpRequest.newBuilder(uri("/api/v1/predictions"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("""
                        {"model":"llama-3.1-405b","hardware":"test-gpu","inputTokens":512,"outputTokens":128,
                         "concurrency":16}""")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(tooBig.statusCode()).isEqualTo(422);
        assertThat(tooBig.headers().firstValue("Content-Type")).hasValueSatisfying(
                type -> assertThat(type).startsWith("application/problem+json"));
        assertThat(tooBig.body()).contains("\"field\":\"tensorParallel\"");
    }

    @Test
    void aPredictionSaysHowCloselyItsGroupMetPublicMeasurements() throws Exception {
        HttpResponse<String> prediction = http.send(HttpRequest.newBuilder(uri("/api/v1/predictions"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("""
                        {"model":"qwen3-8b","hardware":"h100-sxm","profile":"vllm","inputTokens":256,
                         "outputTokens":64,"concurrency":4,"numPrompts":20}"""))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertThat(prediction.statusCode()).isEqualTo(200);
        ValidatedAccuracy group = accuracy.find("h100-sxm", "vllm", false).orElseThrow();
        JsonNode answer = JsonMapper.builder().build().readTree(prediction.body());
        assertThat(answer.path("accuracy").path("modelKind").asString()).isEqualTo("dense");
        assertThat(answer.path("accuracy").path("rows").intValue()).isEqualTo(group.rows()).isPositive();
        assertThat(answer.path("accuracy").path("errors").path("tpot").path("medianPct").doubleValue())
                .isEqualTo(group.errors().tpot().medianPct());
        assertThat(answer.path("accuracyNote").isNull()).isTrue();
    }

    private URI uri(String path) {
        return URI.create("http://localhost:" + port + path);
    }
}
