package io.costbench.gpu;

import java.util.List;

import io.costbench.engine.graph.PrefillChunk;
import io.costbench.engine.graph.StepShape;
import io.costbench.engine.port.Deployment;

/**
 * A closed-form steady state of a closed loop at fixed concurrency, from step prices alone: every decode step carries
 * the batch at its mean context, and each request's prompt is mixed into the other requests' steps once per request
 * lifetime (chunked prefill under the token budget). Requests beyond what the KV cache holds wait a whole cycle.
 */
final class SteadyStatePredictor {

    record Prediction(double tpotMs, double ttftMs, double throughput) {
    }

    private SteadyStatePredictor() {
    }

    static Prediction predict(Deployment d, int isl, int osl, int concurrency) {
        long perRequestTokens = (long) isl + osl;
        long capacity = d.scheduling().kvCacheCapacityTokens();
        int running = (int) Math.max(1, Math.min(concurrency, Math.min(d.scheduling().maxNumSeqs(),
                capacity / Math.max(1, perRequestTokens))));
        int meanContext = isl + osl / 2;
        double decodeMs = d.price(StepShape.decode(running, meanContext)).timeMs();
        double prefillMs = marginalPrefillMs(d, running - 1, meanContext, isl);
        double tpot = decodeMs + (running - 1) * prefillMs / osl;
        double ttft = prefillMs + decodeMs;
        double cycleMs = ttft + (osl - 1) * tpot;
        if (running < concurrency) {
            ttft += (double) (concurrency - running) / running * cycleMs; // queued behind whole request lifetimes
        }
        double throughput = running * osl / (cycleMs / 1e3);
        return new Prediction(tpot, ttft, throughput);
    }

    /** Extra step time a prompt of {@code isl} tokens adds when chunked into steps alongside {@code others} decodes. */
    static double marginalPrefillMs(Deployment d, int others, int context, int isl) {
        int budget = d.scheduling().maxBatchedTokens();
        double extra = 0;
        int done = 0;
        double base = others > 0 ? d.price(StepShape.decode(others, context)).timeMs() : 0;
        while (done < isl) {
            int chunk = Math.min(isl - done, Math.max(1, budget - others));
            StepShape mixed = new StepShape(others, 1, (long) others * context, others > 0 ? context : 0,
                    (long) others * context, List.of(new PrefillChunk(chunk, done)));
            extra += d.price(mixed).timeMs() - base;
            done += chunk;
        }
        return extra;
    }
}
