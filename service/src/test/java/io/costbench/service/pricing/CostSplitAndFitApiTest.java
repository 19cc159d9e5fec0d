package io.costbench.service.pricing;

import java.net.http.HttpResponse;

import io.costbench.service.accuracy.AccuracyCatalog;
import io.costbench.service.prediction.AcceleratorRegistry;
import io.costbench.service.support.LocalHttp;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A prediction's cost split between input and output tokens (prefill and decode time), a missing cost that says why,
 * and break-even's per-side tensor parallelism and precision, with the smallest TP that fits when a side does not.
 */
@Tag("database")
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class CostSplitAndFitApiTest {

    private final JsonMapper json = JsonMapper.builder().build();

    @LocalServerPort
    int port;
    @Autowired
    AcceleratorRegistry accelerators;

    @BeforeEach
    void needsBothFamilies() {
        assumeTrue(accelerators.forHardware("trn2").isPresent() && accelerators.forHardware("h100-sxm").isPresent(),
                "the Trainium2 and GPU families are not both registered in this build");
    }

    @Test
    void thePredictedCostSplitsTheBillBetweenInputAndOutputTokensAndBlendsThreeToOne() {
        JsonNode prediction = predict("""
                {"model":"qwen3-8b","hardware":"h100-sxm","inputTokens":2048,"outputTokens":256,"concurrency":16}""");
        JsonNode cost = prediction.get("cost");
        JsonNode split = cost.get("split");
        double output = prediction.get("metrics").get("output_throughput").asDouble();
        double input = prediction.get("metrics").get("total_token_throughput").asDouble() - output;
        double share = split.get("prefillTimeShare").asDouble();
        double in = split.get("usdPerMillionInputTokens").asDouble();
        double out = split.get("usdPerMillionOutputTokens").asDouble();

        assertThat(share).isStrictlyBetween(0.0, 1.0);
        assertThat(split.get("usdPerMillionTokensBlended3to1").asDouble()).isCloseTo((3 * in + out) / 4, within(1e-9));
        // The two prices together charge exactly the hour: nothing lost, nothing counted twice.
        double usdPerSecond = cost.get("usdPerHour").asDouble() / 3600;
        assertThat(in * input / 1e6 + out * output / 1e6).isCloseTo(usdPerSecond, within(1e-9 * usdPerSecond));
        assertThat(in * input / 1e6).isCloseTo(share * usdPerSecond, within(1e-9 * usdPerSecond));
        // Output tokens cost more than input tokens (decode reads the weights per token, prefill in bulk).
        assertThat(out).isGreaterThan(in);
        assertThat(cost.has("blendedUsdPerMillionTokens")).isFalse();
        assertThat(prediction.get("costNote").isNull()).isTrue();
    }

    @Test
    void aPredictionWithoutAPriceSaysWhy() {
        JsonNode prediction = predict("""
                {"model":"qwen3-8b","hardware":"h200-sxm","inputTokens":1024,"outputTokens":256,"concurrency":4}""");
        assertThat(prediction.get("metrics").get("output_throughput").asDouble()).isPositive();
        assertThat(prediction.get("cost").isNull()).isTrue();
        assertThat(prediction.get("costNote").asString()).contains("no on-demand price for h200-sxm")
                .contains("none is in the price catalog").contains("POST /api/v1/prices");
    }

    @Test
    void breakEvenNamesTheSideThatDoesNotFitWithTheSmallestTensorParallelismThatFits() throws Exception {
        LocalHttp http = new LocalHttp(port);
        HttpResponse<String> misfit = http.get("/api/v1/break-even?model=llama-3.3-70b&concurrencies=1,8");
        assertThat(misfit.statusCode()).isEqualTo(422);
        JsonNode problem = json.readTree(misfit.body());
        assertThat(problem.get("field").asString()).isEqualTo("aTensorParallel");
        int smallest = problem.get("smallestFittingTensorParallel").asInt();
        assertThat(smallest).isGreaterThan(4);

        HttpResponse<String> fits = http.get("/api/v1/break-even?model=llama-3.3-70b&concurrencies=1,8"
                + "&aTensorParallel=" + smallest + "&bTensorParallel=4&bPrecision=fp8");
        assertThat(fits.statusCode()).as(fits.body()).isEqualTo(200);
        // Each side says how far its group was from public measurements: the write-up's optimized Trainium2 stack
        // has none of its own, H100 vLLM serving dense models has.
        JsonNode sides = json.readTree(fits.body());
        assertThat(sides.get("a").get("profile").asString()).isEqualTo("vllm-neuron-optimized");
        assertThat(sides.get("a").get("accuracy").isNull()).isTrue();
        assertThat(sides.get("b").get("accuracy").get("rows").asInt())
                .isEqualTo(new AccuracyCatalog().find("h100-sxm", "vllm", false).orElseThrow().rows());

        HttpResponse<String> odd = http.get("/api/v1/break-even?model=qwen3-8b&bTensorParallel=3");
        assertThat(odd.statusCode()).isEqualTo(400);
        assertThat(json.readTree(odd.body()).get("field").asString()).isEqualTo("bTensorParallel");
    }

    private JsonNode predict(String body) {
        HttpResponse<String> response = new LocalHttp(port).postJson("/api/v1/predictions", body);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return json.readTree(response.body());
    }
}
