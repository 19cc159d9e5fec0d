package io.costbench.service.run;

import java.math.BigDecimal;
import java.util.Map;
import java.util.TreeMap;

import io.costbench.engine.sim.DatasetLengths;
import io.costbench.engine.sim.RampUp;
import io.costbench.engine.sim.Workload;

/**
 * The prediction for a run's scenario and how far the measurement is from it: (measured - predicted) / predicted
 * for the headline metrics both have; or, when the run cannot be predicted, empty maps and the {@code reason}.
 *
 * @param reason     why there is no prediction (unknown model, no concurrency or rate, ...); null when there is one
 * @param numPrompts the requests the simulated client sent; null without a prediction (and in runs stored before it
 *                   was recorded)
 * @param arrivals   how they were sent: {@code closed-loop} (each slot sends when its last request finished),
 *                   {@code poisson}, {@code evenly-spaced} or {@code gamma, burstiness b} at the run's request rate,
 *                   followed by {@code , linear ramp-up 1.0 to 9.0 requests/s} for a vLLM ramp-up, and by
 *                   {@code , concurrency ramped from 1 to 8 over 30 s} for an AIPerf concurrency ramp
 * @param lengths    the requests' lengths: {@code fixed} (the stated ones), {@code range ratio r} (drawn from
 *                   [max(1, r x L), L]), {@code the run's own} (every request's, replayed from the file) or
 *                   {@code drawn as stated: prompts ..., outputs ...} (GuideLLM's or LLMPerf's distributions) or
 *                   {@code ShareGPT's, drawn around the stated means (...), the mean of n draws}; null without a
 *                   prediction (and in runs stored before it was recorded)
 * @param runSeconds when the simulated client stopped and cancelled what was in flight, as the run's did (GuideLLM's
 *                   {@code max_duration}); null when it ran to its last request
 */
public record RunPrediction(Map<String, Double> metrics, Map<String, Double> relativeError, String reason,
        Integer numPrompts, String arrivals, String lengths, Double runSeconds) {

    private static final String CLOSED_LOOP = "closed-loop";
    /** The words in {@link #arrivals} before the cap an AIPerf concurrency ramp climbed to. */
    private static final String CONCURRENCY_RAMP = "concurrency ramped from 1 to ";

    /** The words of {@link #lengths} for a replay of the file's own request lengths. */
    static final String REPLAYED = "the run's own";
    /** The words of {@link #lengths} for the stated lengths, every request alike. */
    static final String FIXED = "fixed";
    /** The words of {@link #lengths} before the distributions a GuideLLM or LLMPerf client drew lengths from. */
    static final String DRAWN = "drawn as stated: ";

    /** The words of {@link #lengths} for a dataset's lengths drawn around the stated means, {@code runs} times. */
    static String sampledFrom(DatasetLengths dataset, int runs) {
        return dataset.name() + "'s, drawn around the stated means (answers gamma, shape " + dataset.outputGammaShape()
                + "; prompts at their mean), the mean of " + runs + (runs == 1 ? " draw" : " draws");
    }

    static RunPrediction unavailable(String reason) {
        return new RunPrediction(Map.of(), Map.of(), reason, null, null, null, null);
    }

    static final String[] HEADLINE = {"median_tpot_ms", "output_throughput", "median_ttft_ms"};

    /** @param lengths how the simulated requests' lengths were chosen, in the words of {@link #lengths} */
    static RunPrediction compare(Map<String, Double> predicted, Map<String, Double> measured, Workload simulated,
            String lengths) {
        Map<String, Double> errors = new TreeMap<>();
        for (String metric : HEADLINE) {
            Double p = predicted.get(metric);
            Double m = measured.get(metric);
            if (p != null && m != null && p > 0) {
                errors.put(metric, (m - p) / p);
            }
        }
        return new RunPrediction(new TreeMap<>(predicted), errors, null, simulated.numPrompts(), arrivals(simulated),
                lengths, simulated.runSeconds() > 0 ? simulated.runSeconds() : null);
    }

    private static String arrivals(Workload workload) {
        String slots = workload.concurrencyRampSeconds() > 0 ? ", " + CONCURRENCY_RAMP + workload.maxConcurrency()
                + " over " + BigDecimal.valueOf(workload.concurrencyRampSeconds()).stripTrailingZeros().toPlainString()
                + " s" : "";
        if (!workload.openLoop()) {
            return CLOSED_LOOP + slots;
        }
        String gaps = workload.burstiness() == Workload.POISSON ? "poisson"
                : workload.burstiness() == Workload.EVENLY_SPACED ? "evenly-spaced"
                : "gamma, burstiness " + workload.burstiness();
        RampUp ramp = workload.rampUp();
        return (ramp == null ? gaps : gaps + ", " + ramp.label()) + slots;
    }

    /**
     * The run page's sentence, from what was stored: "80 requests, a closed loop", "200 requests, poisson arrivals at
     * the stated request rate", "60 requests, gamma, burstiness 0.25 arrivals, linear ramp-up 1.0 to 16.0 ...", then
     * "; lengths: the run's own" (or a range ratio) where they were not the stated ones fixed, and "; stopped after
     * 30 s, what was in flight not counted" for a client that stopped by time.
     */
    public String simulatedClient() {
        if (numPrompts == null) {
            return null;
        }
        String spread = (lengths == null || lengths.equals(FIXED) ? "" : "; lengths: " + lengths)
                + (runSeconds == null ? "" : "; stopped after "
                        + BigDecimal.valueOf(runSeconds).stripTrailingZeros().toPlainString()
                        + " s, what was in flight not counted");
        int slotsAt = arrivals.indexOf(", " + CONCURRENCY_RAMP);
        String slots = slotsAt < 0 ? "" : arrivals.substring(slotsAt);
        String sent = slotsAt < 0 ? arrivals : arrivals.substring(0, slotsAt);
        if (CLOSED_LOOP.equals(sent)) {
            return numPrompts + " requests, a closed loop" + slots + spread;
        }
        int ramp = sent.indexOf(RampUp.LABEL_INFIX);
        int cut = ramp < 0 ? -1 : sent.lastIndexOf(", ", ramp);
        return numPrompts + " requests, " + (cut < 0 ? sent + " arrivals at the stated request rate"
                : sent.substring(0, cut) + " arrivals, " + sent.substring(cut + 2)) + slots + spread;
    }
}
