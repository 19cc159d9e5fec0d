package io.costbench.engine.sim;

/** Input and output lengths of a sweep's workload; {@code rangeRatio} 1.0 for fixed lengths (see {@link Workload}). */
public record WorkloadShape(int inputTokens, int outputTokens, double rangeRatio) {

    public static WorkloadShape fixed(int inputTokens, int outputTokens) {
        return new WorkloadShape(inputTokens, outputTokens, 1.0);
    }
}
