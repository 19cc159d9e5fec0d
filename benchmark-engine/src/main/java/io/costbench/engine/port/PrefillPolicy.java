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
    /** Neuron continuous batching (ctx_batch_size = 1): one whole prompt per separate prefill step. */
    ONE_AT_A_TIME
}
