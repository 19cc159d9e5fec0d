package io.costbench.engine.model;

/** The channel-mixing part of a layer: a dense gated MLP or a mixture of experts. */
public sealed interface FeedForward permits DenseMlp, MoeMlp {
}
