package io.costbench.engine.model;

/** Gated MLP (SwiGLU / GeGLU): gate and up projections hidden -> intermediate, down projection back. */
public record DenseMlp(int intermediateSize) implements FeedForward {
}
