package io.costbench.trainium2;

import java.util.List;

/**
 * The ahead-of-time compiled shapes: decode batches padded to a compiled batch bucket, prompt and context lengths
 * padded to power-of-two buckets from {@code minTokens} (NxDI automatic bucketing) up to the max model length.
 */
record CompiledShapes(List<Integer> batchBuckets, int minTokens, int maxModelLenTokens) {

    CompiledShapes {
        batchBuckets = List.copyOf(batchBuckets);
        if (batchBuckets.isEmpty()) {
            throw new IllegalArgumentException("at least one compiled batch size");
        }
    }

    int maxBatch() {
        return batchBuckets.get(batchBuckets.size() - 1);
    }

    /** The smallest compiled batch holding {@code sequences}; a batch larger than the largest is an error upstream. */
    int batch(int sequences) {
        for (int bucket : batchBuckets) {
            if (bucket >= sequences) {
                return bucket;
            }
        }
        throw new IllegalArgumentException("batch of " + sequences + " exceeds the largest compiled batch "
                + maxBatch());
    }

    /** The smallest token bucket holding {@code tokens}: powers of two from minTokens, capped at the max length. */
    int tokens(int tokens) {
        int bucket = minTokens;
        while (bucket < tokens) {
            bucket *= 2;
        }
        int cap = Math.max(minTokens, maxModelLenTokens);
        return tokens <= cap ? Math.min(bucket, cap) : bucket;
    }
}
