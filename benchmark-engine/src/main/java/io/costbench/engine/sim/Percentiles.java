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
     * open-addressing table keyed by the value's bits, because a run adds one entry per step; a slot's key and count
     * sit side by side (one cache line for both).
     */
    static final class Weighted {
        private static final int INITIAL_SLOTS = 1024;

        /** Slot i: key (the value's bits) at 2i, count at 2i + 1; count 0 marks a free slot. */
        private long[] table = new long[2 * INITIAL_SLOTS];
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
            // +0.0 and -0.0 are one value; every other double maps to distinct bits.
            long bits = Double.doubleToLongBits(value + 0.0);
            int mask = slots() - 1;
            int slot = home(bits, mask);
            while (table[2 * slot + 1] != 0 && table[2 * slot] != bits) {
                slot = (slot + 1) & mask;
            }
            if (table[2 * slot + 1] == 0) {
                if (size == EXACT_VALUES) {
                    toApproximate();
                    approximate.add(value, count);
                    return;
                }
                table[2 * slot] = bits;
                if (++size * 2 > slots()) {
                    table[2 * slot + 1] = count;
                    grow();
                    total += count;
                    sum += value * count;
                    return;
                }
            }
            table[2 * slot + 1] += count;
            total += count;
            sum += value * count;
        }

        private int slots() {
            return table.length >>> 1;
        }

        private static int home(long bits, int mask) {
            return (int) (bits ^ (bits >>> 29) ^ (bits >>> 41)) & mask;
        }

        private void toApproximate() {
            approximate = new Approximate();
            for (int i = 0; i < slots(); i++) {
                if (table[2 * i + 1] != 0) {
                    approximate.add(Double.longBitsToDouble(table[2 * i]), table[2 * i + 1]);
                }
            }
            table = null;
        }

        private void grow() {
            long[] old = table;
            table = new long[2 * old.length];
            int mask = slots() - 1;
            for (int i = 0; i < old.length; i += 2) {
                if (old[i + 1] != 0) {
                    long bits = old[i];
                    int slot = home(bits, mask);
                    while (table[2 * slot + 1] != 0) {
                        slot = (slot + 1) & mask;
                    }
                    table[2 * slot] = bits;
                    table[2 * slot + 1] = old[i + 1];
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
            for (int i = 0; i < slots(); i++) {
                if (table[2 * i + 1] != 0) {
                    values[n++] = Double.longBitsToDouble(table[2 * i]);
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
            int mask = slots() - 1;
            int slot = home(bits, mask);
            while (table[2 * slot] != bits || table[2 * slot + 1] == 0) {
                slot = (slot + 1) & mask;
            }
            return table[2 * slot + 1];
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
