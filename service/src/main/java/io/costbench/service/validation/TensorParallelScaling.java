package io.costbench.service.validation;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * How a source's TPOT and TTFT shrink as tensor parallelism grows, measured and predicted. Rows that share everything
 * but the TP form a series; each pair of neighbouring TPs in a series gives the ratio of the larger TP's metric to the
 * smaller one's, taken per doubling of TP ({@code ratio^(1 / log2(tpLarge / tpSmall))}). Weights, KV cache and FLOPs
 * split across the ranks, so a step made of them halves with each doubling (0.5); host work, kernel launches and
 * collective latency do not split and hold the ratio nearer 1. A measured median above the predicted one is a part
 * of the step that does not split and that the model lacks; below it, one the model has and the engine does not.
 *
 * @param source             the source (see {@link Measurement#source()})
 * @param pairs              neighbouring-TP pairs over the source's series
 * @param measuredTpotRatio  median over the pairs of the measured TPOT ratio per doubling
 * @param predictedTpotRatio median over the pairs of the predicted TPOT ratio per doubling
 * @param measuredTtftRatio  the same for TTFT, NaN when no pair measured it
 * @param predictedTtftRatio the same for the predicted TTFT, NaN when no pair measured it
 */
record TensorParallelScaling(String source, int pairs, double measuredTpotRatio, double predictedTpotRatio,
        double measuredTtftRatio, double predictedTtftRatio) {

    /** The scaling of each source that has a series, in source order. */
    static List<TensorParallelScaling> of(Map<String, List<ValidationRun.Outcome>> bySource) {
        List<TensorParallelScaling> scalings = new ArrayList<>();
        bySource.forEach((source, rows) -> {
            Ratios tpot = new Ratios();
            Ratios ttft = new Ratios();
            for (List<ValidationRun.Outcome> series : series(rows)) {
                for (int i = 1; i < series.size(); i++) {
                    ValidationRun.Outcome small = series.get(i - 1);
                    ValidationRun.Outcome large = series.get(i);
                    double doublings = Math.log((double) large.measurement().tensorParallel()
                            / small.measurement().tensorParallel()) / Math.log(2);
                    tpot.add(small, large, ValidationMetric.TPOT, doublings);
                    ttft.add(small, large, ValidationMetric.TTFT, doublings);
                }
            }
            // every row of a series measured and predicted TPOT, so each pair has its TPOT ratio
            if (!tpot.measured.isEmpty()) {
                scalings.add(new TensorParallelScaling(source, tpot.measured.size(), Medians.of(tpot.measured),
                        Medians.of(tpot.predicted), ttft.measured.isEmpty() ? Double.NaN : Medians.of(ttft.measured),
                        ttft.predicted.isEmpty() ? Double.NaN : Medians.of(ttft.predicted)));
            }
        });
        return scalings;
    }

    /** Predicted rows that measured TPOT, by everything but the TP, each series in TP order. */
    private static List<List<ValidationRun.Outcome>> series(List<ValidationRun.Outcome> rows) {
        Map<String, List<ValidationRun.Outcome>> series = new LinkedHashMap<>();
        for (ValidationRun.Outcome o : rows) {
            Measurement m = o.measurement();
            if (o.skipReason() != null || !m.measured().containsKey(ValidationMetric.TPOT)
                    || !o.predicted().containsKey(ValidationMetric.TPOT)) {
                continue;
            }
            String key = String.join("|", m.modelId(), m.precision(), String.valueOf(m.inputTokens()),
                    String.valueOf(m.outputTokens()), String.valueOf(m.concurrency()),
                    String.valueOf(new TreeSet<>(m.engineOptions())), m.kvCacheDtype());
            series.computeIfAbsent(key, k -> new ArrayList<>()).add(o);
        }
        return series.values().stream()
                .map(s -> s.stream().sorted(Comparator.comparingInt(o -> o.measurement().tensorParallel())).toList())
                // two rows at one TP (a repeated run) make no pair; keep one row per TP
                .map(TensorParallelScaling::onePerTensorParallel)
                .filter(s -> s.size() >= 2)
                .toList();
    }

    private static List<ValidationRun.Outcome> onePerTensorParallel(List<ValidationRun.Outcome> sorted) {
        List<ValidationRun.Outcome> distinct = new ArrayList<>();
        for (ValidationRun.Outcome o : sorted) {
            if (distinct.isEmpty() || distinct.get(distinct.size() - 1).measurement().tensorParallel()
                    != o.measurement().tensorParallel()) {
                distinct.add(o);
            }
        }
        return distinct;
    }

    /** The per-doubling ratios of one metric, measured and predicted, over the pairs that have it on both sides. */
    private static final class Ratios {
        private final List<Double> measured = new ArrayList<>();
        private final List<Double> predicted = new ArrayList<>();

        void add(ValidationRun.Outcome small, ValidationRun.Outcome large, ValidationMetric metric, double doublings) {
            Double ms = small.measurement().measured().get(metric);
            Double ml = large.measurement().measured().get(metric);
            Double ps = small.predicted().get(metric);
            Double pl = large.predicted().get(metric);
            if (ms == null || ml == null || ps == null || pl == null || ms <= 0 || ps <= 0) {
                return;
            }
            measured.add(Math.pow(ml / ms, 1 / doublings));
            predicted.add(Math.pow(pl / ps, 1 / doublings));
        }
    }
}
