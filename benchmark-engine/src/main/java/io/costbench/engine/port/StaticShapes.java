package io.costbench.engine.port;

import java.util.List;

/**
 * Shapes an ahead-of-time compiling stack was built with, as optimum-neuron and NxD Inference set them
 * ({@code BATCH_SIZE}, {@code SEQUENCE_LENGTH}, context buckets). Any field may be null: the profile's default.
 *
 * @param batchSizes        compiled decode batch sizes (one static size for optimum-neuron's BATCH_SIZE)
 * @param maxSequenceTokens compiled maximum sequence length (prompt + output)
 * @param contextBuckets    compiled context-encoding / prompt buckets in tokens
 */
public record StaticShapes(List<Integer> batchSizes, Integer maxSequenceTokens, List<Integer> contextBuckets) {

    public StaticShapes {
        batchSizes = batchSizes == null ? null : List.copyOf(batchSizes);
        contextBuckets = contextBuckets == null ? null : List.copyOf(contextBuckets);
    }
}
