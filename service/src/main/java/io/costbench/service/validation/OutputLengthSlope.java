package io.costbench.service.validation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * How a closed-loop source's TTFT moves with the output length, measured and predicted: a client signature, not an
 * engine one. Rows that share everything but the output length form a series; in each, TTFT is regressed on
 * {@code gap = (OSL - 1) x TPOT / concurrency}, the mean time between completions in a closed loop. An engine admits a
 * request at its next step however long its answer will be, so its slope is about 0; a client that keeps each new
 * request waiting for one more completion shows about 1 (the series' TTFT grows by one completion gap).
 *
 * @param source          the source (see {@link Measurement#source()})
 * @param series          series with at least two output lengths
 * @param measuredSlope   median over the series of the measured TTFT's slope on the measured gap
 * @param predictedSlope  median over the series of the predicted TTFT's slope on the predicted gap
 */
record OutputLengthSlope(String source, int series, double measuredSlope, double predictedSlope) {

    /** The slope of each source that has a series, in source order. */
    static List<OutputLengthSlope> of(Map<String, List<ValidationRun.Outcome>> bySource) {
        List<OutputLengthSlope> slopes = new ArrayList<>();
        bySource.forEach((source, rows) -> {
            List<Double> measured = new ArrayList<>();
            List<Double> predicted = new ArrayList<>();
            for (List<ValidationRun.Outcome> series : series(rows)) {
                Optional<Double> m = slope(series, false);
                Optional<Double> p = slope(series, true);
                if (m.isPresent() && p.isPresent()) {
                    measured.add(m.get());
                    predicted.add(p.get());
                }
            }
            if (!measured.isEmpty()) {
                slopes.add(new OutputLengthSlope(source, measured.size(), Medians.of(measured), Medians.of(predicted)));
            }
        });
        return slopes;
    }

    /** Predicted rows that measured TTFT and TPOT, by everything but the output length. */
    private static List<List<ValidationRun.Outcome>> series(List<ValidationRun.Outcome> rows) {
        Map<String, List<ValidationRun.Outcome>> series = new LinkedHashMap<>();
        for (ValidationRun.Outcome o : rows) {
            Measurement m = o.measurement();
            if (o.skipReason() != null || !m.measured().containsKey(ValidationMetric.TTFT)
                    || !m.measured().containsKey(ValidationMetric.TPOT) || m.concurrency() <= 0) {
                continue;
            }
            String key = String.join("|", m.modelId(), m.precision(), String.valueOf(m.tensorParallel()),
                    String.valueOf(m.inputTokens()), String.valueOf(m.concurrency()),
                    String.valueOf(new TreeSet<>(m.engineOptions())), m.kvCacheDtype());
            series.computeIfAbsent(key, k -> new ArrayList<>()).add(o);
        }
        return series.values().stream()
                .filter(s -> s.stream().map(o -> o.measurement().outputTokens()).distinct().count() >= 2).toList();
    }

    /** Least-squares slope of TTFT on the completion gap; empty when the gaps do not vary. */
    private static Optional<Double> slope(List<ValidationRun.Outcome> series, boolean predicted) {
        int n = series.size();
        double[] gap = new double[n];
        double[] ttft = new double[n];
        for (int i = 0; i < n; i++) {
            ValidationRun.Outcome o = series.get(i);
            Map<ValidationMetric, Double> values = predicted ? o.predicted() : o.measurement().measured();
            Measurement m = o.measurement();
            gap[i] = (m.outputTokens() - 1) * values.get(ValidationMetric.TPOT) / m.concurrency();
            ttft[i] = values.get(ValidationMetric.TTFT);
        }
        double meanGap = Arrays.stream(gap).average().orElseThrow();
        double meanTtft = Arrays.stream(ttft).average().orElseThrow();
        double sxx = 0;
        double sxy = 0;
        for (int i = 0; i < n; i++) {
            sxx += (gap[i] - meanGap) * (gap[i] - meanGap);
            sxy += (gap[i] - meanGap) * (ttft[i] - meanTtft);
        }
        return sxx > 0 ? Optional.of(sxy / sxx) : Optional.empty();
    }
}
