package io.costbench.service.pricing;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.costbench.service.prediction.AcceleratorRegistry;
import io.costbench.service.support.LocalHttp;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Cost targets S9-S11 of seed-targets.md, checked through GET /api/v1/break-even (which predicts through the
 * predictions service and prices with the catalog's seeded on-demand prices). The sweep is the calibration targets'
 * (concurrency 1..64, highest 64 assumed as in S1); 1024 in / 1024 out, Gemma4-31B also 8192 in. Each figure, its
 * error and its verdict are printed. As in WriteUpCostTargetsTest (the same targets on the simulator directly), S10 and
 * S11 as re-scoped (seed-targets.md, revised 2026-11-30) are asserted in full; S9 is a reported figure there, of which
 * only the direction (out of the box dearer than H100 somewhere) is asserted.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class SeedTargetsCostTest {

    private static final String SWEEP = "&concurrencies=1,2,4,8,16,32,64";
    private static final String[][] WORKLOADS = {
            {"qwen3.5-4b", "1024"}, {"qwen3-30b-a3b", "1024"}, {"gemma4-31b", "1024"}, {"gemma4-31b", "8192"}};

    private final JsonMapper json = JsonMapper.builder().build();

    @LocalServerPort
    int port;

    @Autowired
    AcceleratorRegistry accelerators;

    /** A family missing can only be a wiring regression: fail, never skip. */
    @BeforeEach
    void needsBothFamilies() {
        assertThat(accelerators.forHardware("trn2")).as("the Trainium2 accelerator family is registered").isPresent();
        assertThat(accelerators.forHardware("h100-sxm")).as("the H100 accelerator family is registered").isPresent();
    }

    @Test
    void s9BaselineIsUpToThreeTimesTheH100CostPerMillionOutputTokens() {
        double max = 0;
        String where = "";
        for (String[] workload : WORKLOADS) {
            JsonNode view = breakEven(workload[0], workload[1], "vllm-neuron-baseline");
            for (JsonNode point : view.get("points")) {
                double ratio = point.get("costRatio").asDouble();
                if (ratio > max) {
                    max = ratio;
                    where = workload[0] + " " + workload[1] + "/1024 c=" + point.get("concurrency").asInt();
                }
            }
        }
        System.out.printf(Locale.ROOT, "S9 (reported) max cost(baseline)/cost(H100) = %.3f at %s; the write-up says"
                + " \"up to 3x\"%n", max, where);
        // What the text's direction still requires: out of the box, Trainium2 is dearer than H100 somewhere.
        assertThat(max).as("S9 at " + where).isGreaterThan(1.0);
    }

    @Test
    void s10OptimizedGemmaIsCheaperThanH100AtEveryConcurrency() {
        for (String[] workload : new String[][] {WORKLOADS[2], WORKLOADS[3]}) {
            JsonNode view = breakEven(workload[0], workload[1], "vllm-neuron-optimized");
            List<Double> ratios = ratios(view);
            System.out.printf(Locale.ROOT, "S10 %s %s/1024 cost(optimized)/cost(H100) by concurrency: %s (%s)%n",
                    workload[0], workload[1], ratios, view.get("verdictText").asString());
            assertThat(view.get("verdict").asString()).as("S10 " + workload[1])
                    .isEqualTo("A_CHEAPER_AT_EVERY_CONCURRENCY");
        }
    }

    @Test
    void s11OptimizedQwenIsCompetitiveAtLowConcurrencyAndH100WinsAtTheTop() {
        JsonNode view = breakEven("qwen3.5-4b", "1024", "vllm-neuron-optimized");
        JsonNode first = view.get("points").get(0);
        JsonNode last = view.get("points").get(view.get("points").size() - 1);
        double low = first.get("costRatio").asDouble();
        double high = last.get("costRatio").asDouble();
        report("S11", "cost(optimized)/cost(H100) at c=1", low, 1.0,
                "at most 1.33: " + (low <= 1.33 ? "pass" : "FAIL"));
        double trnInteractivity = last.get("a").get("interactivity").asDouble();
        double h100Interactivity = last.get("b").get("interactivity").asDouble();
        System.out.printf(Locale.ROOT, "S11 at c=%d: cost ratio %.3f (above c=1: %s), interactivity trn2 %.1f vs "
                        + "H100 %.1f tok/s/user (H100 higher: %s)%n", last.get("concurrency").asInt(), high,
                high > low, trnInteractivity, h100Interactivity, h100Interactivity > trnInteractivity);
        assertThat(first.get("concurrency").asInt()).isEqualTo(1);
        assertThat(low).as("S11: competitive at concurrency 1").isLessThanOrEqualTo(1.33);
        assertThat(h100Interactivity).as("S11: H100 interactivity higher").isGreaterThan(trnInteractivity);
        assertThat(high).as("S11: cost ratio rises with concurrency").isGreaterThan(low);
    }

    private JsonNode breakEven(String model, String inputTokens, String profile) {
        HttpResponse<String> response = new LocalHttp(port).get("/api/v1/break-even?model=" + model
                + "&inputTokens=" + inputTokens + "&outputTokens=1024&aProfile=" + profile + SWEEP);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        JsonNode view = json.readTree(response.body());
        System.out.printf(Locale.ROOT, "break-even %s %s/1024 %s vs h100-sxm/vllm: %s%n", model, inputTokens, profile,
                ratios(view));
        return view;
    }

    private static List<Double> ratios(JsonNode view) {
        List<Double> ratios = new ArrayList<>();
        view.get("points").forEach(p -> ratios.add(Math.round(p.get("costRatio").asDouble() * 1000) / 1000.0));
        return ratios;
    }

    private static void report(String id, String what, double value, double target, String where) {
        System.out.printf(Locale.ROOT, "%s %s = %.3f (target %.2f, error %+.1f%%) at %s%n", id, what, value, target,
                (value - target) / target * 100, where);
    }
}
