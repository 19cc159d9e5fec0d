package io.costbench.gpu;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;

/** Relative errors of predicted vs measured rows, summarised per group the way the calibration README asks. */
final class ErrorReport {

    record Scored(CalibrationData.Row row, double tpotMs, double ttftMs, double throughput) {
        double tpotError() {
            return (tpotMs - row.tpotMs()) / row.tpotMs();
        }

        double ttftError() {
            return Double.isNaN(row.ttftMs()) ? Double.NaN : (ttftMs - row.ttftMs()) / row.ttftMs();
        }

        double throughputError() {
            return Double.isNaN(row.throughput()) ? Double.NaN : (throughput - row.throughput()) / row.throughput();
        }
    }

    record Summary(String group, int rows, double tpotMedian, double tpotP90, double ttftMedian, double ttftP90,
            double throughputMedian, double throughputP90, double tpotBias) {
    }

    private ErrorReport() {
    }

    static Summary summarise(String group, List<Scored> scored) {
        return new Summary(group, scored.size(),
                quantile(abs(scored, Scored::tpotError), 0.5), quantile(abs(scored, Scored::tpotError), 0.9),
                quantile(abs(scored, Scored::ttftError), 0.5), quantile(abs(scored, Scored::ttftError), 0.9),
                quantile(abs(scored, Scored::throughputError), 0.5),
                quantile(abs(scored, Scored::throughputError), 0.9),
                quantile(scored.stream().mapToDouble(Scored::tpotError).toArray(), 0.5));
    }

    static Map<String, List<Scored>> groupBy(List<Scored> scored, Function<Scored, String> key) {
        Map<String, List<Scored>> groups = new LinkedHashMap<>();
        for (Scored s : scored) {
            groups.computeIfAbsent(key.apply(s), k -> new ArrayList<>()).add(s);
        }
        return groups;
    }

    static List<Scored> filter(List<Scored> scored, Predicate<Scored> which) {
        return scored.stream().filter(which).toList();
    }

    static String table(List<Summary> summaries) {
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT,
                "%-62s %5s | %-15s | %-15s | %-15s | %s%n", "file / hardware / profile", "rows", "TPOT med / p90",
                "TTFT med / p90", "thrpt med / p90", "TPOT bias"));
        for (Summary s : summaries) {
            out.append(String.format(Locale.ROOT, "%-62s %5d | %6.1f%% %6.1f%% | %6.1f%% %6.1f%% | %6.1f%% %6.1f%% | %+6.1f%%%n",
                    s.group(), s.rows(), 100 * s.tpotMedian(), 100 * s.tpotP90(), 100 * s.ttftMedian(),
                    100 * s.ttftP90(), 100 * s.throughputMedian(), 100 * s.throughputP90(), 100 * s.tpotBias()));
        }
        return out.toString();
    }

    static String worst(List<Scored> scored, int count) {
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT,
                "%-58s %9s %9s %7s | %9s %9s %7s | %7s%n", "worst rows by |TPOT error|", "TPOT meas", "pred", "err",
                "TTFT meas", "pred", "err", "thr err"));
        scored.stream().sorted(Comparator.comparingDouble((Scored s) -> -Math.abs(s.tpotError()))).limit(count)
                .forEach(s -> out.append(String.format(Locale.ROOT,
                        "%-58s %9.2f %9.2f %6.1f%% | %9.1f %9.1f %6.1f%% | %6.1f%%%n", s.row().label(),
                        s.row().tpotMs(), s.tpotMs(), 100 * s.tpotError(), s.row().ttftMs(), s.ttftMs(),
                        100 * s.ttftError(), 100 * s.throughputError())));
        return out.toString();
    }

    private static double[] abs(List<Scored> scored, Function<Scored, Double> error) {
        return scored.stream().map(error).filter(e -> !Double.isNaN(e)).mapToDouble(Math::abs).toArray();
    }

    static double quantile(double[] values, double q) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        double position = q * (sorted.length - 1);
        int lower = (int) Math.floor(position);
        int upper = (int) Math.ceil(position);
        return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - lower);
    }
}
