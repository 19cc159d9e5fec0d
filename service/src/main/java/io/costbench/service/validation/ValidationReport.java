package io.costbench.service.validation;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

import io.costbench.engine.port.Parameter;

/**
 * Prints the validation tables: per file, hardware and profile the rows predicted (and skipped, by reason), the
 * median and p90 absolute relative error of TPOT, TTFT and output throughput, the ten worst rows, and the calibrated
 * parameters next to their documented values. The same numbers are returned for assertions.
 */
public final class ValidationReport {

    /** Error statistics of one metric over a group: rows compared, median and p90 of |relative error|. */
    public record ErrorStats(int rows, double medianAbs, double p90Abs) {
    }

    private final List<ValidationRun.Outcome> outcomes;

    public ValidationReport(List<ValidationRun.Outcome> outcomes) {
        this.outcomes = List.copyOf(outcomes);
    }

    /** Groups as "file | hardware | profile". */
    public Map<String, List<ValidationRun.Outcome>> groups() {
        Map<String, List<ValidationRun.Outcome>> groups = new TreeMap<>();
        for (ValidationRun.Outcome o : outcomes) {
            Measurement m = o.measurement();
            groups.computeIfAbsent(m.file() + " | " + m.hardwareId() + " | " + m.profileId(), k -> new ArrayList<>())
                    .add(o);
        }
        return groups;
    }

    public static Optional<ErrorStats> stats(List<ValidationRun.Outcome> outcomes, ValidationMetric metric) {
        List<Double> errors = outcomes.stream().map(o -> o.relativeError(metric)).flatMap(Optional::stream)
                .map(Math::abs).sorted().toList();
        if (errors.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new ErrorStats(errors.size(), percentile(errors, 50), percentile(errors, 90)));
    }

    public void print(PrintStream out) {
        out.println("=== Validation report: predicted vs measured (relative error = (predicted - measured) / measured)");
        for (Map.Entry<String, List<ValidationRun.Outcome>> group : groups().entrySet()) {
            List<ValidationRun.Outcome> all = group.getValue();
            List<ValidationRun.Outcome> predicted = all.stream().filter(o -> o.skipReason() == null).toList();
            out.printf("%n--- %s: %d rows, %d predicted%n", group.getKey(), all.size(), predicted.size());
            Map<String, Long> skipped = all.stream().filter(o -> o.skipReason() != null)
                    .collect(Collectors.groupingBy(o -> shorten(o.skipReason()), TreeMap::new, Collectors.counting()));
            skipped.forEach((reason, count) -> out.printf("    skipped %d: %s%n", count, reason));
            if (predicted.isEmpty()) {
                continue;
            }
            out.printf("    %-18s %6s %12s %12s%n", "metric", "rows", "median |err|", "p90 |err|");
            for (ValidationMetric metric : ValidationMetric.values()) {
                stats(predicted, metric).ifPresent(s -> out.printf("    %-18s %6d %11.1f%% %11.1f%%%n",
                        metric.name().toLowerCase() + (metric == ValidationMetric.OUTPUT_THROUGHPUT
                                && predicted.get(0).measurement().throughputDerived() ? "*" : ""),
                        s.rows(), 100 * s.medianAbs(), 100 * s.p90Abs()));
            }
            out.println("    worst rows (by largest |error|):");
            predicted.stream().sorted(Comparator.comparingDouble(ValidationReport::worstError).reversed()).limit(10)
                    .forEach(o -> out.printf("      %-60s %s%n", o.measurement().label(), errors(o)));
        }
        out.println("\n(* output throughput derived from measured TTFT and TPOT for a closed loop)");
        printParameters(out);
    }

    private void printParameters(PrintStream out) {
        Map<String, Parameter> calibrated = new LinkedHashMap<>();
        for (ValidationRun.Outcome o : outcomes) {
            if (o.deployment() == null) {
                continue;
            }
            for (Parameter p : o.deployment().parameters()) {
                if (p.calibrated()) {
                    calibrated.putIfAbsent(o.deployment().hardwareId() + "/" + o.deployment().profileId() + " "
                            + p.name(), p);
                }
            }
        }
        out.println("\n--- calibrated parameters (value vs documented / first-principles, plausible range)");
        if (calibrated.isEmpty()) {
            out.println("    none reported by the deployments used");
        }
        calibrated.forEach((name, p) -> out.printf("    %-55s %12.4g %s (documented %.4g, range %.4g..%.4g) %s%n",
                name, p.value(), p.unit(), p.documented(), p.min(), p.max(), p.source()));
    }

    private static double worstError(ValidationRun.Outcome o) {
        double worst = 0;
        for (ValidationMetric metric : ValidationMetric.values()) {
            worst = Math.max(worst, o.relativeError(metric).map(Math::abs).orElse(0.0));
        }
        return worst;
    }

    private static String errors(ValidationRun.Outcome o) {
        StringBuilder text = new StringBuilder();
        for (ValidationMetric metric : ValidationMetric.values()) {
            Double measured = o.measurement().measured().get(metric);
            Double predicted = o.predicted().get(metric);
            if (measured != null && predicted != null) {
                text.append(String.format("%s %.4g->%.4g (%+.0f%%)  ", metric.name().toLowerCase(), measured,
                        predicted, 100 * (predicted - measured) / measured));
            }
        }
        return text.toString().trim();
    }

    private static String shorten(String reason) {
        return reason.length() > 120 ? reason.substring(0, 117) + "..." : reason;
    }

    /** numpy-style percentile with linear interpolation, of a sorted list. */
    static double percentile(List<Double> sorted, double percent) {
        double position = percent / 100 * (sorted.size() - 1);
        int lo = (int) Math.floor(position);
        int hi = (int) Math.ceil(position);
        return sorted.get(lo) + (sorted.get(hi) - sorted.get(lo)) * (position - lo);
    }
}
