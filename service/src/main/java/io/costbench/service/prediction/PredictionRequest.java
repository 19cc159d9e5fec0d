package io.costbench.service.prediction;

import java.util.List;

/**
 * What {@code POST /api/v1/predictions} (and the explain query) accepts. Only model, hardware, inputTokens,
 * outputTokens and concurrency are required; the rest default from the serving profile.
 *
 * @param priceOption reserved for pricing (accepted, not used by the prediction itself)
 * @param priceDate   reserved for pricing (accepted, not used by the prediction itself)
 */
public record PredictionRequest(String model, String hardware, String profile, Integer tensorParallel,
        String precision, Integer inputTokens, Integer outputTokens, Integer concurrency, Integer numPrompts,
        Long seed, List<String> optimizations, String priceOption, String priceDate) {

    public PredictionRequest {
        optimizations = optimizations == null ? null : List.copyOf(optimizations);
    }
}
