package io.costbench.engine.sim;

import java.util.List;

import io.costbench.engine.port.SchedulingRules;

/**
 * The work one run may do, measured from its workload before it starts. Memory per run is bounded by design (the
 * client draws requests as they are sent, statistics stream into bounded distributions); what grows with the workload
 * is time, which these two numbers bound.
 *
 * @param maxSimulatedTokens prompt and output tokens of every request together
 * @param maxDecodeSteps     engine steps the decode needs at the largest batch the workload can form (at least this
 *                           many are run; the simulator's time grows with them)
 */
public record SimulationBudget(long maxSimulatedTokens, long maxDecodeSteps) {

    /** No limit, for offline tools and benchmarks. */
    public static final SimulationBudget UNLIMITED = new SimulationBudget(Long.MAX_VALUE, Long.MAX_VALUE);

    public SimulationBudget {
        if (maxSimulatedTokens < 1 || maxDecodeSteps < 1) {
            throw new IllegalArgumentException("budget limits must be positive");
        }
    }

    /**
     * Decode steps the run needs at least: requests go through in batches of at most the concurrency, the stack's
     * sequence limit and what the KV cache holds, and each batch decodes its output one token a step.
     */
    public static long decodeSteps(Workload workload, SchedulingRules rules) {
        long batch = batch(workload, rules);
        return ceilDiv(workload.numPrompts(), batch) * workload.typicalOutputTokens();
    }

    private static long batch(Workload workload, SchedulingRules rules) {
        long batch = Math.min(workload.maxConcurrency() > 0 ? workload.maxConcurrency() : workload.numPrompts(),
                rules.maxNumSeqs());
        long perSequence = (long) workload.inputTokens() + workload.outputTokens();
        return Math.max(1, Math.min(batch, rules.kvCacheCapacityTokens() / perSequence));
    }

    /** @throws OverBudgetException naming the fields and the largest prompt count (or output length) accepted */
    public void check(Workload workload, SchedulingRules rules) {
        long tokens = workload.simulatedTokens();
        if (tokens > maxSimulatedTokens) {
            long perPrompt = (long) workload.inputTokens() + workload.outputTokens();
            long prompts = maxSimulatedTokens / perPrompt;
            throw new OverBudgetException(List.of("numPrompts", "inputTokens", "outputTokens"), String.format(
                    "numPrompts x (inputTokens + outputTokens) = %,d simulated tokens is over the budget of %,d; "
                            + "at these lengths at most %,d prompts are accepted", tokens, maxSimulatedTokens,
                    prompts));
        }
        long steps = decodeSteps(workload, rules);
        if (steps > maxDecodeSteps) {
            long batch = batch(workload, rules);
            long prompts = maxDecodeSteps / workload.outputTokens() * batch;
            String largest = prompts >= 1 ? String.format("at this concurrency and output length at most %,d prompts "
                    + "are accepted", prompts) : String.format("even one batch needs outputTokens at most %,d",
                    maxDecodeSteps);
            throw new OverBudgetException(List.of("numPrompts", "outputTokens", "concurrency"), String.format(
                    "%,d prompts in batches of at most %,d need %,d decode steps of outputTokens = %,d, over the "
                            + "budget of %,d steps; %s", workload.numPrompts(), batch, steps,
                    workload.outputTokens(), maxDecodeSteps, largest));
        }
    }

    private static long ceilDiv(long a, long b) {
        return (a + b - 1) / b;
    }
}
