package io.costbench.service.prediction;

import java.util.Map;

/**
 * A prediction: the scenario as deployed (the tensor parallelism, precision and switches the family settled on),
 * the chips it occupies, vLLM bench-serve metrics under vLLM's names, the median decode step's time by category (ms,
 * plus {@code totalMs}), the share of the accelerators' busy time spent on prefill (the rest decodes; it splits a
 * cost between input and output tokens) and what the numbers come from. Callers that want a cost add it (pricing).
 */
public record Prediction(Scenario scenario, int chips, Map<String, Double> metrics, Map<String, Double> breakdown,
        double prefillTimeShare, Provenance provenance) {

    /**
     * @param modelSha256      hash of the model's config.json and sidecar
     * @param parametersSha256 hash of the hardware spec, profile parameters and switches priced with
     */
    public record Provenance(String modelSha256, String parametersSha256) {
    }
}
