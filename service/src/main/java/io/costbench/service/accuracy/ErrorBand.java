package io.costbench.service.accuracy;

import io.costbench.engine.validation.ErrorStatistics;

/**
 * How far predictions of one metric were from public measurements: the rows compared and the median, p90 and max of
 * |predicted - measured| / measured, in percent (one decimal).
 */
public record ErrorBand(int rows, double medianPct, double p90Pct, double maxPct) {

    public static ErrorBand of(ErrorStatistics statistics) {
        return new ErrorBand(statistics.rows(), percent(statistics.medianAbs()), percent(statistics.p90Abs()),
                percent(statistics.maxAbs()));
    }

    private static double percent(double fraction) {
        return Math.round(fraction * 1000.0) / 10.0;
    }
}
