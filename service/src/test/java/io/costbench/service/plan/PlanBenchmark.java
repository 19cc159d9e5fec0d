package io.costbench.service.plan;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Speed of a default plan (every priced hardware, profile, tensor parallelism and precision for one model, chat SLO,
 * poisson arrivals): the first plan after start (cold deployments and step-price memos) and warm repeats; then the
 * same model's closed-loop plan (deployments already warm, new points). Tag {@code benchmark}, excluded by
 * default:
 *
 * <pre>
 * mvn -B -pl service -am verify -Dcostbench.test.excludedGroups=browser -Dtest=PlanBenchmark \
 *     -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 *
 * Prints the figures and writes them to {@code service/target/plan-benchmark.txt}.
 */
@Tag("benchmark")
@SpringBootTest(properties = "spring.quartz.scheduler-name=plan-benchmark")
class PlanBenchmark {

    @Autowired
    Planner planner;

    @Autowired
    PlanProperties properties;

    @Test
    void defaultPlans() throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add(String.format(Locale.ROOT, "%d cores, load average %.1f at start", Runtime.getRuntime()
                .availableProcessors(), ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage()));
        // The first plan in a fresh JVM also pays class loading and JIT compilation of the simulator.
        lines.add(time("llama-3.1-8b poisson (first plan in a fresh JVM)", request("llama-3.1-8b", "poisson"))
                .line());
        for (String model : List.of("qwen3.5-4b", "qwen3-30b-a3b", "gemma4-31b")) {
            for (String arrivals : List.of("poisson", "closed-loop")) {
                PlanRequest request = request(model, arrivals);
                Timed cold = time(model + " " + arrivals + (arrivals.equals("poisson")
                        ? " (first plan for the model: new deployments, empty memos)"
                        : " (deployments warm, new points)"), request);
                List<Timed> warm = new ArrayList<>();
                for (int i = 0; i < 5; i++) {
                    warm.add(time(model, request));
                }
                warm.sort(java.util.Comparator.comparingDouble(Timed::wallMs));
                lines.add(cold.line());
                lines.add(String.format(Locale.ROOT, "%s %s warm repeat: median %.0f ms wall (%.0f ms CPU), max %.0f "
                        + "ms", model, arrivals, warm.get(2).wallMs(), warm.get(2).cpuMs(), warm.get(4).wallMs()));
                assertThat(cold.result().candidates()).isNotEmpty();
            }
        }
        lines.forEach(System.out::println);
        Files.write(Path.of("target", "plan-benchmark.txt"), lines);
    }

    private PlanRequest request(String model, String arrivals) {
        return PlanRequests.fromJson(Map.of("model", model,
                "workload", Map.of("inputTokens", 1024, "outputTokens", 1024),
                "demand", Map.of("requestsPerSecond", 20, "arrivals", arrivals),
                "slo", Map.of("ttftMs", Map.of("p90", 2000), "minInteractivity", 30)), properties.maxCandidates());
    }

    /** Wall time and the process's CPU time (every thread: the search pool, GC, JIT) of one plan. */
    private Timed time(String what, PlanRequest request) {
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long cpu = os.getProcessCpuTime();
        long start = System.nanoTime();
        PlanResult result = planner.plan(request);
        return new Timed(what, (System.nanoTime() - start) / 1e6, (os.getProcessCpuTime() - cpu) / 1e6, result);
    }

    record Timed(String what, double wallMs, double cpuMs, PlanResult result) {

        String line() {
            long deployed = result.candidates().stream().filter(c -> c.acceleratorsPerReplica() != null).count();
            return String.format(Locale.ROOT, "%s: %d candidates (%d deployed), %d simulated points, %.0f ms wall, "
                    + "%.0f ms CPU; %s", what, result.candidates().size(), deployed, result.simulations(), wallMs,
                    cpuMs, result.summary());
        }
    }
}
