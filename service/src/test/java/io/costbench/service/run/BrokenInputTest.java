package io.costbench.service.run;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

import io.costbench.service.security.ApiTokens;
import io.costbench.service.security.Scope;
import io.costbench.service.security.TestTokens;
import io.costbench.service.support.LocalHttp;
import tools.jackson.core.json.JsonReadFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Broken copies of the real sample files and broken envelopes: each must be a 4xx problem+json naming the field
 * where there is one, with no row added to either run table.
 */
@Tag("database")
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class BrokenInputTest {

    private static final JsonMapper LENIENT = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS).build();

    @LocalServerPort
    int port;

    @Autowired
    ApiTokens apiTokens;

    @Autowired
    JdbcTemplate jdbc;

    private LocalHttp http;
    private String token;

    @BeforeEach
    void setUp() {
        http = new LocalHttp(port);
        token = TestTokens.issue(apiTokens, Scope.RUNS_WRITE);
    }

    /** @param body the request body given a fresh context; @param field the field the problem must name, or null */
    record Case(String name, Function<ObjectNode, String> body, int status, String field) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static String mutate(String sample, Consumer<ObjectNode> change) {
        ObjectNode node = (ObjectNode) LENIENT.readTree(Samples.text(sample));
        change.accept(node);
        return LENIENT.writeValueAsString(node);
    }

    private static Case file(String name, String format, String fileText, boolean asString, int status,
            String field) {
        return new Case(name, context -> RunApiSupport.envelope(format, context, fileText, asString), status, field);
    }

    private static ObjectNode firstBenchmark(ObjectNode guidellm) {
        return (ObjectNode) guidellm.get("benchmarks").get(0);
    }

    static Stream<Arguments> cases() {
        String vllm = Samples.text(Samples.VLLM);
        String sglang = Samples.text(Samples.SGLANG).strip();
        String aiperf = Samples.text(Samples.AIPERF);
        List<Case> cases = new ArrayList<>(List.of(
                // vLLM
                file("vllm truncated", "vllm", vllm.substring(0, vllm.length() / 2), false, 400, null),
                file("vllm throughput as text", "vllm", vllm.replace("\"output_throughput\": 124.58542994370372",
                        "\"output_throughput\": \"124.6 tok/s\""), false, 422, "result.output_throughput"),
                file("vllm without completed", "vllm", mutate(Samples.VLLM, n -> n.remove("completed")), false, 422,
                        "result.completed"),
                file("vllm negative ttft", "vllm", mutate(Samples.VLLM, n -> n.put("mean_ttft_ms", -97.5)), false,
                        422, "result.mean_ttft_ms"),
                file("vllm NaN tpot", "vllm", vllm.replace("\"median_tpot_ms\": 34.45028747967261",
                        "\"median_tpot_ms\": NaN"), false, 422, "result.median_tpot_ms"),
                file("vllm huge itl", "vllm", mutate(Samples.VLLM, n -> n.put("p99_itl_ms", 1e300)), false, 422,
                        "result.p99_itl_ms"),
                file("vllm overflowing number", "vllm", vllm.replace("\"duration\": 204.45408433000557",
                        "\"duration\": 1e999"), false, 422, "result.duration"),
                file("vllm result is an array", "vllm", "[" + vllm + "]", false, 422, "result"),
                file("vllm result is a number", "vllm", "42", false, 422, "result"),
                file("vllm ramp-up beside a request rate", "vllm", mutate(Samples.VLLM, n -> n.put("ramp_up_strategy",
                        "linear").put("ramp_up_start_rps", 1).put("ramp_up_end_rps", 8)), false, 422,
                        "result.request_rate"),
                file("vllm ramp-up of an unknown strategy", "vllm", mutate(Samples.VLLM, n -> n.put("request_rate",
                        "inf").put("ramp_up_strategy", "step").put("ramp_up_start_rps", 1).put("ramp_up_end_rps", 8)),
                        false, 422, "result.ramp_up_strategy"),
                file("vllm ramp-up over the rate limit", "vllm", mutate(Samples.VLLM, n -> n.put("request_rate",
                        "inf").put("ramp_up_strategy", "linear").put("ramp_up_start_rps", 1)
                        .put("ramp_up_end_rps", 2e6)), false, 422, "result"),
                // SGLang
                file("sglang second line truncated", "sglang", sglang + "\n" + sglang.substring(0, 200), true, 400,
                        "result[line 2]"),
                file("sglang empty file", "sglang", "", true, 422, "result"),
                file("sglang line is an array", "sglang", "[1, 2, 3]", true, 422, "result"),
                file("sglang e2e latency as text", "sglang", sglang.replace("\"median_e2e_latency_ms\": ",
                        "\"median_e2e_latency_ms\": \"slow\", \"x\": "), true, 422, "result.median_e2e_latency_ms"),
                file("sglang too many lines", "sglang", (sglang + "\n").repeat(101), true, 422, "result"),
                file("vllm input_lens without output_lens", "vllm", mutate(Samples.VLLM, n -> n.putArray("input_lens")
                        .add(100).add(200)), false, 422, "result.input_lens"),
                file("vllm output_lens entry as text", "vllm", mutate(Samples.VLLM, n -> {
                    n.putArray("input_lens").add(100).add(200);
                    n.putArray("output_lens").add(10).add("many");
                }), false, 422, "result.output_lens[1]"),
                file("sglang random range ratio above 1", "sglang", mutate(Samples.SGLANG, n -> n.put("dataset_name",
                        "random").put("random_range_ratio", 1.5)), true, 422, "result.random_range_ratio"),
                // GuideLLM
                file("guidellm no benchmarks", "guidellm", mutate(Samples.GUIDELLM,
                        n -> n.putArray("benchmarks")), false, 422, "result.benchmarks"),
                file("guidellm benchmarks missing", "guidellm", mutate(Samples.GUIDELLM, n -> n.remove("benchmarks")),
                        false, 422, "result.benchmarks"),
                file("guidellm benchmarks is an object", "guidellm", mutate(Samples.GUIDELLM,
                        n -> n.putObject("benchmarks")), false, 422, "result.benchmarks"),
                file("guidellm metrics missing", "guidellm", mutate(Samples.GUIDELLM,
                        n -> firstBenchmark(n).remove("metrics")), false, 422, "result.benchmarks[0].metrics"),
                file("guidellm ttft mean as text", "guidellm", mutate(Samples.GUIDELLM,
                        n -> ((ObjectNode) firstBenchmark(n).get("metrics").get("time_to_first_token_ms")
                                .get("successful")).put("mean", "fast")), false, 422,
                        "result.benchmarks[0].metrics.time_to_first_token_ms.successful.mean"),
                file("guidellm negative latency", "guidellm", mutate(Samples.GUIDELLM,
                        n -> ((ObjectNode) firstBenchmark(n).get("metrics").get("request_latency")
                                .get("successful")).put("median", -0.6)), false, 422,
                        "result.benchmarks[0].metrics.request_latency.successful.median"),
                // AIPerf / GenAI-Perf
                file("aiperf without request_latency", "aiperf", mutate(Samples.AIPERF,
                        n -> n.remove("request_latency")), false, 422, "result.request_latency"),
                file("aiperf unknown time unit", "aiperf", mutate(Samples.AIPERF,
                        n -> ((ObjectNode) n.get("time_to_first_token")).put("unit", "furlongs")), false, 422,
                        "result.time_to_first_token.unit"),
                file("aiperf throughput per hour", "aiperf", mutate(Samples.AIPERF,
                        n -> ((ObjectNode) n.get("request_throughput")).put("unit", "requests/hour")), false, 422,
                        "result.request_throughput.unit"),
                file("aiperf avg as boolean", "aiperf", mutate(Samples.AIPERF,
                        n -> ((ObjectNode) n.get("request_latency")).put("avg", true)), false, 422,
                        "result.request_latency.avg"),
                file("genai-perf top-level array", "genai-perf", "[" + aiperf + "]", false, 422, "result"),
                file("genai-perf truncated", "genai-perf", aiperf.substring(0, 300), false, 400, null),
                // LLMPerf
                file("llmperf summary without ttft", "llmperf", mutate(Samples.LLMPERF_SUMMARY,
                        n -> n.remove("results_ttft_s_mean")), false, 422, "result.results_ttft_s_mean"),
                file("llmperf summary ttft not a number", "llmperf", mutate(Samples.LLMPERF_SUMMARY,
                        n -> n.put("results_ttft_s_mean", "abc")), false, 422, "result.results_ttft_s_mean"),
                file("llmperf response ends before its first token", "llmperf",
                        individual(n -> ((ObjectNode) n.get(0)).put("end_to_end_latency_s", 0.1)), false, 422,
                        "result[0].end_to_end_latency_s"),
                file("llmperf no responses", "llmperf", "[]", false, 422, "result"),
                file("llmperf negative length stddev", "llmperf", mutate(Samples.LLMPERF_SUMMARY,
                        n -> n.put("stddev_input_tokens", -150)), false, 422, "result.stddev_input_tokens"),
                file("guidellm synthetic min above max", "guidellm", mutate(Samples.GUIDELLM,
                        n -> ((ObjectNode) firstBenchmark(n).get("request_loader")).put("data",
                                "prompt_tokens=256,prompt_tokens_min=300,prompt_tokens_max=200,output_tokens=128")),
                        false, 422, "result.benchmarks[0].request_loader.data"),
                file("llmperf response is a string", "llmperf", "[\"ok\"]", false, 422, "result[0]"),
                // costbench
                file("costbench unknown metric", "costbench", "{\"metrics\":{\"tokens_per_dollar\":3}}", false, 422,
                        "result.metrics.tokens_per_dollar"),
                file("costbench no metrics", "costbench", "{\"metrics\":{}}", false, 422, "result.metrics"),
                file("costbench null metric", "costbench", "{\"metrics\":{\"median_ttft_ms\":null}}", false, 422,
                        "result.metrics.median_ttft_ms"),
                // Envelope and context
                new Case("envelope not JSON", context -> "{\"format\": \"vllm\", ", 400, null),
                new Case("unknown format", context -> RunApiSupport.envelope("locust", context, vllm, false), 422,
                        "format"),
                new Case("no context", context -> "{\"format\":\"vllm\",\"result\":" + vllm + "}", 422, "context"),
                new Case("context without model", context -> RunApiSupport.envelope("vllm", context.without("model"),
                        vllm, false), 422, "context.model"),
                new Case("negative concurrency", context -> RunApiSupport.envelope("vllm",
                        context.put("concurrency", -4), vllm, false), 422, "context.concurrency"),
                new Case("vllm range ratio of 1", context -> RunApiSupport.envelope("vllm",
                        context.put("randomRangeRatio", 1.0), vllm, false), 422, "context.randomRangeRatio"),
                new Case("range ratio for a file that states its lengths", context -> RunApiSupport.envelope("sglang",
                        context.put("randomRangeRatio", 0.2), sglang, true), 422, "context.randomRangeRatio"),
                new Case("a dataset costbench does not draw", context -> RunApiSupport.envelope("vllm",
                        context.put("dataset", "random"), vllm, false), 422, "context.dataset"),
                new Case("a dataset for a file that names its own", context -> RunApiSupport.envelope("sglang",
                        context.put("dataset", "sharegpt"), sglang, true), 422, "context.dataset"),
                new Case("a dataset and a range ratio", context -> RunApiSupport.envelope("vllm",
                        context.put("dataset", "sharegpt").put("randomRangeRatio", 0.5), vllm, false), 422,
                        "context.dataset"),
                new Case("concurrency as words", context -> RunApiSupport.envelope("vllm",
                        context.put("concurrency", "many"), vllm, false), 400, "context.concurrency"),
                new Case("misspelt context field", context -> RunApiSupport.envelope("vllm",
                        context.put("tensorparallel", 2), vllm, false), 400, "context.tensorparallel"),
                new Case("git sha not hex", context -> RunApiSupport.envelope("vllm",
                        context.put("gitSha", "not-a-sha"), vllm, false), 422, "context.gitSha"),
                new Case("context contradicts the file's concurrency", context -> RunApiSupport.envelope("sglang",
                        context.put("concurrency", 8), sglang, true), 422, "context.concurrency"),
                new Case("unknown envelope field", context -> "{\"format\":\"vllm\",\"context\":"
                        + context + ",\"result\":" + vllm + ",\"extra\":1}", 400, "extra"),
                new Case("no result", context -> "{\"format\":\"vllm\",\"context\":" + context + "}", 422,
                        "result"),
                new Case("duplicate key", context -> "{\"format\":\"vllm\",\"format\":\"sglang\",\"context\":"
                        + context + ",\"result\":" + vllm + "}", 400, null)));
        return cases.stream().map(Arguments::of);
    }

    private static String individual(Consumer<ArrayNode> change) {
        ArrayNode node = (ArrayNode) LENIENT.readTree(Samples.text(Samples.LLMPERF_INDIVIDUAL));
        change.accept(node);
        return LENIENT.writeValueAsString(node);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void brokenInputIs4xxAndStoresNothing(Case broken) {
        long[] before = RunApiSupport.rowCounts(jdbc);

        HttpResponse<String> response = http.postJson("/api/v1/runs",
                broken.body().apply(RunApiSupport.context("main")), "Authorization", TestTokens.bearer(token));

        assertProblem(response, broken.status(), broken.field());
        assertThat(RunApiSupport.rowCounts(jdbc)).containsExactly(before);
    }

    @Test
    void aBadIdempotencyKeyIs400AndStoresNothing() {
        long[] before = RunApiSupport.rowCounts(jdbc);

        HttpResponse<String> response = http.postJson("/api/v1/runs", RunApiSupport.envelope("vllm",
                        RunApiSupport.context("main"), Samples.text(Samples.VLLM), false),
                "Authorization", TestTokens.bearer(token), "Idempotency-Key", "x".repeat(201));

        assertProblem(response, 400, "Idempotency-Key");
        assertThat(RunApiSupport.rowCounts(jdbc)).containsExactly(before);
    }

    @Test
    void aBodyOverTheLimitIs413AndStoresNothing() {
        long[] before = RunApiSupport.rowCounts(jdbc);
        String padding = "x".repeat(6 * 1024 * 1024);

        HttpResponse<String> response = http.postJson("/api/v1/runs", RunApiSupport.envelope("vllm",
                RunApiSupport.context("main").put("profile", padding), Samples.text(Samples.VLLM), false),
                "Authorization", TestTokens.bearer(token));

        assertProblem(response, 413, null);
        assertThat(RunApiSupport.rowCounts(jdbc)).containsExactly(before);
    }

    @Test
    void multipartWithoutAFileOrWithAnUnknownFieldStoresNothing() {
        long[] before = RunApiSupport.rowCounts(jdbc);
        ObjectNode context = RunApiSupport.context("main");
        Map<String, String> fields = Map.of("format", "vllm", "model", "m", "hardware",
                context.get("hardware").asString());

        HttpResponse<String> empty = RunApiSupport.multipart(http, token, fields, "empty.json", new byte[0]);
        HttpResponse<String> unknownField = RunApiSupport.multipart(http, token,
                Map.of("format", "vllm", "model", "m", "hardware", "h", "colour", "blue"), "r.json",
                Samples.text(Samples.VLLM).getBytes(StandardCharsets.UTF_8));
        HttpResponse<String> brokenFile = RunApiSupport.multipart(http, token, fields, "r.json",
                "{\"completed\": 1,".getBytes(StandardCharsets.UTF_8));

        assertProblem(empty, 422, "file");
        assertProblem(unknownField, 400, "colour");
        assertProblem(brokenFile, 400, null);
        assertThat(RunApiSupport.rowCounts(jdbc)).containsExactly(before);
    }

    @Test
    void thereAreAtLeastThirtyBrokenCases() {
        assertThat(cases().count()).isGreaterThanOrEqualTo(30);
    }

    private static void assertProblem(HttpResponse<String> response, int status, String field) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
        assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(
                type -> assertThat(type).startsWith("application/problem+json"));
        JsonNode problem = LENIENT.readTree(response.body());
        assertThat(problem.get("status").asInt()).isEqualTo(status);
        if (field != null) {
            assertThat(problem.get("field")).as(response.body()).isNotNull();
            assertThat(problem.get("field").asString()).isEqualTo(field);
        }
    }
}
