package io.costbench.service.validation;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import io.costbench.engine.port.Parameter;
import io.costbench.engine.validation.ErrorStatistics;
import io.costbench.service.accuracy.AccuracyCatalog;
import io.costbench.service.accuracy.ErrorBand;
import io.costbench.service.accuracy.ValidatedAccuracy;

/**
 * The validation tables, for every accelerator family alike: per group (hardware x profile x dense/MoE) and per
 * source the rows predicted (and skipped, by reason) with the median, p90 and max absolute relative error of TPOT,
 * TTFT and output throughput; the leave-one-source-out table; the calibrated parameters, flagged where they sit within
 * 5% of a range end or more than 2x from their documented value; how each source's TTFT moves with output length
 * ({@link OutputLengthSlope}); how its TPOT and TTFT shrink with TP ({@link TensorParallelScaling}); which way each
 * source's errors lean by client concurrency ({@link ConcurrencyLean}); the closed loop's empty slots where a
 * throughput was measured ({@link ClosedLoopIdle}); the worst rows. Throughput derived from a row's own
 * TTFT and TPOT is reported apart and never counted as an independent check. The same numbers are returned for
 * assertions.
 */
public final class ValidationReport {

    /**
     * A calibrated parameter the report flags.
     *
     * @param where  "hardware/profile"
     * @param reason why it is flagged (range edge, distance from documented)
     */
    public record Flag(String where, Parameter parameter, String reason) {

        /** The parameter's note gives a written reason for sitting where it does. */
        public boolean explained() {
            return parameter.source().contains("Written reason");
        }
    }

    /** Within this fraction of the range's width of either end, a calibrated parameter is flagged. */
    static final double EDGE_FRACTION = 0.05;
    /** Further than this factor from its documented value, a calibrated parameter is flagged. */
    static final double DOCUMENTED_FACTOR = 2.0;

    /** What catalog/accuracy.json is and how it is made (its "about"). */
    static final String ACCURACY_ABOUT = "Written by the validation report (ValidationReportTest writes "
            + "service/target/accuracy.json; the test fails while this file differs from it). Per group of "
            + "predictions (hardware x serving profile x dense/MoE): the public measurements predicted "
            + "(public-measurements.csv, aiconfigurator-silicon-h100-h200.csv in shared/calibration) and the median, "
            + "p90 and max of |predicted - measured| / measured in percent, with the parameters as shipped; "
            + "worstLeftOutTpotMedianPct: the largest median TPOT error of a source of 4 rows or more predicted with "
            + "the parameters refitted without it. derivedOutputThroughput: throughput the campaign derived from its "
            + "own TTFT and TPOT, not an independent check. The figures hold for the measured scenarios (their "
            + "lengths, concurrencies and tensor parallelisms), not for every scenario of the group.";

    private final List<ValidationRun.Outcome> outcomes;
    private final Predicate<String> moeModel;
    private final List<LeaveOneSourceOut.Result> leaveOneOut;
    private final List<NotCompared> notCompared;
    private final List<ClosedLoopStart> closedLoopStarts;

    /**
     * @param moeModel    whether a model id is a mixture of experts (MoE rows are grouped apart)
     * @param leaveOneOut the leave-one-source-out results ({@link LeaveOneSourceOut})
     * @param notCompared the files' rows the readers left out, by reason
     * @param closedLoopStarts per source, its closed loops predicted sent at once and ramped ({@link ClosedLoopStart})
     */
    public ValidationReport(List<ValidationRun.Outcome> outcomes, Predicate<String> moeModel,
            List<LeaveOneSourceOut.Result> leaveOneOut, List<NotCompared> notCompared,
            List<ClosedLoopStart> closedLoopStarts) {
        this.outcomes = List.copyOf(outcomes);
        this.moeModel = moeModel;
        this.leaveOneOut = List.copyOf(leaveOneOut);
        this.notCompared = List.copyOf(notCompared);
        this.closedLoopStarts = List.copyOf(closedLoopStarts);
    }

    /** The files' rows left out before prediction, by file and reason. */
    public List<NotCompared> notCompared() {
        return notCompared;
    }

    public List<ValidationRun.Outcome> outcomes() {
        return outcomes;
    }

    /** The group key of a row: "hardware | profile | dense" or "... | MoE". */
    public String groupOf(Measurement m) {
        return m.hardwareId() + " | " + m.profileId() + " | " + (moeModel.test(m.modelId()) ? "MoE" : "dense");
    }

    /** Rows by group (hardware x profile x dense/MoE), predicted and skipped. */
    public Map<String, List<ValidationRun.Outcome>> groups() {
        return by(o -> groupOf(o.measurement()));
    }

    /** Rows by source (file, hardware, profile, model). */
    public Map<String, List<ValidationRun.Outcome>> sources() {
        return by(o -> o.measurement().source());
    }

    public List<LeaveOneSourceOut.Result> leaveOneSourceOut() {
        return leaveOneOut;
    }

    private Map<String, List<ValidationRun.Outcome>> by(java.util.function.Function<ValidationRun.Outcome, String> key) {
        Map<String, List<ValidationRun.Outcome>> groups = new TreeMap<>();
        for (ValidationRun.Outcome o : outcomes) {
            groups.computeIfAbsent(key.apply(o), k -> new ArrayList<>()).add(o);
        }
        return groups;
    }

    /**
     * Error statistics of a metric over the predicted rows that measured it. Output throughput counts only rows that
     * measured it; see {@link #derivedThroughputStats} for throughput derived from the row's own TTFT and TPOT.
     */
    public static Optional<ErrorStatistics> stats(List<ValidationRun.Outcome> outcomes, ValidationMetric metric) {
        return statsOf(outcomes.stream().filter(o -> metric != ValidationMetric.OUTPUT_THROUGHPUT
                || !o.measurement().throughputDerived()).toList(), metric);
    }

    /** Output-throughput errors of rows whose "measured" throughput was derived from their TTFT and TPOT. */
    public static Optional<ErrorStatistics> derivedThroughputStats(List<ValidationRun.Outcome> outcomes) {
        return statsOf(outcomes.stream().filter(o -> o.measurement().throughputDerived()).toList(),
                ValidationMetric.OUTPUT_THROUGHPUT);
    }

    private static Optional<ErrorStatistics> statsOf(List<ValidationRun.Outcome> outcomes, ValidationMetric metric) {
        return ErrorStatistics.of(outcomes.stream().filter(o -> o.skipReason() == null)
                .map(o -> o.relativeError(metric)).flatMap(Optional::stream).mapToDouble(Double::doubleValue));
    }

    /** Calibrated parameters of the deployments used, by "hardware/profile name". */
    public Map<String, Parameter> calibratedParameters() {
        Map<String, Parameter> calibrated = new TreeMap<>();
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
        return calibrated;
    }

    /** Calibrated parameters within 5% of a range end, or more than 2x from their documented value. */
    public List<Flag> flags() {
        List<Flag> flags = new ArrayList<>();
        calibratedParameters().forEach((key, p) -> {
            String where = key.substring(0, key.indexOf(' '));
            List<String> reasons = new ArrayList<>();
            double width = p.max() - p.min();
            if (width > 0 && (p.value() - p.min() <= EDGE_FRACTION * width
                    || p.max() - p.value() <= EDGE_FRACTION * width)) {
                reasons.add(String.format(Locale.ROOT, "within 5%% of its range [%.4g, %.4g]", p.min(), p.max()));
            }
            double ratio = p.documented() == 0 ? (p.value() == 0 ? 1 : Double.POSITIVE_INFINITY)
                    : Math.abs(p.value() / p.documented());
            if (ratio > DOCUMENTED_FACTOR || ratio < 1 / DOCUMENTED_FACTOR) {
                reasons.add(String.format(Locale.ROOT, "%.4g vs documented %.4g", p.value(), p.documented()));
            }
            if (!reasons.isEmpty()) {
                flags.add(new Flag(where, p, String.join("; ", reasons)));
            }
        });
        return flags;
    }

    /**
     * What each group's predictions can be trusted to, as the service tells with every prediction ({@link
     * AccuracyCatalog}): its rows, sources and error bands, and its worst left-out source. Groups without a predicted
     * row are left out.
     */
    public AccuracyCatalog.AccuracyFile accuracy() {
        Map<String, Double> worstLeftOut = new TreeMap<>();
        Map<String, List<ValidationRun.Outcome>> bySource = sources();
        for (LeaveOneSourceOut.Result r : leaveOneOut) {
            if (r.rows() >= LeaveOneSourceOut.MIN_ROWS && r.leftOut() != null) {
                String group = groupOf(bySource.get(r.source()).get(0).measurement());
                worstLeftOut.merge(group, ErrorBand.of(r.leftOut()).medianPct(), Math::max);
            }
        }
        List<ValidatedAccuracy> groups = new ArrayList<>();
        groups().forEach((name, all) -> {
            List<ValidationRun.Outcome> predicted = all.stream().filter(o -> o.skipReason() == null).toList();
            if (predicted.isEmpty()) {
                return;
            }
            Measurement first = predicted.get(0).measurement();
            groups.add(new ValidatedAccuracy(first.hardwareId(), first.profileId(),
                    ValidatedAccuracy.modelKind(moeModel.test(first.modelId())), predicted.size(),
                    predicted.stream().map(o -> o.measurement().source()).distinct().sorted().toList(),
                    new ValidatedAccuracy.Errors(band(stats(predicted, ValidationMetric.TPOT)),
                            band(stats(predicted, ValidationMetric.TTFT)),
                            band(stats(predicted, ValidationMetric.OUTPUT_THROUGHPUT)),
                            band(derivedThroughputStats(predicted))),
                    worstLeftOut.get(name)));
        });
        return new AccuracyCatalog.AccuracyFile(ACCURACY_ABOUT, groups);
    }

    private static ErrorBand band(Optional<ErrorStatistics> statistics) {
        return statistics.map(ErrorBand::of).orElse(null);
    }

    public void print(PrintStream out) {
        out.println("=== Validation report: predicted vs measured, |relative error| = |predicted - measured| / measured");
        out.println("    (thrpt*: output throughput derived from the row's own TTFT and TPOT; not an independent check)");
        out.println("\n--- per group (hardware | profile | dense/MoE)");
        printTable(out, groups());
        out.println("\n--- per source (file hardware profile model)");
        printTable(out, sources());
        printNotCompared(out);
        printLeaveOneOut(out);
        printOutputLengthSlopes(out);
        printTensorParallelScaling(out);
        printConcurrencyLeans(out);
        printClosedLoopIdle(out);
        printClosedLoopStarts(out);
        printParameters(out);
        printWorst(out);
    }

    private static void printTable(PrintStream out, Map<String, List<ValidationRun.Outcome>> groups) {
        out.printf(Locale.ROOT, "    %-50s %5s %5s | %-22s | %-22s | %-22s | %-22s%n", "", "rows", "pred",
                "TPOT med/p90/max", "TTFT med/p90/max", "thrpt med/p90/max", "thrpt* med/p90/max");
        groups.forEach((name, all) -> {
            List<ValidationRun.Outcome> predicted = all.stream().filter(o -> o.skipReason() == null).toList();
            out.printf(Locale.ROOT, "    %-50s %5d %5d | %s | %s | %s | %s%n", name, all.size(), predicted.size(),
                    cell(stats(predicted, ValidationMetric.TPOT)), cell(stats(predicted, ValidationMetric.TTFT)),
                    cell(stats(predicted, ValidationMetric.OUTPUT_THROUGHPUT)),
                    cell(derivedThroughputStats(predicted)));
            all.stream().filter(o -> o.skipReason() != null)
                    .collect(Collectors.groupingBy(o -> shorten(o.skipReason()), TreeMap::new, Collectors.counting()))
                    .forEach((reason, count) -> out.printf("        skipped %d: %s%n", count, reason));
        });
    }

    private static String cell(Optional<ErrorStatistics> stats) {
        return stats.map(s -> String.format(Locale.ROOT, "%5.1f%% %6.1f%% %6.1f%%", 100 * s.medianAbs(),
                100 * s.p90Abs(), 100 * s.maxAbs())).orElse(String.format("%-22s", "-"));
    }

    private void printNotCompared(PrintStream out) {
        out.println("\n--- not compared: rows of the files left out before prediction, by reason (Trainium2 rows: see the"
                + " Trainium2 section)");
        Map<String, List<NotCompared>> byFile = notCompared.stream()
                .collect(Collectors.groupingBy(NotCompared::file, LinkedHashMap::new, Collectors.toList()));
        if (byFile.isEmpty()) {
            out.println("    none");
        }
        byFile.forEach((file, reasons) -> {
            long predicted = outcomes.stream().filter(o -> o.measurement().file().equals(file)).count();
            out.printf(Locale.ROOT, "    %s: %d rows left out, %d measurements read%n", file,
                    reasons.stream().mapToInt(NotCompared::rows).sum(), predicted);
            reasons.stream().sorted(Comparator.comparingInt(NotCompared::rows).reversed()
                    .thenComparing(NotCompared::reason))
                    .forEach(r -> out.printf(Locale.ROOT, "      %5d  %s%n", r.rows(), r.reason()));
        });
    }

    private void printLeaveOneOut(PrintStream out) {
        out.printf(Locale.ROOT, "%n--- leave-one-source-out (sources with >= %d predicted rows): TPOT |error| with the"
                + " parameters fitted on the source refitted on the other sources they were fitted on (from their"
                + " documented values, inside their ranges; documented values when no other source)%n",
                LeaveOneSourceOut.MIN_ROWS);
        out.printf(Locale.ROOT, "    %-50s %5s | %-22s | %-22s | %s%n", "left out", "rows", "in-sample med/p90/max",
                "left out med/p90/max", "parameters: shipped -> refitted without the source; trained on");
        for (LeaveOneSourceOut.Result r : leaveOneOut) {
            out.printf(Locale.ROOT, "    %-50s %5d | %s | %s | %s%n", r.source(), r.rows(),
                    cell(Optional.ofNullable(r.inSample())), cell(Optional.ofNullable(r.leftOut())),
                    r.refitted().isEmpty() ? "none fitted on it" : String.join(", ", r.refitted()) + "; trained on "
                            + (r.trainedOn().isEmpty() ? "nothing (documented values)"
                                    : String.join(", ", r.trainedOn())));
        }
    }

    /** Per source with rows that differ only in output length: how TTFT moves with it ({@link OutputLengthSlope}). */
    List<OutputLengthSlope> outputLengthSlopes() {
        return OutputLengthSlope.of(sources());
    }

    private void printOutputLengthSlopes(PrintStream out) {
        out.println("\n--- TTFT against output length: median slope of TTFT on (OSL - 1) x TPOT / concurrency, the"
                + " closed loop's gap between completions, over rows differing only in OSL (an engine: ~0; a client"
                + " that holds each new request for one more completion: ~1)");
        out.printf(Locale.ROOT, "    %-50s %6s | %8s | %9s%n", "source", "series", "measured", "predicted");
        for (OutputLengthSlope s : outputLengthSlopes()) {
            out.printf(Locale.ROOT, "    %-50s %6d | %8.2f | %9.2f%n", s.source(), s.series(), s.measuredSlope(),
                    s.predictedSlope());
        }
    }

    /** Per source with rows differing only in TP: how TPOT and TTFT shrink with it ({@link TensorParallelScaling}). */
    List<TensorParallelScaling> tensorParallelScaling() {
        return TensorParallelScaling.of(sources());
    }

    private void printTensorParallelScaling(PrintStream out) {
        out.println("\n--- TP scaling: median ratio, per doubling of TP, of a metric at the larger TP to the smaller,"
                + " over rows differing only in TP (a step of bytes and FLOPs split across the ranks: 0.5; host work,"
                + " launches and collective latency, which do not split: nearer 1)");
        out.printf(Locale.ROOT, "    %-50s %5s | %-17s | %-17s%n", "source", "pairs", "TPOT meas / pred",
                "TTFT meas / pred");
        for (TensorParallelScaling s : tensorParallelScaling()) {
            out.printf(Locale.ROOT, "    %-50s %5d | %7.2f / %7.2f | %s%n", s.source(), s.pairs(),
                    s.measuredTpotRatio(), s.predictedTpotRatio(), Double.isNaN(s.measuredTtftRatio()) ? "-"
                            : String.format(Locale.ROOT, "%7.2f / %7.2f", s.measuredTtftRatio(),
                                    s.predictedTtftRatio()));
        }
    }

    /** Per source and band of client concurrency: which way TPOT and TTFT errors lean ({@link ConcurrencyLean}). */
    List<ConcurrencyLean> concurrencyLeans() {
        return ConcurrencyLean.of(sources());
    }

    private void printConcurrencyLeans(PrintStream out) {
        out.println("\n--- lean by client concurrency: signed median of (predicted - measured) / measured per source and"
                + " band of concurrency, rows / TPOT / TTFT (a cost missed at small batches leans low at 1-4 and fades"
                + " as the batch grows)");
        out.printf(Locale.ROOT, "    %-50s", "source");
        ConcurrencyLean.BANDS.forEach(b -> out.printf(Locale.ROOT, " | %-20s", "c " + b.label()));
        out.println();
        Map<String, Map<ConcurrencyLean.Band, ConcurrencyLean>> bySource = new LinkedHashMap<>();
        concurrencyLeans().forEach(l -> bySource.computeIfAbsent(l.source(), s -> new LinkedHashMap<>())
                .put(l.band(), l));
        bySource.forEach((source, leans) -> {
            out.printf(Locale.ROOT, "    %-50s", source);
            for (ConcurrencyLean.Band band : ConcurrencyLean.BANDS) {
                ConcurrencyLean l = leans.get(band);
                out.print(l == null ? String.format(Locale.ROOT, " | %-20s", "-")
                        : String.format(Locale.ROOT, " | %4d %7s %7s", l.rows(), signed(l.tpotLean()),
                                signed(l.ttftLean())));
            }
            out.println();
        });
    }

    private static String signed(Optional<Double> lean) {
        return lean.map(v -> String.format(Locale.ROOT, "%+.1f%%", 100 * v)).orElse("-");
    }

    /** Rows with a measured output throughput: the closed loop's empty slots, measured and predicted. */
    List<ClosedLoopIdle> closedLoopIdle() {
        return ClosedLoopIdle.of(outcomes);
    }

    private void printClosedLoopIdle(PrintStream out) {
        out.println("\n--- closed-loop idle share, rows with a measured output throughput: 1 - (TTFT + (OSL - 1) x TPOT)"
                + " x throughput / (concurrency x OSL), the client's slots left empty (stragglers, a last partial"
                + " wave, gaps before re-sending); at the right TTFT and TPOT a throughput error is this share's error");
        out.printf(Locale.ROOT, "    %-50s %4s %6s | %8s | %9s | %7s%n", "row", "c", "n", "measured", "predicted",
                "thrpt");
        for (ClosedLoopIdle r : closedLoopIdle()) {
            out.printf(Locale.ROOT, "    %-50s %4d %6s | %7.1f%% | %8.1f%% | %+6.1f%%%n", r.label(), r.concurrency(),
                    r.numPrompts() > 0 ? String.valueOf(r.numPrompts()) : "-", 100 * r.measuredShare(),
                    100 * r.predictedShare(), 100 * r.throughputError());
        }
    }

    /** Per source, its closed loops predicted with the clients sent at once and ramped ({@link ClosedLoopStart}). */
    List<ClosedLoopStart> closedLoopStarts() {
        return closedLoopStarts;
    }

    private void printClosedLoopStarts(PrintStream out) {
        out.println("\n--- closed-loop start: median |error| (signed median) per source, the clients sent at once as"
                + " predicted above, and with the concurrency ramped from 1 over one predicted request latency (AIPerf"
                + " --concurrency-ramp-duration): identical requests sent at once run in waves, each waiting for the"
                + " others' prefills; ramped, out of step. A source whose TTFT the ramp fits better ran out of step");
        out.printf(Locale.ROOT, "    %-50s %5s | %-24s | %-24s | %-17s%n", "source", "rows", "TTFT at once",
                "TTFT ramped", "TPOT once / ramped");
        for (ClosedLoopStart s : closedLoopStarts) {
            out.printf(Locale.ROOT, "    %-50s %5d | %7.1f%% (%+7.1f%%)     | %7.1f%% (%+7.1f%%)     | %6.1f%% / %6.1f%%%n",
                    s.source(), s.rows(), 100 * s.ttftAsRun(), 100 * s.ttftLeanAsRun(), 100 * s.ttftRamped(),
                    100 * s.ttftLeanRamped(), 100 * s.tpotAsRun(), 100 * s.tpotRamped());
        }
    }

    private void printParameters(PrintStream out) {
        out.println("\n--- calibrated parameters (value, documented / first-principles value, plausible range)");
        Map<String, Parameter> calibrated = calibratedParameters();
        if (calibrated.isEmpty()) {
            out.println("    none reported by the deployments used");
        }
        Map<Parameter, Flag> flagged = new LinkedHashMap<>();
        flags().forEach(f -> flagged.put(f.parameter(), f));
        calibrated.forEach((name, p) -> {
            Flag flag = flagged.get(p);
            out.printf(Locale.ROOT, "    %s %-55s %12.4g %s (documented %.4g, range %.4g..%.4g)%s%n",
                    flag == null ? " " : "!", name, p.value(), p.unit(), p.documented(), p.min(), p.max(),
                    flag == null ? "" : " FLAG: " + flag.reason() + (flag.explained() ? " (written reason given)"
                            : " (NO WRITTEN REASON)"));
        });
    }

    private void printWorst(PrintStream out) {
        out.println("\n--- worst rows per group (by largest |error|)");
        groups().forEach((name, all) -> {
            out.println("    " + name);
            all.stream().filter(o -> o.skipReason() == null)
                    .sorted(Comparator.comparingDouble(ValidationReport::worstError).reversed()).limit(5)
                    .forEach(o -> out.printf("      %-60s %s%n", o.measurement().label(), errors(o)));
        });
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
                boolean derived = metric == ValidationMetric.OUTPUT_THROUGHPUT && o.measurement().throughputDerived();
                text.append(String.format(Locale.ROOT, "%s%s %.4g->%.4g (%+.0f%%)  ",
                        metric.name().toLowerCase(Locale.ROOT), derived ? "*" : "", measured, predicted,
                        100 * (predicted - measured) / measured));
            }
        }
        return text.toString().trim();
    }

    private static String shorten(String reason) {
        return reason.length() > 120 ? reason.substring(0, 117) + "..." : reason;
    }
}
