package io.costbench.service.run;

import java.util.List;
import java.util.Map;

import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

import io.costbench.engine.sim.DatasetLengths;
import io.costbench.engine.sim.LengthDistribution;
import io.costbench.engine.sim.RampUp;
import io.costbench.engine.sim.RequestLengths;
import io.costbench.service.web.BadInputException;
import tools.jackson.core.json.JsonReadFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** Every adapter on the real sample files: the vLLM names and units they map to, and what stays absent. */
class AdaptersTest {

    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS).build();

    private static ParsedRun only(ResultAdapter adapter, String sample) {
        List<ParsedRun> runs = adapter.parse(JSON.readTree(Samples.text(sample)), "result");
        assertThat(runs).hasSize(1);
        return runs.get(0);
    }

    @Test
    void vllmIsCopiedUnderItsOwnNames() {
        ParsedRun run = only(new VllmAdapter(), Samples.VLLM);
        Map<String, Double> metrics = run.metrics();

        assertThat(metrics).containsEntry("output_throughput", 124.58542994370372)
                .containsEntry("median_tpot_ms", 34.45028747967261)
                .containsEntry("p99_itl_ms", 38.25465443544089)
                .containsEntry("completed", 199.0).containsEntry("failed", 1.0)
                .containsEntry("max_concurrent_requests", 14.0);
        // request_goodput is null in the file, e2el was not requested, rtfx is not a vLLM serving metric.
        assertThat(metrics).doesNotContainKeys("request_goodput", "mean_e2el_ms", "rtfx");
        assertThat(run.concurrency()).isNull();
        assertThat(run.requestRate()).isEqualTo(1.0);
        assertThat(run.inputTokens()).isEqualTo(200);
        assertThat(run.outputTokens()).isEqualTo(128);
        assertThat(run.modelId()).isEqualTo("./Qwen2.5-VL-3B-Instruct");
        assertThat(run.client()).isEqualTo(new ClientSettings(200, 1.0));
    }

    /** Files written before vLLM recorded num_prompts: the requests sent are the completed plus the failed. */
    @Test
    void vllmWithoutNumPromptsCountsCompletedAndFailedRequests() {
        JsonNode older = JSON.readTree("{\"completed\": 97, \"failed\": 3, \"duration\": 5,"
                + " \"output_throughput\": 1, \"burstiness\": 0.5}");

        assertThat(new VllmAdapter().parse(older, "result").get(0).client()).isEqualTo(new ClientSettings(100, 0.5));
    }

    @Test
    void aBurstinessThatIsNotPositiveIsNamed() {
        JsonNode broken = JSON.readTree("{\"completed\": 10, \"duration\": 5, \"output_throughput\": 1,"
                + " \"burstiness\": 0}");

        assertRefused(() -> new VllmAdapter().parse(broken, "result"), "result.burstiness");
    }

    /** vLLM writes the ramp-up's strategy and rates next to request_rate "inf", which the ramp replaces. */
    @Test
    void vllmRampUpIsReadWithItsRates() {
        JsonNode ramp = JSON.readTree("{\"completed\": 300, \"failed\": 0, \"duration\": 60,"
                + " \"output_throughput\": 1, \"request_rate\": \"inf\", \"burstiness\": 1.0,"
                + " \"num_prompts\": 300, \"ramp_up_strategy\": \"exponential\", \"ramp_up_start_rps\": 2,"
                + " \"ramp_up_end_rps\": 32}");

        ParsedRun run = new VllmAdapter().parse(ramp, "result").get(0);

        assertThat(run.requestRate()).isNull();
        assertThat(run.client()).isEqualTo(new ClientSettings(300, 1.0,
                new RampUp(RampUp.Strategy.EXPONENTIAL, 2, 32), null, null, null));
    }

    /** What vLLM refuses to run cannot be in its file; a hand-edited one is named field by field. */
    @Test
    void aRampUpVllmWouldRefuseIsNamed() {
        String base = "{\"completed\": 10, \"duration\": 5, \"output_throughput\": 1, ";
        Map<String, String> broken = Map.of(
                "\"ramp_up_strategy\": \"stepwise\", \"ramp_up_start_rps\": 1, \"ramp_up_end_rps\": 4}",
                "result.ramp_up_strategy",
                "\"ramp_up_strategy\": \"linear\", \"ramp_up_start_rps\": 1}", "result.ramp_up_end_rps",
                "\"ramp_up_strategy\": \"linear\", \"ramp_up_start_rps\": 0, \"ramp_up_end_rps\": 4}",
                "result.ramp_up_start_rps",
                "\"ramp_up_strategy\": \"linear\", \"ramp_up_start_rps\": 8, \"ramp_up_end_rps\": 4}",
                "result.ramp_up_start_rps",
                "\"request_rate\": 3, \"ramp_up_strategy\": \"linear\", \"ramp_up_start_rps\": 1,"
                        + " \"ramp_up_end_rps\": 4}", "result.request_rate");
        broken.forEach((fields, field) -> assertRefused(
                () -> new VllmAdapter().parse(JSON.readTree(base + fields), "result"), fields, field));
    }

    @Test
    void sglangRenamesE2eLatencyAndAddsInputToOutputThroughput() {
        ParsedRun run = only(new SglangAdapter(), Samples.SGLANG);
        Map<String, Double> metrics = run.metrics();

        assertThat(metrics).containsEntry("median_e2el_ms", 1537.8948565048631)
                .containsEntry("p95_itl_ms", 18.839622958330438)
                .containsEntry("median_ttft_ms", 76.41966750088613);
        assertThat(metrics.get("total_token_throughput")).isCloseTo(1477.0827846460556 + 957.162043188693,
                within(1e-9));
        assertThat(metrics).doesNotContainKeys("mean_e2e_latency_ms", "concurrency", "accept_length", "failed");
        assertThat(run.concurrency()).isEqualTo(256);
        assertThat(run.requestRate()).isEqualTo(5.0);
        // sharegpt: the random_*_len fields are not the workload; the means of the totals are.
        assertThat(run.inputTokens()).isEqualTo(302);
        assertThat(run.modelId()).isNull();
        // No prompt count in SGLang's file: the completed requests; its arrivals are always Poisson. Its ShareGPT
        // answers were as long as the dataset's (sharegpt_output_len null), which the file gives only as means.
        assertThat(run.client()).isEqualTo(new ClientSettings(1000, null).sampling(DatasetLengths.shareGpt()));
    }

    @Test
    void onlyAShareGptRunThatStatesNoMoreThanItsMeansSamplesTheDataset() throws Exception {
        ObjectNode fixedAnswers = (ObjectNode) JSON.readTree(Samples.text(Samples.SGLANG));
        fixedAnswers.put("sharegpt_output_len", 256);
        assertThat(new SglangAdapter().parse(fixedAnswers, "result").get(0).client().dataset()).isNull();
        ObjectNode detailed = (ObjectNode) JSON.readTree(Samples.text(Samples.SGLANG));
        detailed.putArray("input_lens").add(300).add(304);
        detailed.putArray("output_lens").add(190).add(202);
        assertThat(new SglangAdapter().parse(detailed, "result").get(0).client().dataset()).isNull();
        ObjectNode random = (ObjectNode) JSON.readTree(Samples.text(Samples.SGLANG));
        random.put("dataset_name", "random");
        assertThat(new SglangAdapter().parse(random, "result").get(0).client().dataset()).isNull();
    }

    @Test
    void sglangRandomRunsStateTheirLengthsAndTheirRangeRatio() {
        ObjectNode random =
                (ObjectNode) JSON.readTree(Samples.text(Samples.SGLANG));
        random.put("dataset_name", "random");
        ParsedRun run = new SglangAdapter().parse(random, "result").get(0);
        // The sample's random_range_ratio 0.0, SGLang's default: lengths drawn from [1, L] around the stated L.
        assertThat(run.inputTokens()).isEqualTo(1024);
        assertThat(run.outputTokens()).isEqualTo(1024);
        assertThat(run.client()).isEqualTo(new ClientSettings(1000, null, null, 0.0, null, null));

        random.put("dataset_name", "random-ids").put("random_range_ratio", 0.5);
        assertThat(new SglangAdapter().parse(random, "result").get(0).client().rangeRatio()).isEqualTo(0.5);
        // 1 is fixed lengths, the series such runs were stored under before ratios were read; absent is unknown.
        random.put("random_range_ratio", 1.0);
        assertThat(new SglangAdapter().parse(random, "result").get(0).client().rangeRatio()).isNull();
        random.remove("random_range_ratio");
        assertThat(new SglangAdapter().parse(random, "result").get(0).client().rangeRatio()).isNull();
        for (double broken : new double[] {-0.1, 1.5}) {
            random.put("random_range_ratio", broken);
            assertRefused(() -> new SglangAdapter().parse(random, "result"), "result.random_range_ratio");
        }
    }

    @Test
    void detailedVllmAndSglangFilesListEveryRequestsLengthsLeavingFailedOnesOut() {
        for (String sample : new String[] {Samples.VLLM, Samples.SGLANG}) {
            ObjectNode detailed =
                    (ObjectNode) JSON.readTree(Samples.text(sample));
            detailed.putArray("input_lens").add(120).add(300).add(80);
            // The second request failed: vLLM and SGLang write 0 for its output.
            detailed.putArray("output_lens").add(40).add(0).add(7);
            ResultAdapter adapter = sample.equals(Samples.VLLM) ? new VllmAdapter() : new SglangAdapter();
            RequestLengths lengths = adapter.parse(detailed, "result").get(0).client().lengths();

            assertThat(lengths).as(sample).isEqualTo(new RequestLengths(new int[] {120, 80}, new int[] {40, 7}));
            detailed.putArray("output_lens").add(40).add(0);
            assertRefused(() -> adapter.parse(detailed, "result"), sample, "result.input_lens");
            detailed.putArray("output_lens").add(40).add(1.5).add(7);
            assertRefused(() -> adapter.parse(detailed, "result"), sample, "result.output_lens[1]");
        }
        assertThat(only(new VllmAdapter(), Samples.VLLM).client().lengths()).isNull();
    }

    @Test
    void guidellmConvertsSecondsAndReadsTheStrategy() {
        ParsedRun run = only(new GuidellmAdapter(), Samples.GUIDELLM);
        Map<String, Double> metrics = run.metrics();

        assertThat(metrics.get("median_e2el_ms")).isCloseTo(642.4565315246582, within(1e-9));
        assertThat(metrics).containsEntry("mean_ttft_ms", 16.792535781860348)
                .containsEntry("p99_tpot_ms", 5.217265337705612)
                .containsEntry("median_itl_ms", 4.9241227427805505)
                .containsEntry("output_throughput", 198.13346751788123)
                .containsEntry("completed", 46.0).containsEntry("failed", 0.0);
        assertThat(metrics.get("duration")).isCloseTo(29.997, within(1e-3));
        assertThat(run.concurrency()).isEqualTo(1);
        assertThat(run.inputTokens()).isEqualTo(256);
        assertThat(run.outputTokens()).isEqualTo(128);
        assertThat(run.label()).contains("benchmarks[0]").contains("synchronous");
        // 46 successful, 1 incomplete: 47 sent, the last cancelled when GuideLLM stopped after its max_duration.
        assertThat(run.client()).isEqualTo(new ClientSettings(47, null).stoppedAfter(30.0));

        ObjectNode file = (ObjectNode) JSON.readTree(Samples.text(Samples.GUIDELLM));
        ObjectNode args = (ObjectNode) file.get("benchmarks").get(0).get("args");
        args.putNull("max_duration");
        assertThat(new GuidellmAdapter().parse(file, "result").get(0).client().runSeconds()).isNull();
        for (double broken : new double[] {0, -5, 1e9}) {
            args.put("max_duration", broken);
            assertRefused(() -> new GuidellmAdapter().parse(file, "result"), "max_duration " + broken,
                    "result.benchmarks[0].args.max_duration");
        }
    }

    @Test
    void guidellmSplitsASweepIntoOneRunPerBenchmark() {
        JsonNode file = JSON.readTree(Samples.text(Samples.GUIDELLM));
        ArrayNode benchmarks = (ArrayNode) file.get("benchmarks");
        ObjectNode concurrent =
                (ObjectNode) benchmarks.get(0).deepCopy();
        ((ObjectNode) concurrent.get("args")).putObject("strategy")
                .put("type_", "concurrent").put("streams", 16);
        ObjectNode constant =
                (ObjectNode) benchmarks.get(0).deepCopy();
        ((ObjectNode) constant.get("args")).putObject("strategy")
                .put("type_", "constant").put("rate", 2.5);
        benchmarks.add(concurrent);
        benchmarks.add(constant);

        List<ParsedRun> runs = new GuidellmAdapter().parse(file, "result");

        assertThat(runs).extracting(ParsedRun::concurrency).containsExactly(1, 16, null);
        assertThat(runs).extracting(ParsedRun::requestRate).containsExactly(null, null, 2.5);
        // A constant rate sends at fixed intervals.
        assertThat(runs).extracting(run -> run.client().burstiness())
                .containsExactly(null, null, io.costbench.engine.sim.Workload.EVENLY_SPACED);
    }

    @Test
    void guidellmSyntheticDataStatesHowItDrewEachRequestsLengths() {
        ObjectNode file =
                (ObjectNode) JSON.readTree(Samples.text(Samples.GUIDELLM));
        ObjectNode loader = (ObjectNode) file
                .get("benchmarks").get(0).get("request_loader");
        // The sample's "prompt_tokens=256,output_tokens=128": every request alike, nothing drawn.
        assertThat(only(new GuidellmAdapter(), Samples.GUIDELLM).client().drawn()).isNull();

        loader.put("data", "prompt_tokens=256,prompt_tokens_stdev=64,prompt_tokens_max=400,output_tokens=128,"
                + "output_tokens_min=100,output_tokens_max=160");
        ParsedRun run = new GuidellmAdapter().parse(file, "result").get(0);
        assertThat(run.inputTokens()).isEqualTo(256);
        assertThat(run.outputTokens()).isEqualTo(128);
        assertThat(run.client().drawn()).isEqualTo(new DrawnLengths(
                LengthDistribution.guidellm(256, 64, null, 400), LengthDistribution.guidellm(128, null, 100, 160)));
        assertThat(run.client().drawn().label()).isEqualTo(
                "prompts 256 ± 64 (normal, clipped to 1-400), outputs uniform 100-160");
        assertThat(run.client().numPrompts()).isEqualTo(47);

        // JSON data, and GuideLLM 0.2-0.3's name for the stdev.
        loader.put("data", "{\"prompt_tokens\": 512, \"prompt_tokens_variance\": 32, \"output_tokens\": 64}");
        assertThat(new GuidellmAdapter().parse(file, "result").get(0).client().drawn()).isEqualTo(new DrawnLengths(
                LengthDistribution.guidellm(512, 32, null, null), LengthDistribution.fixed(64)));

        for (String broken : new String[] {"prompt_tokens=256,prompt_tokens_min=300,prompt_tokens_max=200,"
                + "output_tokens=128", "prompt_tokens=256,prompt_tokens_max=20000000,output_tokens=128"}) {
            loader.put("data", broken);
            assertRefused(() -> new GuidellmAdapter().parse(file, "result"), broken,
                    "result.benchmarks[0].request_loader.data");
        }
    }

    /** GuideLLM 0.7+ keeps the run's arguments once, at the top ({@code config.data}), not per benchmark. */
    @Test
    void guidellm07ReadsItsSyntheticDataFromTheReportsConfig() {
        ObjectNode file =
                (ObjectNode) JSON.readTree(Samples.text(Samples.GUIDELLM));
        ObjectNode benchmark =
                (ObjectNode) file.get("benchmarks").get(0);
        benchmark.remove("request_loader");
        benchmark.set("config", benchmark.remove("args"));
        file.putObject("config").putArray("data").add("prompt_tokens=1000,prompt_tokens_stdev=100,output_tokens=200");

        ParsedRun run = new GuidellmAdapter().parse(file, "result").get(0);

        assertThat(run.concurrency()).isEqualTo(1);
        assertThat(run.inputTokens()).isEqualTo(1000);
        assertThat(run.client().drawn()).isEqualTo(new DrawnLengths(LengthDistribution.guidellm(1000, 100, null, null),
                LengthDistribution.fixed(200)));
        ((ArrayNode) file.get("config").get("data")).removeAll()
                .add("prompt_tokens=1000,prompt_tokens_min=2000,prompt_tokens_max=1500,output_tokens=200");
        assertRefused(() -> new GuidellmAdapter().parse(file, "result"), "result.config.data[0]");
        // Two datasets: which request drew from which is not in the file, so neither is read.
        ((ArrayNode) file.get("config").get("data")).add("prompt_tokens=10,output_tokens=5");
        assertThat(new GuidellmAdapter().parse(file, "result").get(0).inputTokens()).isNull();
    }

    @Test
    void aiperfMapsStatisticsAndLeavesWhatTheExcerptLacksAbsent() {
        ParsedRun run = only(new AiperfAdapter(), Samples.AIPERF);
        Map<String, Double> metrics = run.metrics();

        assertThat(metrics).containsEntry("request_throughput", 0.14968841618235815)
                .containsEntry("mean_e2el_ms", 6655.520201949999)
                .containsEntry("median_ttft_ms", 44.452151)
                .containsEntry("p99_ttft_ms", 48.16844818)
                .containsEntry("std_ttft_ms", 3.440228207609689)
                .containsEntry("completed", 80.0);
        assertThat(metrics).doesNotContainKeys("output_throughput", "mean_tpot_ms", "mean_itl_ms");
        assertThat(new GenaiPerfAdapter().parse(JSON.readTree(Samples.text(Samples.AIPERF)), "result").get(0)
                .metrics()).isEqualTo(metrics);
    }

    @Test
    void aiperfConcurrencyRampIsTheClientsAndMustBeAPositiveLength() {
        ObjectNode file = (ObjectNode) JSON.readTree(Samples.text(Samples.AIPERF));
        ObjectNode loadgen = file.putObject("input_config").putObject("loadgen");
        loadgen.put("concurrency", 64).put("concurrency_ramp_duration", 30);

        ParsedRun run = new AiperfAdapter().parse(file, "result").get(0);

        assertThat(run.concurrency()).isEqualTo(64);
        assertThat(run.client()).isEqualTo(ClientSettings.UNSTATED.rampingConcurrencyOver(30.0));
        // Without one the client is unstated, as before.
        loadgen.remove("concurrency_ramp_duration");
        assertThat(new AiperfAdapter().parse(file, "result").get(0).client()).isEqualTo(ClientSettings.UNSTATED);
        loadgen.put("concurrency_ramp_duration", 0);
        assertRefused(() -> new AiperfAdapter().parse(file, "result"),
                "result.input_config.loadgen.concurrency_ramp_duration");
        loadgen.put("concurrency_ramp_duration", 86_401);
        assertRefused(() -> new AiperfAdapter().parse(file, "result"),
                "result.input_config.loadgen.concurrency_ramp_duration");
        loadgen.put("concurrency_ramp_duration", "soon");
        assertRefused(() -> new AiperfAdapter().parse(file, "result"),
                "result.input_config.loadgen.concurrency_ramp_duration");
    }

    @Test
    void llmperfSummaryConvertsSecondsAndDerivesTpotWithoutTtft() {
        ParsedRun run = only(new LlmperfAdapter(), Samples.LLMPERF_SUMMARY);
        Map<String, Double> metrics = run.metrics();

        assertThat(metrics.get("mean_ttft_ms")).isCloseTo(511.5081730199972, within(1e-9));
        assertThat(metrics.get("median_ttft_ms")).isCloseTo(516.5989695000235, within(1e-9));
        assertThat(metrics.get("p99_e2el_ms")).isCloseTo(4486.44712269999, within(1e-9));
        // LLMPerf's inter_token_latency_s (24.46 ms mean) includes TTFT; (e2e - ttft) / (out - 1) does not.
        assertThat(metrics.get("mean_tpot_ms")).isCloseTo(21.813073512641022, within(1e-9));
        assertThat(metrics.get("request_throughput")).isCloseTo(64.92561266104798 / 60, within(1e-12));
        assertThat(metrics).containsEntry("output_throughput", 162.86950633872)
                .containsEntry("completed", 150.0).containsEntry("failed", 0.0);
        assertThat(metrics).doesNotContainKeys("mean_itl_ms", "median_itl_ms", "p99_tpot_ms", "median_tpot_ms");
        assertThat(run.concurrency()).isEqualTo(5);
        assertThat(run.inputTokens()).isEqualTo(550);
        assertThat(run.outputTokens()).isEqualTo(150);
        // The leaderboard ran fixed lengths (stddevs 0): nothing drawn; 150 requests started.
        assertThat(run.client()).isEqualTo(new ClientSettings(150, null));
    }

    @Test
    void llmperfSummaryStddevsAreTheNormalsItDrewLengthsFrom() {
        ObjectNode summary =
                (ObjectNode) JSON.readTree(Samples.text(Samples.LLMPERF_SUMMARY));
        // LLMPerf's defaults: 150 and 80.
        summary.put("stddev_input_tokens", 150).put("stddev_output_tokens", "80");

        DrawnLengths drawn = new LlmperfAdapter().parse(summary, "result").get(0).client().drawn();

        assertThat(drawn).isEqualTo(new DrawnLengths(LengthDistribution.llmperf(550, 150),
                LengthDistribution.llmperf(150, 80)));
        assertThat(drawn.label()).isEqualTo(
                "prompts 550 ± 150 (normal, redrawn below 1), outputs 150 ± 80 (normal, redrawn below 1)");
        summary.put("stddev_output_tokens", -1);
        assertRefused(() -> new LlmperfAdapter().parse(summary, "result"), "result.stddev_output_tokens");
    }

    @Test
    void llmperfIndividualResponsesAreReplayedLeavingFailedOnesOut() {
        ArrayNode responses =
                (ArrayNode) JSON.readTree(Samples.text(Samples.LLMPERF_INDIVIDUAL));
        ((ObjectNode) responses.get(1)).put("number_input_tokens", 610);
        ((ObjectNode) responses.get(2)).put("error_code", 500);

        ClientSettings client = new LlmperfAdapter().parse(responses, "result").get(0).client();

        assertThat(client.numPrompts()).isEqualTo(4);
        assertThat(client.lengths()).isEqualTo(new RequestLengths(new int[] {550, 610, 550, 550},
                new int[] {outputs(responses, 0), outputs(responses, 1), outputs(responses, 3),
                        outputs(responses, 4)}));
        // A response without its prompt length cannot be replayed: the run is drawn as a sweep would draw it.
        ((ObjectNode) responses.get(0)).remove("number_input_tokens");
        assertThat(new LlmperfAdapter().parse(responses, "result").get(0).client().lengths()).isNull();
    }

    private static int outputs(JsonNode responses, int index) {
        return responses.get(index).get("number_output_tokens").asInt();
    }

    @Test
    void llmperfIndividualResponsesGiveVllmStatisticsPerRequest() {
        ParsedRun run = only(new LlmperfAdapter(), Samples.LLMPERF_INDIVIDUAL);
        Map<String, Double> metrics = run.metrics();

        assertThat(metrics.get("mean_tpot_ms")).isCloseTo(23.362289781332947, within(1e-9));
        assertThat(metrics.get("median_tpot_ms")).isCloseTo(23.29774463999911, within(1e-9));
        assertThat(metrics.get("std_tpot_ms")).isCloseTo(0.568644446929276, within(1e-9));
        assertThat(metrics.get("p90_tpot_ms")).isCloseTo(23.947532254666537, within(1e-9));
        assertThat(metrics.get("p99_ttft_ms")).isCloseTo(954.9007783199795, within(1e-9));
        assertThat(metrics).containsEntry("completed", 5.0).containsEntry("total_output_tokens", 755.0);
        assertThat(metrics).doesNotContainKeys("output_throughput", "request_throughput");
    }

    @Test
    void costbenchAcceptsVllmNamesOnly() {
        JsonNode document = JSON.readTree("{\"metrics\": {\"output_throughput\": 812.5, \"median_ttft_ms\": 41,"
                + " \"p99.9_tpot_ms\": 30.5}}");
        JsonNode typo = JSON.readTree("{\"metrics\": {\"output_througput\": 812.5}}");

        assertThat(new CostbenchAdapter().parse(document, "result").get(0).metrics())
                .containsOnlyKeys("output_throughput", "median_ttft_ms", "p99.9_tpot_ms");
        assertRefused(() -> new CostbenchAdapter().parse(typo, "result"), "result.metrics.output_througput");
    }

    @Test
    void aFileWithTooManyMetricsIsRefused() {
        StringBuilder file = new StringBuilder("{\"completed\": 10, \"duration\": 5, \"output_throughput\": 1");
        for (int i = 0; i < 300; i++) {
            file.append(", \"p").append(i / 10).append('.').append(i % 10 + 1).append("_ttft_ms\": 1");
        }
        JsonNode document = JSON.readTree(file.append('}').toString());

        assertThatThrownBy(() -> new VllmAdapter().parse(document, "result"))
                .isInstanceOf(BadInputException.class).hasMessageContaining("more than 200 metrics");
    }

    @Test
    void aFieldOfTheWrongTypeIsNamed() {
        JsonNode broken = JSON.readTree("{\"completed\": 10, \"duration\": 5, \"output_throughput\": \"fast\"}");

        assertRefused(() -> new VllmAdapter().parse(broken, "result"), "result.output_throughput");
    }

    /** The parse is refused with a 4xx naming {@code field}. */
    private static void assertRefused(ThrowingCallable parse, String field) {
        assertRefused(parse, field, field);
    }

    /** The same, described as {@code description} when it fails. */
    private static void assertRefused(ThrowingCallable parse, String description, String field) {
        assertThatThrownBy(parse).as(description).isInstanceOfSatisfying(BadInputException.class,
                e -> assertThat(e.field()).isEqualTo(field));
    }
}
