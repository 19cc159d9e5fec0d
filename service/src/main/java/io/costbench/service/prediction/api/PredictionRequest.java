package io.costbench.service.prediction.api;

import java.util.List;

/**
 * What {@code POST /api/v1/predictions} (and the explain query) accepts. Only model, hardware, inputTokens,
 * outputTokens and concurrency are required; the rest default from the serving profile.
 *
 * @param priceOption the purchase option the response's cost uses (on-demand when absent)
 * @param priceDate   the ISO date whose price the cost uses (today when absent)
 */
record PredictionRequest(String model, String hardware, String profile, Integer tensorParallel,
        String precision, Integer inputTokens, Integer outputTokens, Integer concurrency, Integer numPrompts,
        Long seed, List<String> optimizations, String priceOption, String priceDate) {

    PredictionRequest {
        optimizations = optimizations == null ? null : List.copyOf(optimizations);
    }
}
