package io.costbench.service.prediction;

import java.util.Map;

import io.costbench.service.pricing.CostView;

/**
 * A prediction: the resolved scenario, the chips it occupies, vLLM bench-serve metrics under vLLM's names, the
 * median decode step's time by category (ms, plus {@code totalMs}), what the numbers come from, and what serving at
 * that throughput costs with the price it used ({@code cost}; null when no price for the hardware is in force on the
 * price date).
 */
public record Prediction(ResolvedScenario scenario, int chips, Map<String, Double> metrics,
        Map<String, Double> breakdown, Provenance provenance, CostView cost) {

    /**
     * @param modelSha256      hash of the model's config.json and sidecar
     * @param parametersSha256 hash of the hardware spec, profile parameters and switches priced with
     */
    public record Provenance(String modelSha256, String parametersSha256) {
    }
}
