package io.costbench.service.dashboard;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.costbench.service.sweep.PointOutcome;
import io.costbench.service.sweep.PointSimulator;
import io.costbench.service.sweep.Scenario;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * What the browser tests run against in place of the performance models: a point simulator that takes a little time
 * per point (so the progress bar has something to show) and an explain endpoint whose breakdown follows the request's
 * switches (so toggling one visibly changes the chart).
 */
@TestConfiguration(proxyBeanMethods = false)
class BrowserTestConfig {

    static final String EXPLAIN_PATH = "/api/v1/predictions/browser-test-explain";

    @Bean
    @Primary
    PointSimulator slowPointSimulator() {
        return new PointSimulator() {
            @Override
            public PointOutcome simulate(Scenario scenario) {
                try {
                    Thread.sleep(150);
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
        };
    }

    @Bean
    StubExplainController stubExplainController() {
        return new StubExplainController();
    }

    @RestController
    static class StubExplainController {

        @PostMapping(EXPLAIN_PATH)
        Map<String, Object> explain(@RequestBody Map<String, Object> request) {
            int switches = request.get("optimizations") instanceof List<?> list ? list.size() : 0;
            double concurrency = ((Number) request.getOrDefault("concurrency", 1)).doubleValue();
            Map<String, Object> breakdown = new LinkedHashMap<>();
            breakdown.put("COMPUTE", 2.0 + concurrency * 0.01);
            breakdown.put("MEMORY", 6.0);
            breakdown.put("DMA_FIXED", 4.0 / (1 + switches));
            breakdown.put("COMMUNICATION", 1.0);
            breakdown.put("HOST", switches > 0 ? 0.2 : 1.5);
            breakdown.put("OVERHEAD", 0.5);
            return Map.of("breakdown", breakdown,
                    "metrics", Map.of("output_throughput", concurrency * 1000 / (14 - 2 * switches)),
                    "operators", List.of(Map.of("name", "attention <b>kv</b>", "category", "MEMORY", "timeMs", 3.0),
                            Map.of("name", "moe_experts", "category", "COMPUTE", "timeMs", 2.0)));
        }
    }
}
