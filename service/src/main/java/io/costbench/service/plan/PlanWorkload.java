package io.costbench.service.plan;

/**
 * The request shape a plan serves. {@code lengthSpread} s draws each request's lengths uniformly from
 * [(1 - s) x L, L] ({@code sglang.bench_serving --random-range-ratio} is 1 - s, as was vLLM's
 * {@code benchmark_serving.py} before its ratio spread both ways); 0 means fixed lengths.
 */
record PlanWorkload(int inputTokens, int outputTokens, double lengthSpread) {

    /** The engine's range ratio r (lengths from [r x L, L]). */
    double rangeRatio() {
        return 1.0 - lengthSpread;
    }

    /** The mean of the uniform draw of output lengths. */
    double meanOutputTokens() {
        return outputTokens * (1.0 - lengthSpread / 2.0);
    }

    /** The longest sequence a deployment must hold. */
    int maxModelLenTokens() {
        return inputTokens + outputTokens;
    }
}
