package io.costbench.service.plan;

/**
 * How much the deployment must serve: exactly one of a request rate or output tokens per day (the other is null).
 */
record Demand(Double requestsPerSecond, Double outputTokensPerDay) {

    private static final double SECONDS_PER_DAY = 86_400.0;

    /** The demand as output tokens per second, for the workload's mean output length. */
    double outputTokensPerSecond(PlanWorkload workload) {
        return requestsPerSecond != null ? requestsPerSecond * workload.meanOutputTokens()
                : outputTokensPerDay / SECONDS_PER_DAY;
    }

    /** The demand as requests per second, for the workload's mean output length. */
    double requestsPerSecondFor(PlanWorkload workload) {
        return requestsPerSecond != null ? requestsPerSecond
                : outputTokensPerDay / SECONDS_PER_DAY / workload.meanOutputTokens();
    }
}
