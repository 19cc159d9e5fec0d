package io.costbench.service.plan;

/**
 * How much the deployment must serve, and how the requests arrive: exactly one of a request rate or output tokens
 * per day (the other is null).
 *
 * @param arrivals   the traffic model the search loads a replica with; null only in plans stored before it was a
 *                   field, which were all closed loop (see {@link #arrivalsOrClosedLoop})
 * @param burstiness the gamma shape of the gaps between poisson arrivals (1: Poisson); null for closed loop
 */
record Demand(Double requestsPerSecond, Double outputTokensPerDay, Arrivals arrivals, Double burstiness) {

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

    Arrivals arrivalsOrClosedLoop() {
        return arrivals == null ? Arrivals.CLOSED_LOOP : arrivals;
    }

    /** "poisson", "poisson, burstiness 0.5" or "closed-loop". */
    String describeArrivals() {
        Arrivals a = arrivalsOrClosedLoop();
        return a == Arrivals.POISSON && burstiness != null && burstiness != 1.0
                ? a.id() + ", burstiness " + burstiness : a.id();
    }
}
