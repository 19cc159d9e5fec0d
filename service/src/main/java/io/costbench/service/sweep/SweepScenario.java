package io.costbench.service.sweep;

import java.util.List;
import java.util.TreeSet;

import io.costbench.engine.sim.Workload;

/** One point of a sweep: a model on a target at one workload and concurrency. */
public record SweepScenario(int index, String model, SweepTarget target, int inputTokens, int outputTokens,
        int concurrency, int numPrompts, long seed) {

    /** The stored optimizations of a point that kept its profile's own switches. */
    public static final String DEFAULT_OPTIMIZATIONS = "default";

    /** Identifies the point within its sweep; unique per sweep, so re-running a chunk cannot write it twice. */
    public String key() {
        return model + "|" + target.key() + "|" + inputTokens + "/" + outputTokens + "|c=" + concurrency;
    }

    /** The closed-loop {@code vllm bench serve} run this point stands for. */
    public Workload workload() {
        return new Workload(inputTokens, outputTokens, 1.0, concurrency, 0, numPrompts, seed);
    }

    /** The column form of the requested switches. */
    String optimizationsLabel() {
        List<String> requested = target.optimizations();
        return requested == null ? DEFAULT_OPTIMIZATIONS : String.join("+", new TreeSet<>(requested));
    }
}
