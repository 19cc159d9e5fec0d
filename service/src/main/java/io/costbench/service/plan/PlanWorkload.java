package io.costbench.service.plan;

/**
 * The request shape a plan serves. {@code lengthSpread} s draws each request's lengths uniformly from
 * [(1 - s) x L, L] (vLLM bench's {@code --random-range-ratio} is 1 - s); 0 means fixed lengths.
 */
record PlanWorkload(int inputTokens, int outputTokens, double lengthSpread) {

    /** vLLM bench's {@code --random-range-ratio}. */
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
