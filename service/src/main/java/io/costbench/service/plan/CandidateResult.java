package io.costbench.service.plan;

import java.util.List;
import java.util.Map;

import io.costbench.service.pricing.PriceView;

/**
 * One candidate deployment's answer. For a candidate that meets the SLO: the load per replica (closed loop: {@code
 * concurrency}; open loop: the request rate, {@code requestsPerSecondPerReplica}, concurrency null), the metrics
 * there, replicas for the demand, accelerators, the bill, the cost per million output tokens at that point and the
 * spare capacity ({@code headroomPercent}). Otherwise {@code reason} says why (does not fit, SLO missed even at the
 * lowest load with the values reached, no price). Money fields are null without a price.
 *
 * @param status             {@code meets-slo}, {@code misses-slo}, {@code pruned} (not searched: one replica costs
 *                           more than a plan already found), {@code does-not-fit}, {@code not-deployable}
 * @param requestsPerSecondPerReplica closed loop: the request throughput measured at the chosen concurrency; open
 *                           loop: the chosen arrival rate, which a replica then serves
 * @param curve              every point the search simulated, for the cost-against-interactivity chart
 * @param monotonicityBreaks where latency fell or throughput dropped as load rose on the points simulated (the
 *                           search assumes neither happens); empty when the assumption held
 */
record CandidateResult(int rank, String label, String hardware, String profile, Integer tensorParallel,
        String precision, List<String> optimizations, String status, String reason, Integer concurrency,
        Map<String, Double> metrics, Double requestsPerSecondPerReplica, Double outputTokensPerSecondPerReplica,
        Integer replicas, Integer acceleratorsPerReplica, Integer accelerators, Double usdPerAcceleratorHour,
        Double usdPerHour, Double usdPerMonth, Double usdPerMillionOutputTokens, Double headroomPercent,
        PriceView price, String parametersSha256, List<String> monotonicityBreaks, List<CurvePoint> curve) {

    static final String MEETS = "meets-slo";
    static final String MISSES = "misses-slo";
    static final String DOES_NOT_FIT = "does-not-fit";
    static final String NOT_DEPLOYABLE = "not-deployable";
    static final String PRUNED = "pruned";

    boolean meets() {
        return MEETS.equals(status);
    }

    CandidateResult ranked(int newRank) {
        return new CandidateResult(newRank, label, hardware, profile, tensorParallel, precision, optimizations, status,
                reason, concurrency, metrics, requestsPerSecondPerReplica, outputTokensPerSecondPerReplica, replicas,
                acceleratorsPerReplica, accelerators, usdPerAcceleratorHour, usdPerHour, usdPerMonth,
                usdPerMillionOutputTokens, headroomPercent, price, parametersSha256, monotonicityBreaks, curve);
    }

    /** The same operating points and replicas, with the money fields from another price (or none). */
    CandidateResult pricedAt(PriceView newPrice, double hoursPerMonth) {
        if (replicas == null || acceleratorsPerReplica == null) {
            return this;
        }
        Money money = Money.of(newPrice, acceleratorsPerReplica, replicas, outputTokensPerSecondPerReplica,
                hoursPerMonth);
        List<CurvePoint> repriced = curve.stream().map(p -> p.pricedAt(newPrice, acceleratorsPerReplica)).toList();
        return new CandidateResult(rank, label, hardware, profile, tensorParallel, precision, optimizations, status,
                reason, concurrency, metrics, requestsPerSecondPerReplica, outputTokensPerSecondPerReplica, replicas,
                acceleratorsPerReplica, accelerators, money.usdPerAcceleratorHour(), money.usdPerHour(),
                money.usdPerMonth(), money.usdPerMillionOutputTokens(), headroomPercent, newPrice, parametersSha256,
                monotonicityBreaks, repriced);
    }

    /**
     * One simulated point of the search.
     *
     * @param concurrency       closed loop: the load (null in open loop)
     * @param requestsPerSecond open loop: the arrival rate (null in closed loop)
     * @param interactivity     output tokens per second per user (1000 / median TPOT)
     */
    record CurvePoint(Integer concurrency, Double requestsPerSecond, double interactivity,
            double outputTokensPerSecond, Double usdPerMillionOutputTokens, boolean meetsSlo) {

        CurvePoint pricedAt(PriceView price, int accelerators) {
            return new CurvePoint(concurrency, requestsPerSecond, interactivity, outputTokensPerSecond,
                    Money.perMillionOutputTokens(price, accelerators, outputTokensPerSecond), meetsSlo);
        }
    }

    /** The bill of {@code replicas} replicas of {@code accelerators} each, at one price. */
    record Money(Double usdPerAcceleratorHour, Double usdPerHour, Double usdPerMonth,
            Double usdPerMillionOutputTokens) {

        static Money of(PriceView price, int accelerators, Integer replicas, double outputTokensPerSecond,
                double hoursPerMonth) {
            if (price == null) {
                return new Money(null, null, null, null);
            }
            double perAcceleratorHour = price.usdPerAcceleratorHour().doubleValue();
            Double perHour = replicas == null ? null : replicas * accelerators * perAcceleratorHour;
            return new Money(perAcceleratorHour, perHour, perHour == null ? null : perHour * hoursPerMonth,
                    perMillionOutputTokens(price, accelerators, outputTokensPerSecond));
        }

        /** accelerators x USD per accelerator-hour / (output tokens/s x 3600) x 10^6, one replica at that load. */
        static Double perMillionOutputTokens(PriceView price, int accelerators, double outputTokensPerSecond) {
            if (price == null || !(outputTokensPerSecond > 0)) {
                return null;
            }
            return accelerators * price.usdPerAcceleratorHour().doubleValue() / (outputTokensPerSecond * 3600.0)
                    * 1e6;
        }
    }
}
