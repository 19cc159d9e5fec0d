package io.costbench.service.plan;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.web.context.request.RequestContextHolder;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The plan's operating point against a brute-force sweep, for both traffic models. Closed loop: every concurrency of
 * the search grid from 1 to 512 (32 points, four per doubling); open loop (poisson arrivals): every request rate of
 * the rate grid (57 points, 1/64 to 256 requests/s). Each point is simulated and checked against the SLO; the
 * cheapest point that meets it (closed: most output throughput; open: highest rate) must be the plan's point or its
 * grid neighbour. Replicas, accelerators, the monthly bill, the cost per million output tokens and the headroom are
 * then recomputed by hand from the simulated metrics and the seeded on-demand prices.
 */
@SpringBootTest(properties = "spring.quartz.scheduler-name=plan-correctness")
class PlannerCorrectnessTest {

    @Autowired
    Planner planner;

    @Autowired
    PlanSimulations simulations;

    @Autowired
    PlanProperties properties;

    /**
     * The mock web environment binds a request to the test thread, which would give every brute-force point of a
     * method one API deadline between them; the planner runs its points as background work (a deadline each), and so
     * does the sweep here.
     */
    @BeforeEach
    void runAsBackgroundWork() {
        RequestContextHolder.resetRequestAttributes();
    }

    @ParameterizedTest
    @ValueSource(strings = {"qwen3.5-4b", "qwen3-30b-a3b", "llama-3.1-8b"})
    void closedLoopChosenPointIsTheBruteForceBestWithinOneGridStep(String model) {
        PlanRequest request = request(model, "closed-loop");
        PlanResult plan = planner.plan(request);
        assertThat(plan.arrivals()).isEqualTo("closed-loop");
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

    @ParameterizedTest
    @ValueSource(strings = {"qwen3.5-4b", "qwen3-30b-a3b", "llama-3.1-8b"})
    void openLoopChosenRateIsTheBruteForceBestWithinOneGridStep(String model) {
        PlanRequest request = request(model, "poisson");
        PlanResult plan = planner.plan(request);
        assertThat(plan.arrivals()).isEqualTo("poisson");
        assertThat(plan.burstiness()).isEqualTo(1.0);
        List<Double> grid = OperatingPointSearch.rateGrid(properties.minRequestsPerSecond(),
                properties.maxRequestsPerSecond(), properties.gridStepsPerDoubling());
        Slo slo = request.slo();
        int checked = 0;
        for (CandidateResult candidate : plan.candidates()) {
            CandidateSpec spec = new CandidateSpec(candidate.hardware(), candidate.profile(), null, null, null);
            var deployed = simulations.deploy(model, spec, request.workload().maxModelLenTokens());
            Double best = null;
            for (double rate : grid) {
                if (slo.meets(simulations.simulateRate(deployed, request.workload(), rate, 1.0))) {
                    best = rate;
                }
            }
            if (best == null) {
                assertThat(candidate.status()).isEqualTo(CandidateResult.MISSES);
                assertThat(candidate.reason()).startsWith("SLO missed even at 0.01563 requests/s");
                continue;
            }
            assertThat(candidate.status()).as(candidate.label()).isEqualTo(CandidateResult.MEETS);
            assertThat(candidate.concurrency()).isNull();
            double chosen = candidate.requestsPerSecondPerReplica();
            assertThat(Math.abs(grid.indexOf(chosen) - grid.indexOf(best))).as(candidate.label() + ": chosen " + chosen
                    + " requests/s, brute force " + best).isLessThanOrEqualTo(1);
            // By hand: the replica serves the chosen rate, 1024 output tokens each.
            int replicas = (int) Math.ceil(12.5 / chosen);
            double pricePerHour = candidate.hardware().equals("trn2") ? 2.23 : 5.19;
            assertThat(candidate.replicas()).isEqualTo(replicas);
            assertThat(candidate.acceleratorsPerReplica()).isEqualTo(1);
            assertThat(candidate.accelerators()).isEqualTo(replicas);
            assertThat(candidate.usdPerMonth()).isCloseTo(replicas * pricePerHour * 730.0,
                    org.assertj.core.data.Offset.offset(1e-6));
            assertThat(candidate.usdPerMillionOutputTokens()).isCloseTo(
                    pricePerHour / (chosen * 1024 * 3600) * 1e6, org.assertj.core.data.Offset.offset(1e-9));
            assertThat(candidate.headroomPercent()).isCloseTo((replicas * chosen / 12.5 - 1) * 100,
                    org.assertj.core.data.Offset.offset(1e-9));
            checked++;
        }
        assertThat(checked).as("candidates that meet the SLO").isGreaterThanOrEqualTo(1);
    }

    @org.junit.jupiter.api.Test
    void defaultCandidatesTakeEveryPrecisionTheProfileDeclares() {
        List<String> offered = simulations.hardwareProfiles().stream()
                .map(c -> c.hardware() + " " + c.profile() + " " + c.precision()).toList();
        assertThat(offered).contains("h100-sxm vllm bf16", "h100-sxm vllm fp8", "h100-sxm trtllm bf16",
                "h100-sxm trtllm fp8", "trn2 vllm-neuron-optimized bf16")
                .doesNotContain("trn2 vllm-neuron-optimized fp8");
    }

    @org.junit.jupiter.api.Test
    void aCandidateThatRefusesThePromptIsReportedWithTheReasonAndTheOthersPlanned() {
        // TensorRT-LLM takes prompts whole: 9,000 tokens exceed its 8,192-token step unless chunked prefill is on
        PlanRequest request = PlanRequests.fromJson(Map.of("model", "qwen3-8b",
                "workload", Map.of("inputTokens", 9000, "outputTokens", 64),
                "demand", Map.of("requestsPerSecond", 0.5, "arrivals", "closed-loop"),
                "slo", Map.of("ttftMs", Map.of("p90", 20000), "minInteractivity", 5),
                "candidates", List.of(Map.of("hardware", "h100-sxm", "profile", "trtllm"),
                        Map.of("hardware", "h100-sxm", "profile", "trtllm", "optimizations", List.of("chunked-prefill")),
                        Map.of("hardware", "h100-sxm", "profile", "vllm"))), properties.maxCandidates());

        PlanResult plan = planner.plan(request);

        assertThat(plan.candidates()).filteredOn(c -> CandidateResult.NOT_DEPLOYABLE.equals(c.status()))
                .singleElement().satisfies(c -> {
                    assertThat(c.profile()).isEqualTo("trtllm");
                    assertThat(c.optimizations()).isNullOrEmpty();
                    assertThat(c.reason()).contains("9000 tokens").contains("whole prompts");
                });
        assertThat(plan.candidates()).filteredOn(c -> CandidateResult.MEETS.equals(c.status())).hasSize(2);
    }

    private PlanRequest request(String model, String arrivals) {
        return PlanRequests.fromJson(Map.of("model", model,
                "workload", Map.of("inputTokens", 1024, "outputTokens", 1024),
                "demand", Map.of("requestsPerSecond", 12.5, "arrivals", arrivals),
                "slo", Map.of("ttftMs", Map.of("p90", 2000), "minInteractivity", 30),
                "candidates", List.of(Map.of("hardware", "trn2", "profile", "vllm-neuron-optimized"),
                        Map.of("hardware", "h100-sxm", "profile", "vllm"))), properties.maxCandidates());
    }
}
