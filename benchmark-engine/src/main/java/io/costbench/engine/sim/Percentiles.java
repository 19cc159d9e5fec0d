package io.costbench.engine.sim;

import java.util.Arrays;

import org.HdrHistogram.DoubleHistogram;

/**
 * numpy-compatible statistics (linear interpolation between order statistics, like np.percentile), in bounded
 * memory: a distribution is exact up to {@link #EXACT_VALUES} stored values (every run the service accepts stays
 * exact), then moves to an HdrHistogram of {@link #SIGNIFICANT_DIGITS} significant digits (percentiles within 0.1% of
 * the exact value, the mean stays exact) so memory never grows with the number of requests.
 */
final class Percentiles {

    /** Values (or distinct weighted values) kept exactly: 512 KB of doubles per distribution at most. */
    static final int EXACT_VALUES = 1 << 16;
    static final int SIGNIFICANT_DIGITS = 3;

    private Percentiles() {
    }

    /** Mean, median, p90, p99 of the first {@code n} values (sorts them in place). */
    static PercentileSummary of(double[] values, int n) {
        if (n == 0) {
            return PercentileSummary.EMPTY;
        }
        Arrays.sort(values, 0, n);
        double sum = 0;
        for (int i = 0; i < n; i++) {
            sum += values[i];
        }
        return new PercentileSummary(sum / n, at(values, n, 50), at(values, n, 90), at(values, n, 99));
    }

    private static double at(double[] sorted, int n, double percent) {
        double position = percent / 100.0 * (n - 1);
        int lo = (int) Math.floor(position);
        int hi = (int) Math.ceil(position);
        return sorted[lo] + (sorted[hi] - sorted[lo]) * (position - lo);
    }

    /** One value per request (TTFT, TPOT, E2EL). */
    static final class Samples {
        private double[] values = new double[64];
        private int n;
        private Approximate approximate;

        void add(double value) {
            if (approximate != null) {
                approximate.add(value, 1);
                return;
            }
            if (n == EXACT_VALUES) {
                approximate = new Approximate();
                for (int i = 0; i < n; i++) {
                    approximate.add(values[i], 1);
                }
                values = null;
                approximate.add(value, 1);
                return;
            }
            if (n == values.length) {
                values = Arrays.copyOf(values, 2 * n);
            }
            values[n++] = value;
        }

        PercentileSummary stats() {
            return approximate != null ? approximate.stats() : of(values, n);
        }
    }

    /**
     * Values with multiplicities: a decode step contributes its duration once per sequence it advanced. An
     * open-addressing table keyed by the value's bits, because a run adds one entry per step.
     */
    static final class Weighted {
        private long[] keys = new long[1024];
        private long[] counts = new long[1024];
        private int size;
        private long total;
        private double sum;
        private Approximate approximate;

        void add(double value, long count) {
            if (count <= 0) {
                return;
            }
            if (approximate != null) {
                approximate.add(value, count);
                return;
            }
            // +0.0 and -0.0 are one value; every other double maps to distinct bits. Count 0 marks a free slot.
            long bits = Double.doubleToLongBits(value + 0.0);
            int mask = keys.length - 1;
            int slot = (int) (bits ^ (bits >>> 29) ^ (bits >>> 41)) & mask;
            while (counts[slot] != 0 && keys[slot] != bits) {
                slot = (slot + 1) & mask;
            }
            if (counts[slot] == 0) {
                if (size == EXACT_VALUES) {
                    toApproximate();
                    approximate.add(value, count);
                    return;
                }
                keys[slot] = bits;
                if (++size * 2 > keys.length) {
                    counts[slot] = count;
                    grow();
                    total += count;
                    sum += value * count;
                    return;
                }
            }
            counts[slot] += count;
            total += count;
            sum += value * count;
        }

        private void toApproximate() {
            approximate = new Approximate();
            for (int i = 0; i < keys.length; i++) {
                if (counts[i] != 0) {
                    approximate.add(Double.longBitsToDouble(keys[i]), counts[i]);
                }
            }
            keys = null;
            counts = null;
        }

        private void grow() {
            long[] oldKeys = keys;
            long[] oldCounts = counts;
            keys = new long[oldKeys.length * 2];
            counts = new long[oldKeys.length * 2];
            int mask = keys.length - 1;
            for (int i = 0; i < oldKeys.length; i++) {
                if (oldCounts[i] != 0) {
                    long bits = oldKeys[i];
                    int slot = (int) (bits ^ (bits >>> 29) ^ (bits >>> 41)) & mask;
                    while (counts[slot] != 0) {
                        slot = (slot + 1) & mask;
                    }
                    keys[slot] = bits;
                    counts[slot] = oldCounts[i];
                }
            }
        }

        PercentileSummary stats() {
            if (approximate != null) {
                return approximate.stats();
            }
            if (total == 0) {
                return PercentileSummary.EMPTY;
            }
            double[] values = new double[size];
            int n = 0;
            for (int i = 0; i < keys.length; i++) {
                if (counts[i] != 0) {
                    values[n++] = Double.longBitsToDouble(keys[i]);
                }
            }
            Arrays.sort(values);
            long[] cumulative = new long[size];
            long running = 0;
            for (int k = 0; k < size; k++) {
                running += countOf(values[k]);
                cumulative[k] = running;
            }
            return new PercentileSummary(sum / total, at(values, cumulative, 50), at(values, cumulative, 90),
                    at(values, cumulative, 99));
        }

        private long countOf(double value) {
            long bits = Double.doubleToLongBits(value);
            int mask = keys.length - 1;
            int slot = (int) (bits ^ (bits >>> 29) ^ (bits >>> 41)) & mask;
            while (keys[slot] != bits || counts[slot] == 0) {
                slot = (slot + 1) & mask;
            }
            return counts[slot];
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

    /** Past the exact limit: a log-bucketed histogram for the percentiles, an exact running sum for the mean. */
    private static final class Approximate {
        private final DoubleHistogram histogram = new DoubleHistogram(SIGNIFICANT_DIGITS);
        private long total;
        private double sum;

        void add(double value, long count) {
            histogram.recordValueWithCount(value + 0.0, count);
            total += count;
            sum += value * count;
        }

        PercentileSummary stats() {
            return new PercentileSummary(sum / total, histogram.getValueAtPercentile(50),
                    histogram.getValueAtPercentile(90), histogram.getValueAtPercentile(99));
        }
    }
}
