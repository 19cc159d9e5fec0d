package io.costbench.service.validation;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which way a source's errors lean at each load: the signed median of (predicted - measured) / measured for TPOT and
 * TTFT over the predicted rows in a band of client concurrency. A median |error| hides a model that is low at one
 * load and high at another; a cost the model misses at small batches shows here as a lean at low concurrency that
 * fades as the batch grows, which no per-group |error| tells.
 *
 * @param source   the source (see {@link Measurement#source()})
 * @param band     the concurrency band, one of {@link #BANDS}
 * @param rows     predicted rows of the source in the band
 * @param tpotLean signed median TPOT error, empty without TPOT rows
 * @param ttftLean signed median TTFT error, empty without TTFT rows
 */
record ConcurrencyLean(String source, Band band, int rows, Optional<Double> tpotLean, Optional<Double> ttftLean) {

    /** A band of client concurrency, both ends included. */
    record Band(int lowest, int highest) {

        String label() {
            return highest == Integer.MAX_VALUE ? ">" + (lowest - 1) : lowest + "-" + highest;
        }

        boolean holds(int concurrency) {
            return concurrency >= lowest && concurrency <= highest;
        }
    }

    /** Decode batches a few requests wide, then each band four times the last (the campaigns' powers of two). */
    static final List<Band> BANDS = List.of(new Band(1, 4), new Band(5, 16), new Band(17, 64), new Band(65, 256),
            new Band(257, Integer.MAX_VALUE));

    /** Each source's lean in each band it has predicted rows in, in source and band order. */
    static List<ConcurrencyLean> of(Map<String, List<ValidationRun.Outcome>> bySource) {
        List<ConcurrencyLean> leans = new ArrayList<>();
        bySource.forEach((source, rows) -> {
            for (Band band : BANDS) {
                List<ValidationRun.Outcome> in = rows.stream().filter(o -> o.skipReason() == null
                        && band.holds(o.measurement().concurrency())).toList();
                if (!in.isEmpty()) {
                    leans.add(new ConcurrencyLean(source, band, in.size(), signedMedian(in, ValidationMetric.TPOT),
                            signedMedian(in, ValidationMetric.TTFT)));
                }
            }
        });
        return leans;
    }

    private static Optional<Double> signedMedian(List<ValidationRun.Outcome> rows, ValidationMetric metric) {
        List<Double> errors = rows.stream().map(o -> o.relativeError(metric)).flatMap(Optional::stream).toList();
        return errors.isEmpty() ? Optional.empty() : Optional.of(Medians.of(errors));
    }
}
