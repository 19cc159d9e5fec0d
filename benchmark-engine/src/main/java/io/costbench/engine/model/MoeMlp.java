package io.costbench.engine.model;

/** Mixture of gated-MLP experts with a router; shared experts see every token. */
public record MoeMlp(int numExperts, int expertsPerToken, int expertIntermediateSize, int numSharedExperts,
        int sharedExpertIntermediateSize) implements FeedForward {
}
