package io.costbench.engine.graph;

/** What an operator does; accelerator models price each kind with its own mechanism. */
public enum OperatorKind {
    /** Token embedding gather. */
    EMBEDDING,
    /** RMSNorm / LayerNorm over the hidden state. */
    NORM,
    /** A dense linear layer (activation rows x weight). */
    GEMM,
    /** Softmax attention over the KV cache (decode rows) or over the prompt chunk (prefill rows). */
    ATTENTION,
    /** Gated DeltaNet causal depthwise conv, reading and writing the conv state. */
    GDN_CONV,
    /** Gated DeltaNet recurrence: read the per-head recurrent state, update it, write it back. */
    GDN_RECURRENCE,
    /** MoE router (a small GEMM plus top-k). */
    MOE_ROUTER,
    /** Grouped expert GEMMs over the experts the batch touches. */
    MOE_EXPERTS,
    /** Element-wise work: activation functions, gates, residual adds. */
    ELEMENTWISE,
    /** Tensor-parallel all-reduce of the hidden state. */
    ALL_REDUCE,
    /** The vocabulary projection producing logits. */
    LM_HEAD,
    /** Turning logits into token ids. */
    SAMPLING
}
