package io.costbench.service.prediction;

import java.util.Set;

/**
 * The bounds of one scenario, the same for the prediction API, sweeps and break-even: they keep one prediction's work
 * (requests x tokens simulated) within what a request may cost.
 */
public final class ScenarioLimits {

    /** Input or output tokens of a request. */
    public static final int MAX_TOKENS = 131_072;
    public static final int MAX_CONCURRENCY = 4_096;
    /** Requests simulated for one scenario. */
    public static final int MAX_PROMPTS = 100_000;
    /** Bounds one prediction's work: prompts x (input + output) tokens simulated. */
    public static final long MAX_SIMULATED_TOKENS = 1L << 28;
    public static final Set<Integer> TENSOR_PARALLEL = Set.of(1, 2, 4, 8, 16, 32, 64);
    public static final int MAX_TENSOR_PARALLEL = 64;
    /** A client's concurrency ramp (AIPerf's --concurrency-ramp-duration): a day, longer than any simulated run. */
    public static final double MAX_CONCURRENCY_RAMP_SECONDS = 86_400;

    private ScenarioLimits() {
    }
}
