package io.costbench.engine.sim;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/** numpy-compatible statistics (linear interpolation between order statistics, like np.percentile). */
final class Percentiles {

    private Percentiles() {
    }

    /** Mean, median, p90, p99 of the first {@code n} values (sorts them in place). */
    static double[] of(double[] values, int n) {
        if (n == 0) {
            return new double[] {0, 0, 0, 0};
        }
        Arrays.sort(values, 0, n);
        double sum = 0;
        for (int i = 0; i < n; i++) {
            sum += values[i];
        }
        return new double[] {sum / n, at(values, n, 50), at(values, n, 90), at(values, n, 99)};
    }

    private static double at(double[] sorted, int n, double percent) {
        double position = percent / 100.0 * (n - 1);
        int lo = (int) Math.floor(position);
        int hi = (int) Math.ceil(position);
        return sorted[lo] + (sorted[hi] - sorted[lo]) * (position - lo);
    }

    /** Values with multiplicities: a decode step contributes its duration once per sequence it advanced. */
    static final class Weighted {
        private final Map<Double, long[]> counts = new HashMap<>();
        private long total;
        private double sum;

        void add(double value, long count) {
            if (count <= 0) {
                return;
            }
            counts.computeIfAbsent(value, v -> new long[1])[0] += count;
            total += count;
            sum += value * count;
        }

        double[] stats() {
            if (total == 0) {
                return new double[] {0, 0, 0, 0};
            }
            double[] values = new double[counts.size()];
            int i = 0;
            for (Double value : counts.keySet()) {
                values[i++] = value;
            }
            Arrays.sort(values);
            long[] cumulative = new long[values.length];
            long running = 0;
            for (int k = 0; k < values.length; k++) {
                running += counts.get(values[k])[0];
                cumulative[k] = running;
            }
            return new double[] {sum / total, at(values, cumulative, 50), at(values, cumulative, 90),
                    at(values, cumulative, 99)};
        }

        private double at(double[] values, long[] cumulative, double percent) {
            double position = percent / 100.0 * (total - 1);
            long lo = (long) Math.floor(position);
            long hi = (long) Math.ceil(position);
            double low = valueAt(values, cumulative, lo);
            return low + (valueAt(values, cumulative, hi) - low) * (position - lo);
        }

        private static double valueAt(double[] values, long[] cumulative, long index) {
            int k = Arrays.binarySearch(cumulative, index + 1);
            if (k < 0) {
                k = -k - 1;
            }
            return values[k];
        }
    }
}
