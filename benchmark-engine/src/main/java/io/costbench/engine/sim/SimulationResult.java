package io.costbench.engine.sim;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What {@code vllm bench serve} would print for the run, under vLLM's metric names ({@code completed},
 * {@code duration} in seconds, {@code request_throughput}, {@code output_throughput},
 * {@code total_token_throughput}, {@code mean_/median_/p90_/p99_} of {@code ttft_ms}, {@code tpot_ms},
 * {@code itl_ms}, {@code e2el_ms}) plus {@code output_throughput_per_chip} and {@code interactivity}
 * (1000 / median TPOT), and the median decode step for explaining where its time goes.
 */
public record SimulationResult(Map<String, Double> metrics, PricedStep medianDecodeStep, SimulationStats stats) {

    public SimulationResult {
        metrics = Collections.unmodifiableMap(new LinkedHashMap<>(metrics));
    }

    /** @throws IllegalArgumentException for a name the result does not carry */
    public double metric(String name) {
        Double value = metrics.get(name);
        if (value == null) {
            throw new IllegalArgumentException("no metric " + name + "; have " + metrics.keySet());
        }
        return value;
    }
}
