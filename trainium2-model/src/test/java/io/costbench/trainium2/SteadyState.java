package io.costbench.trainium2;

import io.costbench.engine.graph.StepShape;
import io.costbench.engine.port.SpeculativeDecoding;

/**
 * A closed-loop steady-state estimate from step prices, for tests that must not wait for the serving simulator:
 * {@code batch = min(concurrency, maxNumSeqs)} sequences each run one prompt (one at a time, stalling decode) and
 * their output tokens at the decode price of a full batch whose longest context is input + output.
 */
record SteadyState(double outputTokensPerSecond, double tpotMs) {

    static SteadyState closedLoop(Trainium2Deployment d, int input, int output, int concurrency) {
        int batch = Math.min(concurrency, d.scheduling().maxNumSeqs());
        SpeculativeDecoding spec = d.scheduling().speculative();
        int tokensPerSeq = spec == null ? 1 : spec.draftTokens() + 1;
        double perStep = spec == null ? 1 : spec.expectedTokensPerStep();
        int context = input + output - tokensPerSeq;
        StepShape decode = new StepShape(batch, tokensPerSeq, (long) batch * context, context,
                (long) batch * context, java.util.List.of());
        double decodeMs = d.price(decode).timeMs();
        double prefillMs = d.price(StepShape.prefill(input)).timeMs();
        double steps = Math.ceil(output / perStep);
        double cycleMs = steps * decodeMs + batch * prefillMs;
        double throughput = batch * (double) output / (cycleMs / 1e3);
        double tpot = (steps * decodeMs + (batch - 1) * prefillMs) / Math.max(1, output - 1);
        return new SteadyState(throughput, tpot);
    }
}
