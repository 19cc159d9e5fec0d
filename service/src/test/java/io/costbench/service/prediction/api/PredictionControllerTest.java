package io.costbench.service.prediction.api;

import io.costbench.service.prediction.PredictionSliceConfig;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.greaterThan;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

@WebMvcTest(controllers = PredictionController.class)
@Import(PredictionSliceConfig.class)
class PredictionControllerTest {

    private static final String VALID = """
            {"model":"qwen3-8b","hardware":"test-gpu","inputTokens":256,"outputTokens":64,"concurrency":8}""";

    @Autowired
    MockMvc mvc;

    @Test
    void predictsWithDefaultsFromTheProfile() throws Exception {
        mvc.perform(post("/api/v1/predictions").contentType(MediaType.APPLICATION_JSON).content(VALID))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.scenario.model").value("qwen3-8b"))
                .andExpect(jsonPath("$.scenario.profile").value("test-vllm"))
                .andExpect(jsonPath("$.scenario.tensorParallel").value(1))
                .andExpect(jsonPath("$.scenario.precision").value("bf16"))
                .andExpect(jsonPath("$.scenario.numPrompts").value(80))
                .andExpect(jsonPath("$.scenario.seed").value(0))
                .andExpect(jsonPath("$.chips").value(1))
                .andExpect(jsonPath("$.metrics.completed").value(80.0))
                .andExpect(jsonPath("$.metrics.median_tpot_ms").value(greaterThan(0.0)))
                .andExpect(jsonPath("$.metrics.interactivity").value(greaterThan(0.0)))
                .andExpect(jsonPath("$.breakdown.totalMs").value(greaterThan(0.5)))
                .andExpect(jsonPath("$.breakdown.overhead").value(0.5))
                .andExpect(jsonPath("$.provenance.modelSha256").isString());
    }

    @Test
    void aGroupNoPublicMeasurementCoversIsSaidToBeNotValidated() throws Exception {
        mvc.perform(post("/api/v1/predictions").contentType(MediaType.APPLICATION_JSON).content(VALID))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.accuracy").value(nullValue()))
                .andExpect(jsonPath("$.accuracyNote").value(
                        "no public measurement of test-gpu test-vllm serving a dense model is in the validation set,"
                                + " so this prediction is not validated"));
    }

    @Test
    void theAccuracyOfAModelsKindListsOnlyGroupsOfThatKind() throws Exception {
        mvc.perform(get("/api/v1/predictions/accuracy").param("model", "Qwen/Qwen3-30B-A3B"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.model").value("qwen3-30b-a3b"))
                .andExpect(jsonPath("$.modelKind").value("moe"))
                .andExpect(jsonPath("$.groups[*].modelKind", everyItem(is("moe"))))
                .andExpect(jsonPath("$.groups[?(@.hardware == 'h100-sxm' && @.profile == 'trtllm')].rows",
                        contains(greaterThan(0))))
                .andExpect(jsonPath("$.about", containsString("validation report")));
        mvc.perform(get("/api/v1/predictions/accuracy"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.modelKind").value(nullValue()))
                .andExpect(jsonPath("$.groups[*].modelKind", hasItems("dense", "moe")));
        mvc.perform(get("/api/v1/predictions/accuracy").param("model", "gpt-5"))
                .andExpect(status().isUnprocessableContent())
                .andExpect(jsonPath("$.field").value("model"));
        mvc.perform(get("/api/v1/predictions/accuracy").param("modle", "qwen3-8b"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.field").value("modle"));
    }

    @Test
    void theSameRequestGivesTheSameNumbers() throws Exception {
        String body = VALID.replace("}", ",\"seed\":7,\"optimizations\":[\"fast-launch\"],\"priceOption\":\"on-demand\"}");
        String first = mvc.perform(post("/api/v1/predictions").contentType(MediaType.APPLICATION_JSON).content(body))
                .andExpect(status().isOk()).andExpect(jsonPath("$.breakdown.overhead").value(0.25))
                .andExpect(jsonPath("$.scenario.optimizations[0]").value("fast-launch"))
                .andReturn().getResponse().getContentAsString();
        String second = mvc.perform(post("/api/v1/predictions").contentType(MediaType.APPLICATION_JSON).content(body))
                .andReturn().getResponse().getContentAsString();
        assertThat(second).isEqualTo(first);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "missing model        | \"model\":\"qwen3-8b\",            | ''                                 | model",
            "zero input tokens    | \"inputTokens\":256                | \"inputTokens\":0                  | inputTokens",
            "too many tokens      | \"outputTokens\":64                | \"outputTokens\":131073            | outputTokens",
            "concurrency 0        | \"concurrency\":8                  | \"concurrency\":0                  | concurrency",
            "concurrency 5000     | \"concurrency\":8                  | \"concurrency\":5000               | concurrency",
            "fractional tokens    | \"inputTokens\":256                | \"inputTokens\":25.5               | inputTokens",
            "text for a number    | \"inputTokens\":256                | \"inputTokens\":\"many\"           | inputTokens",
            "tensor parallel 3    | \"concurrency\":8                  | \"concurrency\":8,\"tensorParallel\":3 | tensorParallel",
            "int4 precision       | \"concurrency\":8                  | \"concurrency\":8,\"precision\":\"int4\" | precision",
            "zero prompts         | \"concurrency\":8                  | \"concurrency\":8,\"numPrompts\":0 | numPrompts",
            "negative seed        | \"concurrency\":8                  | \"concurrency\":8,\"seed\":-1      | seed",
            "unknown field        | \"concurrency\":8                  | \"concurrency\":8,\"temperature\":0.7 | temperature",
            "too much work        | \"concurrency\":8                  | \"concurrency\":8,\"numPrompts\":100000,\"inputTokens\":131072 | numPrompts",
            "range ratio 1        | \"concurrency\":8                  | \"concurrency\":8,\"randomRangeRatio\":1 | randomRangeRatio",
            "negative range ratio | \"concurrency\":8                  | \"concurrency\":8,\"randomRangeRatio\":-0.1 | randomRangeRatio",
            "range ratio as text  | \"concurrency\":8                  | \"concurrency\":8,\"randomRangeRatio\":\"wide\" | randomRangeRatio",
            "spread over sequence | \"concurrency\":8                  | \"concurrency\":8,\"randomRangeRatio\":0.5,\"maxSequenceTokens\":320 | maxSequenceTokens",
            "ramp of no time      | \"concurrency\":8                  | \"concurrency\":8,\"concurrencyRampSeconds\":0 | concurrencyRampSeconds",
            "ramp over a day      | \"concurrency\":8                  | \"concurrency\":8,\"concurrencyRampSeconds\":86401 | concurrencyRampSeconds",
            "ramp as text         | \"concurrency\":8                  | \"concurrency\":8,\"concurrencyRampSeconds\":\"slow\" | concurrencyRampSeconds",
            "unknown dataset      | \"concurrency\":8                  | \"concurrency\":8,\"dataset\":\"alpaca\" | dataset",
            "dataset and ratio    | \"concurrency\":8                  | \"concurrency\":8,\"dataset\":\"sharegpt\",\"randomRangeRatio\":0.5 | dataset",
            "dataset's bounds     | \"inputTokens\":256                | \"inputTokens\":1100,\"dataset\":\"sharegpt\" | dataset",
            "dataset over sequence | \"concurrency\":8                 | \"concurrency\":8,\"dataset\":\"sharegpt\",\"maxSequenceTokens\":1024 | maxSequenceTokens"})
    void rejectsBadInputWith400NamingTheField(String name, String from, String to, String field) throws Exception {
        String body = VALID.replace(from, to);
        if ("too much work".equals(name)) {
            body = body.replace("\"inputTokens\":256,", "");
        }
        mvc.perform(post("/api/v1/predictions").contentType(MediaType.APPLICATION_JSON).content(body))
                .andExpect(status().isBadRequest())
                .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.field").value(field))
                .andExpect(jsonPath("$.errors[0].field").value(field));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "unknown model        | \"model\":\"qwen3-8b\"      | \"model\":\"gpt-5\"                  | model",
            "unknown hardware     | \"hardware\":\"test-gpu\"   | \"hardware\":\"a100\"                | hardware",
            "unknown profile      | \"hardware\":\"test-gpu\"   | \"hardware\":\"test-gpu\",\"profile\":\"sglang\" | profile",
            "unknown switch       | \"hardware\":\"test-gpu\"   | \"hardware\":\"test-gpu\",\"optimizations\":[\"warp-drive\"] | optimizations",
            "does not fit         | \"model\":\"qwen3-8b\"      | \"model\":\"llama-3.1-405b\"         | tensorParallel",
            "no mxfp4 checkpoint  | \"model\":\"qwen3-8b\"      | \"model\":\"qwen3-8b\",\"precision\":\"mxfp4\" | precision"})
    void rejectsUnusableScenariosWith422NamingTheField(String name, String from, String to, String field)
            throws Exception {
        mvc.perform(post("/api/v1/predictions").contentType(MediaType.APPLICATION_JSON).content(VALID.replace(from, to)))
                .andExpect(status().isUnprocessableContent())
                .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.field").value(field));
    }

    @Test
    void aMisfitNamesTheBytesAndTheSmallestTensorParallelismThatFits() throws Exception {
        mvc.perform(post("/api/v1/predictions").contentType(MediaType.APPLICATION_JSON)
                        .content(VALID.replace("\"model\":\"qwen3-8b\"", "\"model\":\"llama-3.1-405b\"")))
                .andExpect(status().isUnprocessableContent())
                .andExpect(jsonPath("$.requiredBytes").value(greaterThan(72e9)))
                .andExpect(jsonPath("$.availableBytes").value(72e9))
                .andExpect(jsonPath("$.smallestFittingTensorParallel").value(16));
    }

    @Test
    void kvCacheDtypeNamesItselfWhenTheHardwareHasNoFp8Cache() throws Exception {
        mvc.perform(post("/api/v1/predictions").contentType(MediaType.APPLICATION_JSON)
                        .content(VALID.replace("}", ",\"kvCacheDtype\":\"fp8\"}")))
                .andExpect(status().isUnprocessableContent())
                .andExpect(jsonPath("$.field").value("kvCacheDtype"));
        mvc.perform(post("/api/v1/predictions").contentType(MediaType.APPLICATION_JSON)
                        .content(VALID.replace("}", ",\"kvCacheDtype\":\"int4\"}")))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.field").value("kvCacheDtype"));
        mvc.perform(post("/api/v1/predictions").contentType(MediaType.APPLICATION_JSON)
                        .content(VALID.replace("}", ",\"kvCacheDtype\":\"auto\"}")))
                .andExpect(status().isOk());
    }

    /**
     * vllm bench serve's --random-range-ratio 0.5 draws 256 +- 128 prompt and 64 +- 32 output tokens: the means stay
     * (within a few percent over 80 requests), the lengths differ, and the answer keeps the stated lengths.
     */
    @Test
    void aRandomRangeRatioSpreadsTheLengthsAsVllmsBenchDoes() throws Exception {
        String fixed = mvc.perform(post("/api/v1/predictions").contentType(MediaType.APPLICATION_JSON).content(VALID))
                .andReturn().getResponse().getContentAsString();
        mvc.perform(post("/api/v1/predictions").contentType(MediaType.APPLICATION_JSON)
                        .content(VALID.replace("}", ",\"randomRangeRatio\":0.5}")))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.scenario.inputTokens").value(256))
                .andExpect(jsonPath("$.scenario.outputTokens").value(64))
                .andExpect(jsonPath("$.scenario.randomRangeRatio").value(0.5))
                .andExpect(jsonPath("$.scenario.numPrompts").value(80))
                .andExpect(jsonPath("$.metrics.total_input_tokens").value(
                        org.hamcrest.Matchers.both(greaterThan(80 * 256 * 0.95))
                                .and(org.hamcrest.Matchers.lessThan(80 * 256 * 1.05))))
                .andExpect(jsonPath("$.metrics.total_output_tokens").value(
                        org.hamcrest.Matchers.both(greaterThan(80 * 64 * 0.93))
                                .and(org.hamcrest.Matchers.lessThan(80 * 64 * 1.07))))
                .andExpect(jsonPath("$.metrics.total_input_tokens").value(org.hamcrest.Matchers.not(80 * 256.0)));
        assertThat(fixed).contains("\"randomRangeRatio\":0.0").contains("\"total_input_tokens\":20480.0");
    }

    /**
     * AIPerf's --concurrency-ramp-duration: the client opens its 8 slots one at a time over 600 s, longer than the 80
     * requests take one after another, so they run alone and the run takes longer than at once; the answer says so.
     */
    @Test
    void aConcurrencyRampOpensTheClientsSlotsOneAtATime() throws Exception {
        String atOnce = mvc.perform(post("/api/v1/predictions").contentType(MediaType.APPLICATION_JSON).content(VALID))
                .andReturn().getResponse().getContentAsString();
        String ramped = mvc.perform(post("/api/v1/predictions").contentType(MediaType.APPLICATION_JSON)
                        .content(VALID.replace("}", ",\"concurrencyRampSeconds\":600}")))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.scenario.concurrencyRampSeconds").value(600.0))
                .andExpect(jsonPath("$.scenario.concurrency").value(8))
                .andReturn().getResponse().getContentAsString();
        assertThat(atOnce).contains("\"concurrencyRampSeconds\":0.0");
        double atOnceSeconds = com.jayway.jsonpath.JsonPath.parse(atOnce).read("$.metrics.duration", Double.class);
        double rampedSeconds = com.jayway.jsonpath.JsonPath.parse(ramped).read("$.metrics.duration", Double.class);
        double rampedTpot = com.jayway.jsonpath.JsonPath.parse(ramped).read("$.metrics.mean_tpot_ms", Double.class);
        double atOnceTpot = com.jayway.jsonpath.JsonPath.parse(atOnce).read("$.metrics.mean_tpot_ms", Double.class);
        assertThat(rampedSeconds).isGreaterThan(atOnceSeconds);
        // Alone, each request decodes in steps of one sequence: no slower than in steps of eight.
        assertThat(rampedTpot).isLessThanOrEqualTo(atOnceTpot);
    }

    /**
     * ShareGPT's lengths around 256 / 64: each of the 32 draws (3,200 requests over runs of 80) holds the stated totals,
     * so the mean does too; its long answers finishing alone leave the closed loop's slots empty, which fixed lengths
     * never do, so it serves fewer tokens a second and its slowest requests take longer.
     */
    @Test
    void aShareGptRunIsTheMeanOverItsDraws() throws Exception {
        String fixed = mvc.perform(post("/api/v1/predictions").contentType(MediaType.APPLICATION_JSON).content(VALID))
                .andReturn().getResponse().getContentAsString();
        double fixedThroughput = com.jayway.jsonpath.JsonPath.parse(fixed).read("$.metrics.output_throughput",
                Double.class);
        double fixedP99 = com.jayway.jsonpath.JsonPath.parse(fixed).read("$.metrics.p99_e2el_ms", Double.class);
        mvc.perform(post("/api/v1/predictions").contentType(MediaType.APPLICATION_JSON)
                        .content(VALID.replace("}", ",\"dataset\":\"sharegpt\"}")))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.scenario.dataset").value("sharegpt"))
                .andExpect(jsonPath("$.scenario.draws").value(32))
                .andExpect(jsonPath("$.scenario.inputTokens").value(256))
                .andExpect(jsonPath("$.scenario.outputTokens").value(64))
                .andExpect(jsonPath("$.metrics.total_input_tokens").value(80 * 256.0))
                .andExpect(jsonPath("$.metrics.total_output_tokens").value(
                        org.hamcrest.Matchers.closeTo(80 * 64.0, 1e-6)))
                .andExpect(jsonPath("$.metrics.output_throughput").value(
                        org.hamcrest.Matchers.lessThan(0.97 * fixedThroughput)))
                .andExpect(jsonPath("$.metrics.p99_e2el_ms").value(greaterThan(1.5 * fixedP99)));
        assertThat(fixed).contains("\"dataset\":null").contains("\"draws\":1");
        mvc.perform(get("/api/v1/predictions/explain").param("model", "qwen3-8b").param("hardware", "test-gpu")
                        .param("inputTokens", "256").param("outputTokens", "64").param("concurrency", "8")
                        .param("dataset", "sharegpt"))
                .andExpect(status().isOk());
    }

    @Test
    void aliasesResolveToTheCatalogIds() throws Exception {
        mvc.perform(post("/api/v1/predictions").contentType(MediaType.APPLICATION_JSON)
                        .content(VALID.replace("qwen3-8b", "Qwen/Qwen3-8B")))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.scenario.model").value("qwen3-8b"));
    }

    @Test
    void reportsEveryBadFieldAtOnce() throws Exception {
        mvc.perform(post("/api/v1/predictions").contentType(MediaType.APPLICATION_JSON)
                        .content("{\"hardware\":\"test-gpu\",\"inputTokens\":0,\"outputTokens\":64,\"concurrency\":8,\"x\":1}"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.errors.length()").value(3))
                .andExpect(jsonPath("$.detail").value(containsString("unknown field")));
    }

    @Test
    void compiledShapesAreEchoedAndCheckedField() throws Exception {
        mvc.perform(post("/api/v1/predictions").contentType(MediaType.APPLICATION_JSON).content(VALID.replace("}",
                        ",\"compiledBatchSize\":16,\"maxSequenceTokens\":4096,\"contextBuckets\":[1024,4096]}")))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.scenario.staticShapes.batchSizes[0]").value(16))
                .andExpect(jsonPath("$.scenario.staticShapes.maxSequenceTokens").value(4096))
                .andExpect(jsonPath("$.scenario.staticShapes.contextBuckets[1]").value(4096));
        mvc.perform(post("/api/v1/predictions").contentType(MediaType.APPLICATION_JSON).content(VALID.replace("}",
                        ",\"maxSequenceTokens\":10,\"contextBuckets\":[0]}")))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.errors[*].field", containsInAnyOrder("maxSequenceTokens", "contextBuckets")));
    }

    @Test
    void malformedJsonIsA400() throws Exception {
        mvc.perform(post("/api/v1/predictions").contentType(MediaType.APPLICATION_JSON).content("{\"model\":"))
                .andExpect(status().isBadRequest())
                .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON));
    }

    @Test
    void explainsTheMedianDecodeStep() throws Exception {
        mvc.perform(get("/api/v1/predictions/explain").param("model", "qwen3-8b").param("hardware", "test-gpu")
                        .param("inputTokens", "256").param("outputTokens", "64").param("concurrency", "8")
                        .param("optimizations", "fast-launch"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.shape.decodeSequences").value(8))
                .andExpect(jsonPath("$.shape.prefills.length()").value(0))
                .andExpect(jsonPath("$.operators[0].name").value("embedding"))
                .andExpect(jsonPath("$.cost.timeMs").value(greaterThan(0.25)));
        mvc.perform(get("/api/v1/predictions/explain").param("model", "qwen3-8b").param("hardware", "test-gpu")
                        .param("inputTokens", "lots").param("outputTokens", "64").param("concurrency", "8"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.field").value("inputTokens"));
    }
}
