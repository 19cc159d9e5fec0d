package io.costbench.service.plan;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The plan's operating point against a brute-force sweep: every concurrency of the search grid from 1 to 512
 * (32 points, four per doubling), each simulated and checked against the SLO. The cheapest point that meets the SLO
 * (most output throughput) must be the plan's point or its grid neighbour. Replicas, accelerators, the monthly bill,
 * the cost per million output tokens and the headroom are then recomputed by hand from the simulated metrics and the
 * seeded on-demand prices.
 */
@SpringBootTest(properties = "spring.quartz.scheduler-name=plan-correctness")
class PlannerCorrectnessTest {

    @Autowired
    Planner planner;

    @Autowired
    PlanSimulations simulations;

    @Autowired
    PlanProperties properties;

    @ParameterizedTest
    @ValueSource(strings = {"qwen3.5-4b", "qwen3-30b-a3b", "llama-3.1-8b"})
    void chosenPointIsTheBruteForceBestWithinOneGridStep(String model) {
        PlanRequest request = PlanRequests.fromJson(Map.of("model", model,
                "workload", Map.of("inputTokens", 1024, "outputTokens", 1024),
                "demand", Map.of("requestsPerSecond", 12.5),
                "slo", Map.of("ttftMs", Map.of("p90", 2000), "minInteractivity", 30),
                "candidates", List.of(Map.of("hardware", "trn2", "profile", "vllm-neuron-optimized"),
                        Map.of("hardware", "h100-sxm", "profile", "vllm"))), properties.maxCandidates());
        PlanResult plan = planner.plan(request);
        List<Integer> grid = OperatingPointSearch.grid(512, properties.gridStepsPerDoubling());
        Slo slo = request.slo();
        int checked = 0;
        for (CandidateResult candidate : plan.candidates()) {
            CandidateSpec spec = new CandidateSpec(candidate.hardware(), candidate.profile(), null, null, null);
            var deployed = simulations.deploy(model, spec, request.workload().maxModelLenTokens());
            Integer best = null;
            double bestThroughput = 0;
            for (int c : grid) {
                Map<String, Double> metrics = simulations.simulate(deployed, request.workload(), c);
                if (slo.meets(metrics) && metrics.get("output_throughput") > bestThroughput) {
                    best = c;
                    bestThroughput = metrics.get("output_throughput");
                }
            }
            if (best == null) {
                assertThat(candidate.status()).isEqualTo(CandidateResult.MISSES);
                assertThat(candidate.reason()).startsWith("SLO missed even at concurrency 1");
                continue;
            }
            assertThat(candidate.status()).as(candidate.label()).isEqualTo(CandidateResult.MEETS);
            int chosen = candidate.concurrency();
            assertThat(Math.abs(grid.indexOf(chosen) - grid.indexOf(best))).as(candidate.label() + ": chosen " + chosen
                    + ", brute force " + best).isLessThanOrEqualTo(1);
            // The hand computation: replicas for 12.5 requests/s, accelerators, the monthly bill at the seeded price.
            Map<String, Double> atChosen = simulations.simulate(deployed, request.workload(), chosen);
            int replicas = (int) Math.ceil(12.5 / atChosen.get("request_throughput"));
            double pricePerHour = candidate.hardware().equals("trn2") ? 2.23 : 5.19;
            int perReplica = candidate.hardware().equals("trn2") ? 1 : 1; // TP=4 at LNC=2 is one chip; TP=1 one GPU
            assertThat(candidate.replicas()).isEqualTo(replicas);
            assertThat(candidate.acceleratorsPerReplica()).isEqualTo(perReplica);
            assertThat(candidate.accelerators()).isEqualTo(replicas * perReplica);
            assertThat(candidate.usdPerMonth()).isCloseTo(replicas * perReplica * pricePerHour * 730.0,
                    org.assertj.core.data.Offset.offset(1e-6));
            assertThat(candidate.usdPerMillionOutputTokens()).isCloseTo(
                    perReplica * pricePerHour / (atChosen.get("output_throughput") * 3600) * 1e6,
                    org.assertj.core.data.Offset.offset(1e-9));
            assertThat(candidate.headroomPercent()).isCloseTo(
                    (replicas * atChosen.get("request_throughput") / 12.5 - 1) * 100,
                    org.assertj.core.data.Offset.offset(1e-9));
            checked++;
        }
        assertThat(checked).as("candidates that meet the SLO").isGreaterThanOrEqualTo(1);
    }
}
