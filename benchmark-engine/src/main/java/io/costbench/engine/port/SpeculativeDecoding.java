package io.costbench.engine.port;

import java.util.List;

/**
 * Speculative decoding: a draft proposes {@code draftTokens} tokens, the target verifies them in one pass.
 *
 * @param acceptanceByPosition probability that draft position i is accepted given positions before it were
 */
public record SpeculativeDecoding(String method, int draftTokens, List<Double> acceptanceByPosition) {

    public SpeculativeDecoding {
        acceptanceByPosition = List.copyOf(acceptanceByPosition);
        if (draftTokens < 1 || acceptanceByPosition.size() != draftTokens) {
            throw new IllegalArgumentException("one acceptance rate per draft position");
        }
    }

    /** Expected tokens emitted per verify step: the accepted prefix plus the bonus token. */
    public double expectedTokensPerStep() {
        double expected = 1.0;
        double prefix = 1.0;
        for (double acceptance : acceptanceByPosition) {
            prefix *= acceptance;
            expected += prefix;
        }
        return expected;
    }
}
