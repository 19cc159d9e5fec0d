package io.costbench.service.prediction;

import java.util.List;

/** A prediction's scenario with every default filled in, as the response reports it. */
public record ResolvedScenario(String model, String hardware, String profile, int tensorParallel, String precision,
        List<String> optimizations, int inputTokens, int outputTokens, int concurrency, int numPrompts, long seed) {

    public ResolvedScenario {
        optimizations = List.copyOf(optimizations);
    }
}
