package io.costbench.service.run;

import java.util.Map;
import java.util.TreeMap;

/**
 * The prediction for a run's scenario and how far the measurement is from it: (measured - predicted) / predicted
 * for the headline metrics both have; or, when the run cannot be predicted, empty maps and the {@code reason}.
 *
 * @param reason why there is no prediction (unknown model, no concurrency or rate, ...); null when there is one
 */
public record RunPrediction(Map<String, Double> metrics, Map<String, Double> relativeError, String reason) {

    static RunPrediction unavailable(String reason) {
        return new RunPrediction(Map.of(), Map.of(), reason);
    }

    static final String[] HEADLINE = {"median_tpot_ms", "output_throughput", "median_ttft_ms"};

    static RunPrediction compare(Map<String, Double> predicted, Map<String, Double> measured) {
        Map<String, Double> errors = new TreeMap<>();
        for (String metric : HEADLINE) {
            Double p = predicted.get(metric);
            Double m = measured.get(metric);
            if (p != null && m != null && p > 0) {
                errors.put(metric, (m - p) / p);
            }
        }
        return new RunPrediction(new TreeMap<>(predicted), errors, null);
    }
}
