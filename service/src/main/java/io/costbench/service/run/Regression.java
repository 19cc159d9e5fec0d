package io.costbench.service.run;

import java.util.List;
import java.util.Map;

/**
 * The verdict on a pushed run against its series on the base branch.
 *
 * @param verdict    {@code regression} if any checked metric got significantly worse, else {@code improvement} if
 *                   any got significantly better, else {@code ok}; {@code insufficient-data} when the baseline has
 *                   fewer runs than the minimum for every checked metric
 * @param baseline   the runs compared against
 * @param test       the test in words
 * @param threshold  the relative change (percent) a metric must exceed
 * @param zThreshold the z-score a metric must exceed as well
 * @param metrics    the check of each metric
 */
public record Regression(String verdict, Baseline baseline, String test, double threshold, double zThreshold,
        int minSamples, Map<String, MetricCheck> metrics) {

    public static final String OK = "ok";
    public static final String REGRESSION = "regression";
    public static final String IMPROVEMENT = "improvement";
    public static final String INSUFFICIENT_DATA = "insufficient-data";

    /** The base-branch runs of the same series, newest first, and their mean per checked metric. */
    public record Baseline(String branch, int runs, List<Long> runIds, Map<String, Double> mean,
            Map<String, Double> std) {
    }

    /**
     * @param direction     {@code higher-is-better} or {@code lower-is-better}
     * @param changePercent (value - baseline mean) / baseline mean, in percent
     * @param z             (value - mean) / (std * sqrt(1 + 1/n)); null when the baseline has no spread
     */
    public record MetricCheck(double value, Double baselineMean, Integer samples, Double changePercent, Double z,
            String direction, String verdict) {
    }
}
