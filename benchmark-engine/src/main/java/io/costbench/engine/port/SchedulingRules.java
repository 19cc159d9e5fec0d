package io.costbench.engine.port;

import java.util.List;

/**
 * How the serving stack batches, as the simulator must follow it.
 *
 * @param maxNumSeqs             most sequences in a batch (vLLM max_num_seqs; the largest compiled batch on Neuron)
 * @param maxBatchedTokens       token budget per step (chunked prefill)
 * @param kvCacheCapacityTokens  tokens the KV cache holds across all sequences (Long.MAX_VALUE if not binding)
 * @param kvBlockTokens          KV block (page) size in tokens; allocation granularity
 * @param prefillPolicy          how prompts are scheduled
 * @param batchBuckets           compiled batch sizes a decode batch is padded up to (empty: no padding)
 * @param speculative            speculative decoding, or null
 */
public record SchedulingRules(int maxNumSeqs, int maxBatchedTokens, long kvCacheCapacityTokens, int kvBlockTokens,
        PrefillPolicy prefillPolicy, List<Integer> batchBuckets, SpeculativeDecoding speculative) {

    public SchedulingRules {
        batchBuckets = List.copyOf(batchBuckets);
        if (maxNumSeqs < 1 || maxBatchedTokens < 1 || kvCacheCapacityTokens < 1 || kvBlockTokens < 1) {
            throw new IllegalArgumentException("scheduling limits must be positive");
        }
    }
}
