package io.costbench.service.dashboard;

import java.util.List;
import java.util.Map;

import io.costbench.service.web.FieldProblem;
import io.costbench.service.sweep.PointOutcome;
import io.costbench.service.sweep.PointSimulator;
import io.costbench.service.sweep.SweepScenario;
import io.costbench.service.sweep.SweepDefinition;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;

/**
 * Sweeps in the browser tests run a point simulator that takes a little time per point, so the progress bar has
 * something to show. The explain page and the ablation chart use the real prediction service and models.
 */
@TestConfiguration(proxyBeanMethods = false)
class BrowserTestConfig {

    @Bean
    @Primary
    PointSimulator slowPointSimulator() {
        return new PointSimulator() {
            @Override
            public PointOutcome simulate(SweepScenario scenario) {
                try {
                    Thread.sleep(700);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                double tpot = 10 + scenario.concurrency() * 0.1;
                double output = scenario.concurrency() * 1000 / tpot;
                return new PointOutcome(1, 1, "BF16", "f".repeat(64), Map.of("output_throughput", output,
                        "total_token_throughput", output * 2, "median_ttft_ms", 60.0, "median_tpot_ms", tpot));
            }

            @Override
            public String catalogVersion() {
                return "browser-test";
            }

            @Override
            public List<FieldProblem> unknownIds(SweepDefinition definition) {
                return List.of();
            }
        };
    }
}
