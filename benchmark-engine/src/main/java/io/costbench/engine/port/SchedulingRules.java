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
 * @param batchWaiting           how long new prompts are held back to be prefilled together
 * @param schedulesAhead         whether the engine schedules step n+1 while step n runs (vLLM's async scheduling,
 *                               SGLang's and TensorRT-LLM's overlap schedulers): a request that reaches it while a
 *                               step runs joins the step after the next, one step later than a synchronous engine
 * @param reservesToCompletion   whether a request is admitted only when the cache holds its prompt and its whole
 *                               answer (TensorRT-LLM's default GUARANTEED_NO_EVICT capacity scheduler), rather than
 *                               as its prompt fits, the cache growing token by token and preempting when it runs out
 */
public record SchedulingRules(int maxNumSeqs, int maxBatchedTokens, long kvCacheCapacityTokens, int kvBlockTokens,
        PrefillPolicy prefillPolicy, List<Integer> batchBuckets, SpeculativeDecoding speculative,
        BatchWaiting batchWaiting, boolean schedulesAhead, boolean reservesToCompletion) {

    public SchedulingRules {
        batchBuckets = List.copyOf(batchBuckets);
        if (maxNumSeqs < 1 || maxBatchedTokens < 1 || kvCacheCapacityTokens < 1 || kvBlockTokens < 1) {
            throw new IllegalArgumentException("scheduling limits must be positive");
        }
        if (batchWaiting == null) {
            throw new IllegalArgumentException("batch waiting must be given (BatchWaiting.NONE for none)");
        }
    }

    /** Rules of a synchronous engine without batch waiting. */
    public SchedulingRules(int maxNumSeqs, int maxBatchedTokens, long kvCacheCapacityTokens, int kvBlockTokens,
            PrefillPolicy prefillPolicy, List<Integer> batchBuckets, SpeculativeDecoding speculative) {
        this(maxNumSeqs, maxBatchedTokens, kvCacheCapacityTokens, kvBlockTokens, prefillPolicy, batchBuckets,
                speculative, BatchWaiting.NONE, false, false);
    }

    /** The same rules with new prompts held back as {@code waiting} says. */
    public SchedulingRules withBatchWaiting(BatchWaiting waiting) {
        return new SchedulingRules(maxNumSeqs, maxBatchedTokens, kvCacheCapacityTokens, kvBlockTokens, prefillPolicy,
                batchBuckets, speculative, waiting, schedulesAhead, reservesToCompletion);
    }

    /** The same rules on an engine that schedules one step ahead. */
    public SchedulingRules schedulingAhead() {
        return new SchedulingRules(maxNumSeqs, maxBatchedTokens, kvCacheCapacityTokens, kvBlockTokens, prefillPolicy,
                batchBuckets, speculative, batchWaiting, true, reservesToCompletion);
    }

    /** The same rules on an engine that admits a request only with room for its whole answer. */
    public SchedulingRules reservingToCompletion() {
        return new SchedulingRules(maxNumSeqs, maxBatchedTokens, kvCacheCapacityTokens, kvBlockTokens, prefillPolicy,
                batchBuckets, speculative, batchWaiting, schedulesAhead, true);
    }
}
