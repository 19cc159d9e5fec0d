package io.costbench.engine.graph;

/** A chunk of one sequence's prompt processed in a step, after {@code priorContextTokens} already in the cache. */
public record PrefillChunk(int tokens, int priorContextTokens) {

    public PrefillChunk {
        if (tokens <= 0 || priorContextTokens < 0) {
            throw new IllegalArgumentException("prefill chunk needs tokens > 0 and prior context >= 0");
        }
    }
}
