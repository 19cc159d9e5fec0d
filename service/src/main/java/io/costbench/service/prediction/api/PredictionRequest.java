package io.costbench.service.prediction.api;

import java.util.List;

/**
 * What {@code POST /api/v1/predictions} (and the explain query) accepts. Only model, hardware, inputTokens,
 * outputTokens and concurrency are required; the rest default from the serving profile.
 *
 * @param priceOption the purchase option the response's cost uses (on-demand when absent)
 * @param priceDate   the ISO date whose price the cost uses (today when absent)
 * @param compiledBatchSize  an ahead-of-time compiling stack's static batch size (optimum-neuron's BATCH_SIZE)
 * @param maxSequenceTokens  its compiled maximum sequence length (SEQUENCE_LENGTH), at least input + output
 * @param contextBuckets     its compiled context-encoding buckets in tokens
 * @param kvCacheDtype       "auto" (the engine's default: the model's dtype), "bf16" or "fp8" (the family's FP8 KV
 *                           cache switch); null is auto
 * @param randomRangeRatio   {@code vllm bench serve --random-range-ratio} r in [0, 1): each request's lengths drawn
 *                           uniformly from [floor(L (1 - r)), ceil(L (1 + r))]; null (or 0) for fixed lengths
 * @param dataset            {@code vllm bench serve --dataset-name} whose lengths the requests have around the stated
 *                           means ({@code sharegpt}, the one such dataset): the prediction is the mean over its
 *                           draws; null for the stated lengths
 * @param concurrencyRampSeconds AIPerf's {@code --concurrency-ramp-duration}: the client opens its slots one at a
 *                           time, one more every ramp / (concurrency - 1) s, so identical requests do not run in
 *                           waves; null to send them at once
 */
record PredictionRequest(String model, String hardware, String profile, Integer tensorParallel,
        String precision, Integer inputTokens, Integer outputTokens, Integer concurrency, Integer numPrompts,
        Long seed, List<String> optimizations, String priceOption, String priceDate, Integer compiledBatchSize,
        Integer maxSequenceTokens, List<Integer> contextBuckets, String kvCacheDtype, Double randomRangeRatio,
        String dataset, Double concurrencyRampSeconds) {

    PredictionRequest {
        optimizations = optimizations == null ? null : List.copyOf(optimizations);
        contextBuckets = contextBuckets == null ? null : List.copyOf(contextBuckets);
    }

    /** The dataset whose lengths the requests have, or null for the stated lengths. */
    io.costbench.engine.sim.DatasetLengths datasetLengths() {
        return dataset == null ? null : PredictionRequests.DATASETS.get(dataset);
    }

    /** The compiled shapes asked for, or null when none is. */
    io.costbench.engine.port.StaticShapes staticShapes() {
        if (compiledBatchSize == null && maxSequenceTokens == null && contextBuckets == null) {
            return null;
        }
        return new io.costbench.engine.port.StaticShapes(compiledBatchSize == null ? null
                : List.of(compiledBatchSize), maxSequenceTokens, contextBuckets);
    }
}
