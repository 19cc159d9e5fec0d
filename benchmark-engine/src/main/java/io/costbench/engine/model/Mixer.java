package io.costbench.engine.model;

/** The token-mixing part of a layer: softmax attention or a Gated DeltaNet linear-attention block. */
public sealed interface Mixer permits AttentionMixer, GatedDeltaNetMixer {
}
