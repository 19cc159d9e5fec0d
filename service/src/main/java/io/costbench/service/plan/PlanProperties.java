package io.costbench.service.plan;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Limits and defaults of the capacity planner ({@code costbench.plans.*}; defaults in application.yaml).
 *
 * @param maxConcurrency         closed loop: the search's highest load per replica (concurrent requests)
 * @param minRequestsPerSecond   open loop: the lowest request rate per replica searched
 * @param maxRequestsPerSecond   open loop: the highest request rate per replica searched
 * @param gridStepsPerDoubling   grid density: 4 gives concurrency 1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 13, 16, ... and
 *                               rates r, 1.19 r, 1.41 r, 1.68 r, 2 r, ...
 * @param promptsPerConcurrency  requests simulated per concurrent user at each point (vLLM bench's sweep default 10);
 *                               open loop: per request in flight when nothing queues, see
 *                               {@link PlanSimulations#simulateRate}
 * @param minPrompts             at least this many requests per point
 * @param seed                   the simulator's seed
 * @param maxCandidates          candidates one plan may consider
 * @param maxSimulations         simulated points one plan may run; a plan that would need more is refused (422)
 * @param maxConcurrentPlans     plans computed at once; one more is answered 429
 * @param threads                threads one plan searches its candidates on
 * @param cachedDeployments      deployments (with their step-price memos) kept between plans
 * @param cachedPoints           simulated points kept between plans
 * @param defaultSlo             the SLO the dashboards and the /plan page start from
 */
@ConfigurationProperties("costbench.plans")
public record PlanProperties(int maxConcurrency, double minRequestsPerSecond, double maxRequestsPerSecond,
        int gridStepsPerDoubling, int promptsPerConcurrency, int minPrompts,
        long seed, int maxCandidates, int maxSimulations, int maxConcurrentPlans, int threads,
        int cachedDeployments, int cachedPoints, DefaultSlo defaultSlo) {

    /**
     * @param ttftP90Ms         p90 time to first token bound, ms
     * @param minInteractivity  output tokens per second per user (1000 / median TPOT)
     */
    public record DefaultSlo(double ttftP90Ms, double minInteractivity) {

        /** Whether a point with these metrics meets it (null metrics miss). */
        public boolean meets(Double p90TtftMs, Double interactivity) {
            return p90TtftMs != null && p90TtftMs <= ttftP90Ms && interactivity != null
                    && interactivity >= minInteractivity;
        }

        public String describe() {
            return String.format(java.util.Locale.ROOT, "p90 TTFT <= %.0f ms, >= %.0f tok/s/user", ttftP90Ms,
                    minInteractivity);
        }
    }
}
