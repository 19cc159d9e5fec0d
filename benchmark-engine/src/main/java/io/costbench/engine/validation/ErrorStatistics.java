package io.costbench.engine.validation;

import java.util.Optional;
import java.util.stream.DoubleStream;

/**
 * How far predictions are from measurements over a group of rows: the count, and the median, p90 and max of
 * |relative error| (percentiles interpolated linearly between ranks, as numpy does). Every accelerator family's
 * validation reports these figures, so they are computed once, here.
 */
public record ErrorStatistics(int rows, double medianAbs, double p90Abs, double maxAbs) {

    /** The statistics of these relative errors ((predicted - measured) / measured); empty when there are none. */
    public static Optional<ErrorStatistics> of(DoubleStream relativeErrors) {
        double[] abs = relativeErrors.map(Math::abs).sorted().toArray();
        if (abs.length == 0) {
            return Optional.empty();
        }
        return Optional.of(new ErrorStatistics(abs.length, percentile(abs, 0.5), percentile(abs, 0.9),
                abs[abs.length - 1]));
    }

    static double percentile(double[] sorted, double quantile) {
        double position = quantile * (sorted.length - 1);
        int lo = (int) Math.floor(position);
        int hi = (int) Math.ceil(position);
        return sorted[lo] + (sorted[hi] - sorted[lo]) * (position - lo);
    }
}
