package io.costbench.service.plan;

import java.util.Locale;

/**
 * An upper bound on one latency percentile, in milliseconds: {@code metric} is a vLLM bench metric stem
 * ({@code ttft_ms}, {@code tpot_ms}, {@code e2el_ms}), {@code percentile} one of p50, p90, p99.
 */
record SloBound(String metric, String percentile, double limitMs) {

    /** The vLLM bench metric this bound reads ({@code median_ttft_ms}, {@code p90_tpot_ms}, ...). */
    String metricName() {
        return ("p50".equals(percentile) ? "median" : percentile) + "_" + metric;
    }

    /** As the request names it: {@code slo.ttftMs.p90}. */
    String field() {
        return "slo." + metric.replace("_ms", "Ms") + "." + percentile;
    }

    String label() {
        return percentile + " " + metric.replace("_ms", "").toUpperCase(Locale.ROOT);
    }
}
