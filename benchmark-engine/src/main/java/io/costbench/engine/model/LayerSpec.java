package io.costbench.engine.model;

/** One decoder layer: its mixer and its feed-forward block. */
public record LayerSpec(int index, Mixer mixer, FeedForward feedForward) {
}
