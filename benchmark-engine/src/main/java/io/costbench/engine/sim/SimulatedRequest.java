package io.costbench.engine.sim;

/**
 * A request's mutable state in the engine: it holds {@code prompt + generated} tokens of which {@code computed} are in
 * the KV cache (in {@code blocks} blocks); a step computes {@code scheduledTokens} of the rest.
 */
final class SimulatedRequest {
    final int promptTokens;
    final int outputTokens;
    final double arrivalMs;
    double sendMs;
    /** When the server's front end has tokenized it and the engine's queue gets it. */
    double engineArrivalMs;
    int computed;
    int generated;
    long blocks;
    int scheduledTokens;
    /** Where it was in the running list when last scheduled. */
    int runningIndex;
    boolean decodeStep;
    double firstTokenMs = Double.NaN;
    double lastTokenMs;
    double finishMs = Double.NaN;

    SimulatedRequest(int promptTokens, int outputTokens, double arrivalMs) {
        this.promptTokens = promptTokens;
        this.outputTokens = outputTokens;
        this.arrivalMs = arrivalMs;
    }

    int tokens() {
        return promptTokens + generated;
    }

    int remaining() {
        return tokens() - computed;
    }

    /** One token behind: the next step samples its next token. */
    boolean isDecode() {
        return generated > 0 && remaining() == 1;
    }
}
