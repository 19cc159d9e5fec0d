package io.costbench.service.sweep;

import java.util.Map;

/**
 * A simulated point: vLLM bench-serve metrics (vLLM's names, e.g. {@code output_throughput},
 * {@code median_ttft_ms}) and the deployment as resolved (chips, tensor parallelism, precision, parameters' hash).
 */
public record PointOutcome(int chips, int tensorParallel, String precision, String profileSha256,
        Map<String, Double> metrics) {

    public PointOutcome {
        metrics = Map.copyOf(metrics);
    }

    Double metric(String name) {
        return metrics.get(name);
    }
}
