package io.costbench.service.validation;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The share of a closed loop's request slots left empty over a run, measured and predicted: {@code 1 - latency x
 * throughput / (concurrency x OSL)}, with a request's latency taken as {@code TTFT + (OSL - 1) x TPOT}. A loop that
 * keeps every slot busy to the end reads about 0; requests that finish apart leave slots empty while the last ones run
 * (a spread of lengths, a last partial wave), and a client's pause before it re-sends adds to it. At the right TTFT and
 * TPOT, a throughput error is this share's error, so the table says which of the two a throughput miss comes from.
 * With a spread of lengths (ShareGPT) the means make the latency approximate: vLLM's mean TPOT weighs every request
 * alike.
 *
 * @param label          the row's label
 * @param source         the row's source (see {@link Measurement#source()})
 * @param concurrency    the client's concurrency
 * @param numPrompts     requests the run sent (0 when not stated)
 * @param measuredShare  the share from the measured TTFT, TPOT and output throughput
 * @param predictedShare the share from the predicted ones
 * @param throughputError (predicted - measured) / measured output throughput
 */
record ClosedLoopIdle(String label, String source, int concurrency, int numPrompts, double measuredShare,
        double predictedShare, double throughputError) {

    /** Every predicted row that measured TTFT, TPOT and its own output throughput, in the order given. */
    static List<ClosedLoopIdle> of(List<ValidationRun.Outcome> outcomes) {
        List<ClosedLoopIdle> rows = new ArrayList<>();
        for (ValidationRun.Outcome o : outcomes) {
            Measurement m = o.measurement();
            if (o.skipReason() != null || m.throughputDerived() || m.concurrency() <= 0 || m.outputTokens() <= 0) {
                continue;
            }
            Optional<Double> measured = share(m, m.measured());
            Optional<Double> predicted = share(m, o.predicted());
            Optional<Double> error = o.relativeError(ValidationMetric.OUTPUT_THROUGHPUT);
            if (measured.isPresent() && predicted.isPresent() && error.isPresent()) {
                rows.add(new ClosedLoopIdle(m.label(), m.source(), m.concurrency(), m.numPrompts(), measured.get(),
                        predicted.get(), error.get()));
            }
        }
        return rows;
    }

    private static Optional<Double> share(Measurement m, Map<ValidationMetric, Double> values) {
        Double ttftMs = values.get(ValidationMetric.TTFT);
        Double tpotMs = values.get(ValidationMetric.TPOT);
        Double tokensPerS = values.get(ValidationMetric.OUTPUT_THROUGHPUT);
        if (ttftMs == null || tpotMs == null || tokensPerS == null) {
            return Optional.empty();
        }
        double latencyS = (ttftMs + (m.outputTokens() - 1) * tpotMs) / 1000.0;
        return Optional.of(1 - latencyS * tokensPerS / ((double) m.concurrency() * m.outputTokens()));
    }
}
