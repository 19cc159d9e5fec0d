package io.costbench.service.plan;

import java.io.IOException;
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
 * Speed of a default plan (every priced hardware, profile and tensor parallelism for one model, chat SLO): the first
 * plan after start (cold deployments and step-price memos) and warm repeats. Tag {@code benchmark}, excluded by
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
        for (String model : List.of("qwen3.5-4b", "qwen3-30b-a3b", "gemma4-31b")) {
            PlanRequest request = PlanRequests.fromJson(Map.of("model", model,
                    "workload", Map.of("inputTokens", 1024, "outputTokens", 1024),
                    "demand", Map.of("requestsPerSecond", 20),
                    "slo", Map.of("ttftMs", Map.of("p90", 2000), "minInteractivity", 30)), properties.maxCandidates());
            long start = System.nanoTime();
            PlanResult cold = planner.plan(request);
            double coldMs = (System.nanoTime() - start) / 1e6;
            List<Double> warm = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                long t = System.nanoTime();
                planner.plan(request);
                warm.add((System.nanoTime() - t) / 1e6);
            }
            warm.sort(Double::compare);
            long deployable = cold.candidates().stream().filter(c -> c.acceleratorsPerReplica() != null).count();
            String line = String.format(Locale.ROOT, "%s: %d candidates (%d deployed), %d simulations; first plan "
                            + "%.0f ms, warm repeat median %.0f ms (max %.0f ms); %s", model, cold.candidates().size(),
                    deployable, cold.simulations(), coldMs, warm.get(2), warm.get(4), cold.summary());
            System.out.println(line);
            lines.add(line);
            assertThat(cold.candidates()).isNotEmpty();
        }
        Files.write(Path.of("target", "plan-benchmark.txt"), lines);
    }
}
