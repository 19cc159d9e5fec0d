package io.costbench.service.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A latency service-level objective: upper bounds on TTFT / TPOT / end-to-end latency percentiles and a lower bound
 * on interactivity (output tokens per second one user sees: 1000 / median TPOT, the simulator's
 * {@code interactivity}). Every bound is optional; an SLO without bounds accepts any load.
 */
record Slo(List<SloBound> bounds, Double minInteractivity) {

    Slo {
        bounds = List.copyOf(bounds);
    }

    static Slo none() {
        return new Slo(List.of(), null);
    }

    /** What the metrics miss, one line each ("p90 TTFT 2450 ms > 2000 ms"); empty when every bound holds. */
    List<String> misses(Map<String, Double> metrics) {
        List<String> misses = new ArrayList<>();
        for (SloBound bound : bounds) {
            Double value = metrics.get(bound.metricName());
            if (value == null || !(value <= bound.limitMs())) {
                misses.add(String.format(Locale.ROOT, "%s %s ms > %s ms", bound.label(), round(value),
                        round(bound.limitMs())));
            }
        }
        if (minInteractivity != null) {
            Double value = metrics.get("interactivity");
            if (value == null || !(value >= minInteractivity)) {
                misses.add(String.format(Locale.ROOT, "interactivity %s tok/s/user < %s", round(value),
                        round(minInteractivity)));
            }
        }
        return misses;
    }

    /**
     * The longest decode step the TPOT bounds and the interactivity bound allow (a request's TPOT is at least its
     * steps'); infinite without such bounds.
     */
    double decodeStepLimitMs() {
        double limit = minInteractivity == null ? Double.POSITIVE_INFINITY : 1000.0 / minInteractivity;
        for (SloBound bound : bounds) {
            if (bound.metricName().endsWith("tpot_ms")) {
                limit = Math.min(limit, bound.limitMs());
            }
        }
        return limit;
    }

    boolean meets(Map<String, Double> metrics) {
        return misses(metrics).isEmpty();
    }

    /** "p90 TTFT <= 2000 ms, interactivity >= 30 tok/s/user"; "no latency bound" when empty. */
    String describe() {
        List<String> parts = new ArrayList<>();
        bounds.forEach(b -> parts.add(b.label() + " <= " + round(b.limitMs()) + " ms"));
        if (minInteractivity != null) {
            parts.add("interactivity >= " + round(minInteractivity) + " tok/s/user");
        }
        return parts.isEmpty() ? "no latency bound" : String.join(", ", parts);
    }

    private static String round(Double value) {
        if (value == null) {
            return "n/a";
        }
        return value >= 100 ? String.format(Locale.ROOT, "%.0f", value) : String.format(Locale.ROOT, "%.3g", value);
    }
}
