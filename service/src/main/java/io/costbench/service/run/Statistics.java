package io.costbench.service.run;

import java.util.Arrays;

/** vLLM's statistics over per-request samples: numpy's mean, median, population std and linear percentiles. */
final class Statistics {

    private Statistics() {
    }

    static void describe(double[] samples, String measure, RunMetrics metrics, String field) {
        if (samples.length == 0) {
            return;
        }
        double[] sorted = samples.clone();
        Arrays.sort(sorted);
        double mean = Arrays.stream(sorted).average().orElseThrow();
        double variance = Arrays.stream(sorted).map(x -> (x - mean) * (x - mean)).sum() / sorted.length;
        metrics.put("mean_" + measure + "_ms", mean, field);
        metrics.put("median_" + measure + "_ms", percentile(sorted, 50), field);
        metrics.put("std_" + measure + "_ms", Math.sqrt(variance), field);
        for (int p : new int[] {90, 95, 99}) {
            metrics.put("p" + p + "_" + measure + "_ms", percentile(sorted, p), field);
        }
    }

    /** numpy.percentile's default (linear interpolation between closest ranks) on sorted data. */
    static double percentile(double[] sorted, double percent) {
        double rank = percent / 100 * (sorted.length - 1);
        int below = (int) Math.floor(rank);
        int above = Math.min(below + 1, sorted.length - 1);
        return sorted[below] + (rank - below) * (sorted[above] - sorted[below]);
    }
}
