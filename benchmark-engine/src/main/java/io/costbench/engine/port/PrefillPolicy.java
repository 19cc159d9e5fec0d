package io.costbench.engine.port;

/** How a stack fits prompt processing into its steps. */
public enum PrefillPolicy {
    /** GPU vLLM: chunked prefill mixed into decode steps under a token budget. */
    CHUNKED_MIXED,
    /**
     * TensorRT-LLM without chunked prefill: prompts ride on decode steps, but only whole; one that does not fit the
     * step's remaining token budget stops admission for that step (first come, first served).
     */
    WHOLE_PROMPTS,
    /**
     * SGLang (enable_mixed_chunk off, its default): waiting prompts run in steps of their own, decodes paused, as many
     * as the token budget takes (the last one chunked, its rest first in the next such step); a decode step over every
     * running sequence runs only when no prompt can be admitted.
     */
    PREFILL_FIRST,
    /** Neuron continuous batching (ctx_batch_size = 1): one whole prompt per separate prefill step. */
    ONE_AT_A_TIME
}
