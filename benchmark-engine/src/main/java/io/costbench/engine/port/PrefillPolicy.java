package io.costbench.engine.port;

/** How a stack fits prompt processing into its steps. */
public enum PrefillPolicy {
    /** GPU vLLM: chunked prefill mixed into decode steps under a token budget. */
    CHUNKED_MIXED,
    /** Neuron continuous batching (ctx_batch_size = 1): one whole prompt per separate prefill step. */
    ONE_AT_A_TIME
}
