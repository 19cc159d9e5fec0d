package io.costbench.engine.sim;

/** One point of a sweep: a model on a target, a workload shape at a closed-loop concurrency. */
public record Scenario(String modelId, SweepTarget target, WorkloadShape shape, int concurrency, int numPrompts,
        long seed) {

    /** The workload {@code vllm bench serve --max-concurrency} would run for this point. */
    public Workload workload() {
        return new Workload(shape.inputTokens(), shape.outputTokens(), shape.rangeRatio(), concurrency, 0,
                numPrompts, seed);
    }

    /** A stable, unique key of the point (what a stored result is keyed by; at most 500 characters). */
    public String key() {
        return modelId + "|" + target.key() + "|" + shape.inputTokens() + "/" + shape.outputTokens() + "/r"
                + shape.rangeRatio() + "|c" + concurrency + "|n" + numPrompts + "|s" + seed;
    }
}
