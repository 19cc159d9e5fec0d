package io.costbench.service.plan;

import java.time.LocalDate;
import java.util.List;

/**
 * A plan's answer: candidates ranked by monthly cost (those meeting the SLO first), the cheapest, and what it saves
 * against the cheapest candidate of every other hardware.
 *
 * @param verdict          {@code ok} or {@code no-candidate-meets}
 * @param demandRequestsPerSecond      the demand as requests per second (for the workload's mean output length)
 * @param demandOutputTokensPerSecond  the demand as output tokens per second
 * @param arrivals         the traffic model searched: {@code poisson} (open loop, load = request rate per replica) or
 *                         {@code closed-loop} (load = concurrency); null in plans stored before it was recorded
 *                         (closed loop)
 * @param burstiness       poisson arrivals' gamma shape (1: Poisson); null for closed loop
 * @param simulations      points simulated (cached points included)
 */
record PlanResult(String model, String modelSha256, String catalogVersion, String slo, String verdict,
        String summary, String priceOption, LocalDate priceDate, double hoursPerMonth,
        double demandRequestsPerSecond, double demandOutputTokensPerSecond, String arrivals, Double burstiness,
        CandidateResult cheapest,
        List<Saving> savings, List<CandidateResult> candidates, int simulations, long computeMs) {

    static final String OK = "ok";
    static final String NONE_MEETS = "no-candidate-meets";

    /**
     * The cheapest candidate against the cheapest of one other hardware.
     *
     * @param savingPercent  saving as a percentage of the other's monthly cost
     * @param lowerBound     every candidate of that hardware was pruned: compared at its cheapest single replica, so
     *                       the saving is at least this
     */
    record Saving(String hardware, String against, double againstUsdPerMonth, double savingUsdPerMonth,
            double savingPercent, boolean lowerBound) {
    }
}
