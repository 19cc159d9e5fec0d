package io.costbench.service.run;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.function.Consumer;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

import io.costbench.service.security.ApiTokens;
import io.costbench.service.security.Scope;
import io.costbench.service.security.TestTokens;
import io.costbench.service.support.LocalHttp;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import static io.costbench.service.run.RunApiSupport.JSON;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

@Tag("database")
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class RunPushApiTest {

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

    private HttpResponse<String> push(String body, String... headers) {
        String[] all = new String[headers.length + 2];
        all[0] = "Authorization";
        all[1] = TestTokens.bearer(token);
        System.arraycopy(headers, 0, all, 2, headers.length);
        return http.postJson("/api/v1/runs", body, all);
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
            "vllm, " + Samples.VLLM + ", false, median_tpot_ms",
            "sglang, " + Samples.SGLANG + ", true, median_e2el_ms",
            "guidellm, " + Samples.GUIDELLM + ", false, median_itl_ms",
            "aiperf, " + Samples.AIPERF + ", false, median_ttft_ms",
            "genai-perf, " + Samples.AIPERF + ", false, mean_e2el_ms",
            "llmperf, " + Samples.LLMPERF_SUMMARY + ", false, mean_tpot_ms",
            "llmperf, " + Samples.LLMPERF_INDIVIDUAL + ", false, p99_tpot_ms"})
    void everySampleIsStoredWithItsFileVerbatim(String format, String sample, boolean asString, String metric) {
        String file = Samples.text(sample);
        long[] before = RunApiSupport.rowCounts(jdbc);

        HttpResponse<String> created = push(RunApiSupport.envelope(format, RunApiSupport.context("main"),
                asString ? file : file.strip(), asString));

        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        JsonNode body = JSON.readTree(created.body());
        long id = body.get("id").asLong();
        assertThat(created.headers().firstValue("Location")).hasValue("/api/v1/runs/" + id);
        assertThat(body.get("metrics").has(metric)).isTrue();
        // The samples name no catalog model: the prediction says why there is none.
        assertThat(body.get("prediction").get("reason").asString()).isNotBlank();
        assertThat(body.get("prediction").get("metrics")).isEmpty();
        assertThat(body.get("regression").get("verdict").asString()).isEqualTo("insufficient-data");
        assertThat(body.get("runs")).hasSize(1);
        assertThat(RunApiSupport.rowCounts(jdbc)).containsExactly(before[0] + 1, before[1] + 1);

        JsonNode stored = JSON.readTree(http.get("/api/v1/runs/" + id).body());
        assertThat(stored.get("rawPayload").asString()).isEqualTo(asString ? file : file.strip());
        assertThat(stored.get("format").asString()).isEqualTo(format);
        assertThat(stored.get("metrics")).isEqualTo(body.get("metrics"));
    }

    @Test
    void theResponseCarriesTheScenarioWithTheFilesConcurrencyAndWorkload() {
        ObjectNode context = RunApiSupport.context("main");
        context.put("inputTokens", 1024);

        JsonNode body = JSON.readTree(push(RunApiSupport.envelope("sglang", context,
                Samples.text(Samples.SGLANG), true)).body());

        assertThat(body.get("scenario").get("concurrency").asInt()).isEqualTo(256);
        assertThat(body.get("scenario").get("requestRate").asDouble()).isEqualTo(5.0);
        assertThat(body.get("scenario").get("inputTokens").asInt()).isEqualTo(1024);
        assertThat(body.get("scenario").get("outputTokens").asInt()).isEqualTo(196);
        assertThat(body.get("scenario").get("engine").asString()).isEqualTo("sglang");
    }

    @Test
    void aRunTheCatalogKnowsIsComparedWithThePrediction() {
        ObjectNode context = RunApiSupport.predictableContext("main", 200, 128, 4);

        HttpResponse<String> created = push(RunApiSupport.envelope("vllm", context,
                Samples.text(Samples.VLLM).strip(), false));

        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        JsonNode body = JSON.readTree(created.body());
        JsonNode prediction = body.get("prediction");
        assertThat(prediction.isNull()).as(created.body()).isFalse();
        double predictedTpot = prediction.get("metrics").get("median_tpot_ms").asDouble();
        double measuredTpot = body.get("metrics").get("median_tpot_ms").asDouble();
        assertThat(predictedTpot).isPositive();
        assertThat(prediction.get("relativeError").get("median_tpot_ms").asDouble())
                .isCloseTo((measuredTpot - predictedTpot) / predictedTpot, org.assertj.core.api.Assertions.within(1e-9));
    }

    /** SGLang's sample states --request-rate 5 with a concurrency cap of 256: predicted as Poisson arrivals. */
    @Test
    void aRunWithARequestRateIsPredictedWithArrivalsAtThatRate() {
        ObjectNode context = RunApiSupport.predictableContext("main");
        context.put("inputTokens", 1024);

        HttpResponse<String> created = push(RunApiSupport.envelope("sglang", context,
                Samples.text(Samples.SGLANG), true));

        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        JsonNode body = JSON.readTree(created.body());
        JsonNode prediction = body.get("prediction");
        assertThat(prediction.get("reason").isNull()).as(created.body()).isTrue();
        // An H100 keeps up with 5 requests/s of 1024/196 tokens, so output follows the arrivals: ~5 x 196 tok/s
        // (a closed loop of 256 would be several times that).
        assertThat(prediction.get("metrics").get("output_throughput").asDouble())
                .isCloseTo(5.0 * body.get("scenario").get("outputTokens").asInt(),
                        org.assertj.core.data.Percentage.withPercentage(15));
        // The run page puts the requests each side kept in flight next to each other; the measured figure is the
        // one SGLang printed as its "concurrency" (11.78).
        assertThat(http.get("/runs/" + body.get("id").asLong()).body()).containsPattern(
                "Requests in flight, mean \\(requests/s x mean end-to-end latency\\)</td>\\s*<td>11\\.78</td>"
                        + "\\s*<td>\\d+\\.\\d\\d</td>")
                .containsPattern("Mean end-to-end latency \\(ms\\)</td>\\s*<td>2409\\.50</td>\\s*<td>\\d+\\.\\d\\d</td>");
        // The API gives the same pair; the predicted one is Little's law on the prediction's own figures.
        JsonNode inFlight = JSON.readTree(http.get("/api/v1/runs/" + body.get("id").asLong()).body())
                .get("requestsInFlight");
        JsonNode predicted = prediction.get("metrics");
        assertThat(inFlight.get("measured").asDouble()).isCloseTo(11.78, within(0.005));
        assertThat(inFlight.get("predicted").asDouble()).isCloseTo(predicted.get("request_throughput").asDouble()
                * predicted.get("mean_e2el_ms").asDouble() / 1000.0, within(1e-9));
    }

    /**
     * SGLang's sample sent 1000 ShareGPT prompts whose answers were as long as the dataset's, and states only their
     * means: the prediction draws ShareGPT's lengths around them, and its end-to-end latencies spread as the run's did
     * (median well below the mean: 1538 against 2410 ms measured), where the means alone would give every request the
     * same latency. The run's series is the one it always had.
     */
    @Test
    void anSglangShareGptRunIsPredictedWithShareGptsLengthsAroundItsMeans() {
        HttpResponse<String> created = push(RunApiSupport.envelope("sglang", RunApiSupport.predictableContext("main"),
                Samples.text(Samples.SGLANG), true));

        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        JsonNode body = JSON.readTree(created.body());
        JsonNode prediction = body.get("prediction");
        assertThat(prediction.get("lengths").asString()).startsWith("ShareGPT's, drawn around the stated means")
                .endsWith("the mean of 4 draws");
        JsonNode metrics = prediction.get("metrics");
        assertThat(metrics.get("median_e2el_ms").asDouble()).isLessThan(0.8 * metrics.get("mean_e2el_ms").asDouble());
        // each draw holds the run's recorded total
        assertThat(metrics.get("total_output_tokens").asDouble()).isEqualTo(1000.0 * body.get("scenario")
                .get("outputTokens").asInt());
        long run = body.get("id").asLong();
        assertThat(jdbc.queryForObject("select series_key from measured_run where id = ?", String.class, run))
                .doesNotContain("ShareGPT");
        assertThat(http.get("/runs/" + run).body()).contains("lengths: ShareGPT&#39;s, drawn around the stated means");
    }

    /**
     * vLLM's sample sent 200 prompts at 1 request/s with burstiness 1: the prediction replays that client, not the
     * sweep default of 10 x concurrency; a burstier copy of the file is predicted with gamma gaps of its shape.
     */
    @Test
    void aRunIsPredictedWithThePromptsAndBurstinessItsFileStates() {
        ObjectNode context = RunApiSupport.predictableContext("main");
        context.put("concurrency", 4);

        HttpResponse<String> created = push(RunApiSupport.envelope("vllm", context,
                Samples.text(Samples.VLLM).strip(), false));

        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        JsonNode prediction = JSON.readTree(created.body()).get("prediction");
        assertThat(prediction.get("numPrompts").asInt()).isEqualTo(200);
        assertThat(prediction.get("arrivals").asString()).isEqualTo("poisson");
        assertThat(prediction.get("metrics").get("completed").asDouble()).isEqualTo(200.0);
        // vLLM rescales its 200 Poisson gaps at 1 request/s to end at 200 s exactly (the file: 204.5 s, its last
        // request 4.5 s long); the prediction's last request, on another model and GPU, takes about 1 s.
        assertThat(prediction.get("metrics").get("duration").asDouble()).isBetween(200.0, 205.0);

        HttpResponse<String> other = pushEditedSample(context, "0badcafe", file -> file.put("burstiness", 0.25)
                .put("num_prompts", 60));

        assertThat(other.statusCode()).as(other.body()).isEqualTo(201);
        JsonNode burstyPrediction = JSON.readTree(other.body()).get("prediction");
        assertThat(burstyPrediction.get("numPrompts").asInt()).isEqualTo(60);
        assertThat(burstyPrediction.get("arrivals").asString()).isEqualTo("gamma, burstiness 0.25");
        assertThat(burstyPrediction.get("metrics").get("completed").asDouble()).isEqualTo(60.0);
    }

    /** vLLM's --ramp-up-strategy: the rates climb over the run, and the ramp is the run's load, so its series. */
    @Test
    void aRampUpRunIsPredictedAtItsClimbingRatesAndIsASeriesOfItsOwn() {
        ObjectNode context = RunApiSupport.predictableContext("main");
        context.put("concurrency", 4);
        HttpResponse<String> constant = pushEditedSample(context, "0badf00e", file -> file.put("num_prompts", 60));
        HttpResponse<String> ramped = pushEditedSample(context, "0badf00d", file -> file.put("request_rate", "inf")
                .put("num_prompts", 60).put("ramp_up_strategy", "linear").put("ramp_up_start_rps", 1)
                .put("ramp_up_end_rps", 16));

        assertThat(constant.statusCode()).as(constant.body()).isEqualTo(201);
        assertThat(ramped.statusCode()).as(ramped.body()).isEqualTo(201);
        JsonNode rampPrediction = JSON.readTree(ramped.body()).get("prediction");
        assertThat(rampPrediction.get("arrivals").asString())
                .isEqualTo("poisson, linear ramp-up 1.0 to 16.0 requests/s");
        assertThat(rampPrediction.get("metrics").get("completed").asDouble()).isEqualTo(60.0);
        // 60 requests at the file's constant 1 request/s are sent over 60 s; over the ramp the mean gap is
        // ln(16) / 15 = 0.18 s, and the concurrency cap of 4 holds them to about 4 requests/s.
        assertThat(JSON.readTree(constant.body()).get("prediction").get("metrics").get("duration").asDouble())
                .isBetween(60.0, 62.0);
        assertThat(rampPrediction.get("metrics").get("duration").asDouble()).isLessThan(30.0);

        JsonNode rampScenario = JSON.readTree(ramped.body()).get("scenario");
        assertThat(rampScenario.get("rampUp").asString()).isEqualTo("linear ramp-up 1.0 to 16.0 requests/s");
        assertThat(rampScenario.get("requestRate").isNull()).isTrue();
        long rampRun = JSON.readTree(ramped.body()).get("id").asLong();
        String rampSeries = jdbc.queryForObject("select series_key from measured_run where id = ?", String.class,
                rampRun);
        String rateSeries = jdbc.queryForObject("select series_key from measured_run where id = ?", String.class,
                JSON.readTree(constant.body()).get("id").asLong());
        assertThat(rampSeries).endsWith("|linear ramp-up 1.0 to 16.0 requests/s").isNotEqualTo(rateSeries);
        assertThat(JSON.readTree(http.get("/api/v1/runs/" + rampRun).body()).get("scenario").get("rampUp").asString())
                .isEqualTo("linear ramp-up 1.0 to 16.0 requests/s");
        assertThat(http.get("/runs/" + rampRun).body()).contains("id=\"run-ramp-up\">linear ramp-up 1.0 to 16.0"
                + " requests/s<").contains("Simulated client: 60 requests, poisson arrivals, linear ramp-up 1.0 to"
                + " 16.0 requests/s.");
    }

    /**
     * AIPerf's --concurrency-ramp-duration: the prediction opens the client's slots one at a time as the file says and
     * names the ramp; like the burstiness, the ramp is the client's, not a series of its own.
     */
    @Test
    void anAiperfRunThatRampedItsConcurrencyIsPredictedWithItsSlotsOpenedOneAtATime() {
        ObjectNode context = RunApiSupport.predictableContext("main", 2000, 64, 4);
        HttpResponse<String> atOnce = pushEditedSample("aiperf", Samples.AIPERF, context, "0badca11", file -> { });
        HttpResponse<String> ramped = pushEditedSample("aiperf", Samples.AIPERF, context, "0badca12",
                file -> file.putObject("input_config").putObject("loadgen").put("concurrency", 4)
                        .put("concurrency_ramp_duration", 60));

        assertThat(atOnce.statusCode()).as(atOnce.body()).isEqualTo(201);
        assertThat(ramped.statusCode()).as(ramped.body()).isEqualTo(201);
        JsonNode once = JSON.readTree(atOnce.body()).get("prediction");
        JsonNode slow = JSON.readTree(ramped.body()).get("prediction");
        assertThat(once.get("arrivals").asString()).isEqualTo("closed-loop");
        assertThat(slow.get("arrivals").asString()).isEqualTo("closed-loop, concurrency ramped from 1 to 4 over 60 s");
        // The second slot opens at 20 s, after the 40 requests have run one at a time: no request waits for another,
        // and the run takes longer than four clients sending at once.
        assertThat(slow.get("metrics").get("mean_ttft_ms").asDouble())
                .isLessThan(once.get("metrics").get("mean_ttft_ms").asDouble());
        assertThat(slow.get("metrics").get("duration").asDouble())
                .isGreaterThan(once.get("metrics").get("duration").asDouble());
        long rampedRun = JSON.readTree(ramped.body()).get("id").asLong();
        String rampedSeries = jdbc.queryForObject("select series_key from measured_run where id = ?", String.class,
                rampedRun);
        assertThat(rampedSeries).isEqualTo(jdbc.queryForObject("select series_key from measured_run where id = ?",
                String.class, JSON.readTree(atOnce.body()).get("id").asLong()));
        assertThat(http.get("/runs/" + rampedRun).body())
                .contains("Simulated client: 40 requests, a closed loop, concurrency ramped from 1 to 4 over 60 s.");
    }

    /**
     * SGLang's random dataset draws each request's lengths from [max(1, r x L), L]: its default r = 0 sends about half
     * the stated lengths, and the prediction must send the same, not L fixed; each r is a series of its own.
     */
    @Test
    void anSglangRandomRunIsPredictedWithItsRangeRatioAndIsASeriesOfItsOwn() {
        ObjectNode context = RunApiSupport.predictableContext("main");
        Consumer<ObjectNode> random = file -> file.put("dataset_name", "random").put("random_input_len", 400)
                .put("random_output_len", 200).put("completed", 200).put("request_rate", 2.0);
        HttpResponse<String> spread = pushEditedSample("sglang", Samples.SGLANG, context, "0badbee0", random);
        HttpResponse<String> fixed = pushEditedSample("sglang", Samples.SGLANG, context, "0badbee1",
                random.andThen(file -> file.put("random_range_ratio", 1.0)));

        assertThat(spread.statusCode()).as(spread.body()).isEqualTo(201);
        assertThat(fixed.statusCode()).as(fixed.body()).isEqualTo(201);
        JsonNode spreadMetrics = JSON.readTree(spread.body()).get("prediction").get("metrics");
        JsonNode fixedMetrics = JSON.readTree(fixed.body()).get("prediction").get("metrics");
        assertThat(fixedMetrics.get("total_input_tokens").asDouble()).isEqualTo(200 * 400.0);
        assertThat(fixedMetrics.get("total_output_tokens").asDouble()).isEqualTo(200 * 200.0);
        // Uniform in [1, 400] and [1, 200]: means 200.5 and 100.5, within a few percent over 200 requests.
        assertThat(spreadMetrics.get("total_input_tokens").asDouble() / 200).isBetween(180.0, 220.0);
        assertThat(spreadMetrics.get("total_output_tokens").asDouble() / 200).isBetween(90.0, 110.0);

        JsonNode scenario = JSON.readTree(spread.body()).get("scenario");
        assertThat(scenario.get("inputTokens").asInt()).isEqualTo(400);
        assertThat(scenario.get("rangeRatio").asDouble()).isEqualTo(0.0);
        long run = JSON.readTree(spread.body()).get("id").asLong();
        String series = jdbc.queryForObject("select series_key from measured_run where id = ?", String.class, run);
        assertThat(series).endsWith("|range ratio 0.0 (lengths 0.0-1 x stated)").isNotEqualTo(
                jdbc.queryForObject("select series_key from measured_run where id = ?", String.class,
                        JSON.readTree(fixed.body()).get("id").asLong()));
        assertThat(http.get("/runs/" + run).body())
                .contains("id=\"run-lengths\">range ratio 0.0 (lengths 0.0-1 x stated)<");
    }

    /**
     * A vLLM file saved with --save-detailed lists every request's lengths: the prediction replays them in order,
     * leaving out the failed request (output 0), rather than sending the means.
     */
    @Test
    void aDetailedRunIsPredictedWithItsOwnRequestLengths() {
        ObjectNode context = RunApiSupport.predictableContext("main");
        context.put("concurrency", 4);
        long inputTotal = 0;
        long outputTotal = 0;
        HttpResponse<String> detailed = pushEditedSample(context, "0badd00d", file -> {
            tools.jackson.databind.node.ArrayNode inputs = file.putArray("input_lens");
            tools.jackson.databind.node.ArrayNode outputs = file.putArray("output_lens");
            for (int i = 0; i < 200; i++) {
                inputs.add(i % 2 == 0 ? 100 : 300);
                outputs.add(i == 199 ? 0 : i % 2 == 0 ? 28 : 228);
            }
        });
        for (int i = 0; i < 199; i++) {
            inputTotal += i % 2 == 0 ? 100 : 300;
            outputTotal += i % 2 == 0 ? 28 : 228;
        }

        assertThat(detailed.statusCode()).as(detailed.body()).isEqualTo(201);
        JsonNode prediction = JSON.readTree(detailed.body()).get("prediction");
        assertThat(prediction.get("numPrompts").asInt()).isEqualTo(199);
        assertThat(prediction.get("lengths").asString()).isEqualTo("the run's own");
        assertThat(prediction.get("metrics").get("total_input_tokens").asDouble()).isEqualTo(inputTotal);
        assertThat(prediction.get("metrics").get("total_output_tokens").asDouble()).isEqualTo(outputTotal);
        long run = JSON.readTree(detailed.body()).get("id").asLong();
        assertThat(http.get("/runs/" + run).body()).contains("Simulated client: 199 requests, poisson arrivals at the"
                + " stated request rate; lengths: the run&#39;s own.");
    }

    /**
     * LLMPerf draws each request's lengths from normals around the stated means (its defaults: stddevs 150 and 80):
     * the prediction draws its requests the same way, the stated spread is a series of its own, and the page says it.
     */
    @Test
    void anLlmperfRunIsPredictedWithTheLengthsItsClientDrew() {
        ObjectNode context = RunApiSupport.predictableContext("main");
        HttpResponse<String> fixed = pushEditedSample("llmperf", Samples.LLMPERF_SUMMARY, context, "0badbead",
                file -> { });
        HttpResponse<String> drawn = pushEditedSample("llmperf", Samples.LLMPERF_SUMMARY, context, "0badbeaf",
                file -> file.put("stddev_input_tokens", 150).put("stddev_output_tokens", 80));

        assertThat(fixed.statusCode()).as(fixed.body()).isEqualTo(201);
        assertThat(drawn.statusCode()).as(drawn.body()).isEqualTo(201);
        JsonNode fixedPrediction = JSON.readTree(fixed.body()).get("prediction");
        JsonNode drawnPrediction = JSON.readTree(drawn.body()).get("prediction");
        String distributions =
                "prompts 550 ± 150 (normal, redrawn below 1), outputs 150 ± 80 (normal, redrawn below 1)";
        assertThat(fixedPrediction.get("lengths").asString()).isEqualTo("fixed");
        assertThat(drawnPrediction.get("lengths").asString()).isEqualTo("drawn as stated: " + distributions);
        // The 150 requests LLMPerf started, every one 550 / 150 tokens; drawn, they differ from request to request
        // (the normals' means, 550 and 155 once the outputs are drawn again below 1, within a few percent).
        assertThat(fixedPrediction.get("numPrompts").asInt()).isEqualTo(150);
        assertThat(fixedPrediction.get("metrics").get("total_input_tokens").asDouble()).isEqualTo(150 * 550.0);
        assertThat(drawnPrediction.get("metrics").get("total_input_tokens").asDouble() / 150).isBetween(520.0, 580.0)
                .isNotEqualTo(550.0);
        assertThat(drawnPrediction.get("metrics").get("total_output_tokens").asDouble() / 150).isBetween(140.0, 170.0)
                .isNotEqualTo(150.0);

        long run = JSON.readTree(drawn.body()).get("id").asLong();
        assertThat(JSON.readTree(drawn.body()).get("scenario").get("lengthDistribution").asString())
                .isEqualTo(distributions);
        String series = jdbc.queryForObject("select series_key from measured_run where id = ?", String.class, run);
        assertThat(series).endsWith("|" + distributions).isNotEqualTo(jdbc.queryForObject(
                "select series_key from measured_run where id = ?", String.class,
                JSON.readTree(fixed.body()).get("id").asLong()));
        assertThat(http.get("/runs/" + run).body()).contains("id=\"run-lengths\">" + distributions + "<")
                .contains("; lengths: drawn as stated: " + distributions + ".");
    }

    /**
     * vLLM's result file does not record --random-range-ratio; the context states it, and the prediction draws
     * lengths from [floor(L (1 - r)), ceil(L (1 + r))] as vLLM's random dataset does, a series of its own.
     */
    @Test
    void aVllmRandomRunsRangeRatioFromTheContextDrawsItsLengths() {
        ObjectNode context = RunApiSupport.predictableContext("main");
        context.put("concurrency", 4).put("inputTokens", 200).put("outputTokens", 100);
        HttpResponse<String> fixed = pushEditedSample(context, "0bad5eed", file -> { });
        context.put("randomRangeRatio", 0.5);
        HttpResponse<String> spread = pushEditedSample(context, "0bad5eef", file -> { });

        assertThat(spread.statusCode()).as(spread.body()).isEqualTo(201);
        JsonNode prediction = JSON.readTree(spread.body()).get("prediction");
        String distributions = "prompts uniform 100-300, outputs uniform 50-150";
        assertThat(prediction.get("lengths").asString()).isEqualTo("drawn as stated: " + distributions);
        assertThat(JSON.readTree(spread.body()).get("scenario").get("lengthDistribution").asString())
                .isEqualTo(distributions);
        int prompts = prediction.get("numPrompts").asInt();
        assertThat(prediction.get("metrics").get("total_input_tokens").asDouble() / prompts).isBetween(185.0, 215.0)
                .isNotEqualTo(200.0);
        assertThat(JSON.readTree(fixed.body()).get("prediction").get("metrics").get("total_input_tokens").asDouble())
                .isEqualTo(prompts * 200.0);
        assertThat(jdbc.queryForObject("select series_key from measured_run where id = ?", String.class,
                JSON.readTree(spread.body()).get("id").asLong())).endsWith("|" + distributions)
                .isNotEqualTo(jdbc.queryForObject("select series_key from measured_run where id = ?", String.class,
                        JSON.readTree(fixed.body()).get("id").asLong()));
    }

    /**
     * vLLM's result file does not name its dataset either; a context stating sharegpt has ShareGPT's lengths drawn
     * around the file's means (16 draws of its 200 prompts), in the series the run had without it.
     */
    @Test
    void aVllmRunsShareGptDatasetFromTheContextDrawsShareGptsLengths() {
        ObjectNode context = RunApiSupport.predictableContext("main");
        context.put("concurrency", 4);
        HttpResponse<String> fixed = pushEditedSample(context, "0bad5ea0", file -> { });
        context.put("dataset", "sharegpt");
        HttpResponse<String> sampled = pushEditedSample(context, "0bad5ea1", file -> { });

        assertThat(sampled.statusCode()).as(sampled.body()).isEqualTo(201);
        JsonNode prediction = JSON.readTree(sampled.body()).get("prediction");
        assertThat(prediction.get("lengths").asString()).startsWith("ShareGPT's, drawn around the stated means")
                .endsWith("the mean of 16 draws");
        JsonNode metrics = prediction.get("metrics");
        assertThat(metrics.get("median_e2el_ms").asDouble()).isLessThan(0.8 * metrics.get("mean_e2el_ms").asDouble());
        JsonNode fixedMetrics = JSON.readTree(fixed.body()).get("prediction").get("metrics");
        assertThat(fixedMetrics.get("median_e2el_ms").asDouble())
                .isGreaterThan(0.9 * fixedMetrics.get("mean_e2el_ms").asDouble());
        assertThat(jdbc.queryForObject("select series_key from measured_run where id = ?", String.class,
                JSON.readTree(sampled.body()).get("id").asLong()))
                .isEqualTo(jdbc.queryForObject("select series_key from measured_run where id = ?", String.class,
                        JSON.readTree(fixed.body()).get("id").asLong()));
    }

    /** The vLLM sample with its fields edited, pushed at its own commit and CI URL (so never a duplicate). */
    private HttpResponse<String> pushEditedSample(ObjectNode context, String gitSha, Consumer<ObjectNode> edit) {
        return pushEditedSample("vllm", Samples.VLLM, context, gitSha, edit);
    }

    /** A sample of the format with its fields edited, pushed at its own commit and CI URL (so never a duplicate). */
    private HttpResponse<String> pushEditedSample(String format, String sample, ObjectNode context, String gitSha,
            Consumer<ObjectNode> edit) {
        ObjectNode file = (ObjectNode) JSON.readTree(Samples.text(sample));
        edit.accept(file);
        ObjectNode ownContext = context.deepCopy();
        ownContext.put("gitSha", gitSha);
        ownContext.put("ciUrl", "https://ci.example.com/job/" + gitSha);
        // SGLang writes JSON Lines, sent as a string like its sample; the others are one JSON document.
        return push(RunApiSupport.envelope(format, ownContext, file.toString(), format.equals("sglang")));
    }

    /** A CI job names the model by its Hugging Face id and the hardware by its instance-style name. */
    @Test
    void aRunNamingAliasesGetsThePredictionOfTheCatalogIds() {
        ObjectNode context = RunApiSupport.context("main");
        context.remove("profile");
        context.put("model", "meta-llama/Llama-3.1-8B-Instruct");
        context.put("hardware", "h100-sxm5");
        context.put("tensorParallel", 1);
        context.put("precision", "bf16");
        context.put("inputTokens", 200);
        context.put("outputTokens", 128);
        context.put("concurrency", 4);

        HttpResponse<String> created = push(RunApiSupport.envelope("vllm", context,
                Samples.text(Samples.VLLM).strip(), false));

        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        JsonNode prediction = JSON.readTree(created.body()).get("prediction");
        assertThat(prediction.isNull()).as(created.body()).isFalse();
        context.put("model", "llama-3.1-8b");
        context.put("hardware", "h100-sxm");
        context.put("gitSha", "fedcba98");
        context.put("ciUrl", "https://ci.example.com/job/alias-canonical");
        HttpResponse<String> canonical = push(RunApiSupport.envelope("vllm", context,
                Samples.text(Samples.VLLM).strip(), false));
        assertThat(canonical.statusCode()).as(canonical.body()).isEqualTo(201);
        assertThat(prediction.get("metrics"))
                .isEqualTo(JSON.readTree(canonical.body()).get("prediction").get("metrics"));
    }

    @Test
    void aMultipartUploadKeepsTheFileBytes() {
        byte[] file = Samples.text(Samples.VLLM).getBytes(StandardCharsets.UTF_8);
        ObjectNode context = RunApiSupport.context("main");

        HttpResponse<String> created = RunApiSupport.multipart(http, token, Map.of("format", "vllm",
                "model", context.get("model").asString(), "hardware", context.get("hardware").asString(),
                "tensorParallel", "2", "gitSha", context.get("gitSha").asString(), "branch", "main"),
                "result.json", file);

        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        JsonNode stored = JSON.readTree(http.get(created.headers().firstValue("Location").orElseThrow()).body());
        assertThat(stored.get("rawPayload").asString()).isEqualTo(new String(file, StandardCharsets.UTF_8));
        assertThat(stored.get("scenario").get("tensorParallel").asInt()).isEqualTo(2);
        assertThat(stored.get("pushedBy").asString()).startsWith("test");
    }

    @Test
    void aGuidellmSweepBecomesOneRunPerBenchmark() {
        ObjectNode file = (ObjectNode) JSON.readTree(Samples.text(Samples.GUIDELLM));
        tools.jackson.databind.node.ArrayNode benchmarks = (tools.jackson.databind.node.ArrayNode) file.get("benchmarks");
        for (int streams : new int[] {4, 16}) {
            ObjectNode copy = (ObjectNode) benchmarks.get(0).deepCopy();
            ((ObjectNode) copy.get("args")).putObject("strategy").put("type_", "concurrent").put("streams", streams);
            benchmarks.add(copy);
        }
        long[] before = RunApiSupport.rowCounts(jdbc);

        HttpResponse<String> created = push(RunApiSupport.envelope("guidellm", RunApiSupport.context("main"),
                JSON.writeValueAsString(file), false));

        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        JsonNode body = JSON.readTree(created.body());
        assertThat(body.get("runs")).hasSize(3);
        assertThat(body.get("runs").get(2).get("scenario").get("concurrency").asInt()).isEqualTo(16);
        assertThat(RunApiSupport.rowCounts(jdbc)).containsExactly(before[0] + 1, before[1] + 3);
    }

    /**
     * GuideLLM's sample stopped after its max_duration, 30 s, with one request still running (46 successful, 1
     * incomplete): the prediction's client stops there too and counts only what completed by then.
     */
    @Test
    void aGuidellmRunIsPredictedWithAClientThatStopsAfterItsMaxDuration() {
        ObjectNode file = (ObjectNode) JSON.readTree(Samples.text(Samples.GUIDELLM));
        ObjectNode loader = (ObjectNode) file.get("benchmarks").get(0).get("request_loader");
        // One request at a time of 4,000 output tokens takes tens of seconds on an H100: a few complete in 30 s.
        loader.put("data", "prompt_tokens=256,output_tokens=4000");

        JsonNode body = JSON.readTree(push(RunApiSupport.envelope("guidellm", RunApiSupport.predictableContext("main"),
                JSON.writeValueAsString(file), false)).body());

        JsonNode prediction = body.get("prediction");
        assertThat(prediction.get("runSeconds").asDouble()).as(body.toString()).isEqualTo(30.0);
        assertThat(prediction.get("numPrompts").asInt()).isEqualTo(47);
        assertThat(prediction.get("metrics").get("completed").asDouble()).isBetween(1.0, 46.0);
        assertThat(prediction.get("metrics").get("duration").asDouble()).isLessThanOrEqualTo(30.0);
        assertThat(http.get("/runs/" + body.get("id").asLong()).body())
                .contains("stopped after 30 s, what was in flight not counted");

        // So long that none completes in 30 s: nothing to compare, and the prediction says so.
        loader.put("data", "prompt_tokens=256,output_tokens=30000");
        JsonNode none = JSON.readTree(push(RunApiSupport.envelope("guidellm", RunApiSupport.predictableContext("main"),
                JSON.writeValueAsString(file), false)).body()).get("prediction");
        assertThat(none.get("reason").asString()).as(none.toString()).contains("no request completed");
    }

    @Test
    void theSameIdempotencyKeyAndBodyReplaysTheFirstAnswer() {
        String body = RunApiSupport.envelope("vllm", RunApiSupport.context("main"),
                Samples.text(Samples.VLLM), false);
        String key = "ci-" + RunApiSupport.randomSha();
        long[] before = RunApiSupport.rowCounts(jdbc);

        HttpResponse<String> first = push(body, "Idempotency-Key", key);
        HttpResponse<String> again = push(body, "Idempotency-Key", key);

        assertThat(first.statusCode()).isEqualTo(201);
        assertThat(again.statusCode()).isEqualTo(200);
        assertThat(again.body()).isEqualTo(first.body());
        assertThat(again.headers().firstValue("Location")).isEqualTo(first.headers().firstValue("Location"));
        assertThat(RunApiSupport.rowCounts(jdbc)).containsExactly(before[0] + 1, before[1] + 1);
    }

    @Test
    void theSameIdempotencyKeyWithAnotherBodyIs409() {
        String key = "ci-" + RunApiSupport.randomSha();
        HttpResponse<String> first = push(RunApiSupport.envelope("vllm", RunApiSupport.context("main"),
                Samples.text(Samples.VLLM), false), "Idempotency-Key", key);
        long[] before = RunApiSupport.rowCounts(jdbc);

        HttpResponse<String> other = push(RunApiSupport.envelope("vllm", RunApiSupport.context("main"),
                Samples.text(Samples.VLLM), false), "Idempotency-Key", key);

        assertThat(first.statusCode()).isEqualTo(201);
        assertThat(other.statusCode()).isEqualTo(409);
        assertThat(other.headers().firstValue("Content-Type")).hasValueSatisfying(
                type -> assertThat(type).startsWith("application/problem+json"));
        assertThat(JSON.readTree(other.body()).get("existingUploadId").asLong())
                .isEqualTo(JSON.readTree(first.body()).get("uploadId").asLong());
        assertThat(RunApiSupport.rowCounts(jdbc)).containsExactly(before);
    }

    @Test
    void withoutAKeyTheSameSeriesCommitAndCiUrlIsADuplicateNamingTheRun() {
        ObjectNode context = RunApiSupport.context("main");
        HttpResponse<String> first = push(RunApiSupport.envelope("vllm", context, Samples.text(Samples.VLLM), false));
        long[] before = RunApiSupport.rowCounts(jdbc);

        HttpResponse<String> duplicate = push(RunApiSupport.envelope("vllm", context,
                Samples.text(Samples.VLLM), false));
        context.put("ciUrl", "https://ci.example.com/runs/retry-" + RunApiSupport.randomSha());
        HttpResponse<String> rerun = push(RunApiSupport.envelope("vllm", context, Samples.text(Samples.VLLM), false));

        long firstId = JSON.readTree(first.body()).get("id").asLong();
        assertThat(duplicate.statusCode()).isEqualTo(409);
        assertThat(JSON.readTree(duplicate.body()).get("existingRunId").asLong()).isEqualTo(firstId);
        assertThat(JSON.readTree(duplicate.body()).get("detail").asString()).contains("Run " + firstId);
        assertThat(rerun.statusCode()).isEqualTo(201);
        assertThat(RunApiSupport.rowCounts(jdbc)).containsExactly(before[0] + 1, before[1] + 1);
    }

    @Test
    void aBranchRunIsJudgedAgainstTheBaseBranchByMetricDirection() {
        ObjectNode context = RunApiSupport.context("main");
        double[] baseline = {1000, 1010, 990, 1005, 995};
        for (double throughput : baseline) {
            context.put("gitSha", RunApiSupport.randomSha());
            assertThat(push(RunApiSupport.costbench(context, throughput, 20.0 + throughput / 1000)).statusCode())
                    .isEqualTo(201);
        }

        context.put("branch", "feature-slower").put("gitSha", RunApiSupport.randomSha());
        JsonNode slower = JSON.readTree(push(RunApiSupport.costbench(context, 900, 21.0)).body()).get("regression");
        context.put("branch", "feature-faster").put("gitSha", RunApiSupport.randomSha());
        JsonNode faster = JSON.readTree(push(RunApiSupport.costbench(context, 1100, 21.0)).body()).get("regression");
        context.put("branch", "feature-same").put("gitSha", RunApiSupport.randomSha());
        JsonNode same = JSON.readTree(push(RunApiSupport.costbench(context, 1003, 21.0)).body()).get("regression");

        assertThat(slower.get("verdict").asString()).isEqualTo("regression");
        assertThat(slower.get("metrics").get("output_throughput").get("verdict").asString()).isEqualTo("regression");
        assertThat(slower.get("baseline").get("runs").asInt()).isEqualTo(5);
        assertThat(slower.get("baseline").get("mean").get("output_throughput").asDouble()).isEqualTo(1000.0);
        assertThat(slower.get("threshold").asDouble()).isEqualTo(5.0);
        assertThat(slower.get("test").asString()).contains("main");
        assertThat(faster.get("verdict").asString()).isEqualTo("improvement");
        assertThat(same.get("verdict").asString()).isEqualTo("ok");
    }

    @Test
    void runsAreListedWithFiltersAndPages() {
        ObjectNode context = RunApiSupport.context("main");
        String hardware = context.get("hardware").asString();
        for (int i = 0; i < 3; i++) {
            context.put("gitSha", RunApiSupport.randomSha());
            push(RunApiSupport.costbench(context, 500 + i, 20));
        }

        JsonNode page = JSON.readTree(http.get("/api/v1/runs?hardware=" + hardware + "&size=2").body());
        JsonNode second = JSON.readTree(http.get("/api/v1/runs?hardware=" + hardware + "&size=2&page=1").body());
        JsonNode none = JSON.readTree(http.get("/api/v1/runs?hardware=" + hardware + "&branch=other").body());

        assertThat(page.get("totalItems").asLong()).isEqualTo(3);
        assertThat(page.get("items")).hasSize(2);
        assertThat(page.get("items").get(0).get("metrics").get("output_throughput").asDouble()).isEqualTo(502.0);
        assertThat(second.get("items")).hasSize(1);
        assertThat(none.get("totalItems").asLong()).isZero();
        assertThat(http.get("/api/v1/runs?size=500").statusCode()).isEqualTo(422);
        assertThat(http.get("/api/v1/runs/" + Long.MAX_VALUE).statusCode()).isEqualTo(404);
    }

    @Test
    void pushingNeedsATokenWithRunsWrite() {
        String body = RunApiSupport.envelope("vllm", RunApiSupport.context("main"), Samples.text(Samples.VLLM), false);
        String sweepsOnly = TestTokens.issue(apiTokens, Scope.SWEEPS_WRITE);
        long[] before = RunApiSupport.rowCounts(jdbc);

        assertThat(http.postJson("/api/v1/runs", body).statusCode()).isEqualTo(401);
        assertThat(http.postJson("/api/v1/runs", body, "Authorization", TestTokens.bearer(sweepsOnly)).statusCode())
                .isEqualTo(403);
        assertThat(RunApiSupport.rowCounts(jdbc)).containsExactly(before);
        assertThat(http.postJson("/api/v1/runs", body, "Authorization", TestTokens.adminBearer()).statusCode())
                .isEqualTo(201);
    }
}
