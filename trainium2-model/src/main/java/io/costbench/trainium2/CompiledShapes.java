package io.costbench.trainium2;

import java.util.List;

/**
 * The ahead-of-time compiled shapes: decode batches padded to a compiled batch bucket, prompt and context lengths
 * padded to the compiled token buckets: the scenario's context buckets when it names them, else NxDI's automatic
 * buckets (powers of two from {@code minTokens} up to the max model length).
 */
record CompiledShapes(List<Integer> batchBuckets, int minTokens, int maxModelLenTokens, List<Integer> tokenBuckets) {

    CompiledShapes {
        batchBuckets = List.copyOf(batchBuckets);
        if (batchBuckets.isEmpty()) {
            throw new IllegalArgumentException("at least one compiled batch size");
        }
        tokenBuckets = tokenBuckets == null || tokenBuckets.isEmpty() ? null
                : tokenBuckets.stream().sorted().toList();
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

    /** The smallest token bucket holding {@code tokens}, capped at the max length. */
    int tokens(int tokens) {
        int cap = Math.max(minTokens, maxModelLenTokens);
        if (tokenBuckets != null) {
            for (int bucket : tokenBuckets) {
                if (bucket >= tokens) {
                    return Math.min(bucket, Math.max(cap, tokens));
                }
            }
            return Math.max(tokens, cap);
        }
        int bucket = minTokens;
        while (bucket < tokens) {
            bucket *= 2;
        }
        return tokens <= cap ? Math.min(bucket, cap) : bucket;
    }
}
