package io.costbench.service.accuracy;

import java.util.List;

/**
 * How closely the models met the public measurements of one group of predictions (hardware x serving profile x
 * dense/MoE), as the validation report computed it: what a prediction of that group can be trusted to.
 *
 * @param modelKind        "dense" or "moe"
 * @param rows             measured scenarios predicted
 * @param sources          the measurement campaigns they come from ("campaign hardware profile model")
 * @param worstLeftOutTpotMedianPct the largest median TPOT error of a source (4 rows or more) predicted with the
 *                         parameters refitted without it (leave-one-source-out); null when no source was judged
 */
public record ValidatedAccuracy(String hardware, String profile, String modelKind, int rows, List<String> sources,
        Errors errors, Double worstLeftOutTpotMedianPct) {

    public static final String DENSE = "dense";
    public static final String MOE = "moe";

    public ValidatedAccuracy {
        sources = List.copyOf(sources);
    }

    /**
     * Per metric; null where the group's rows did not measure it.
     *
     * @param derivedOutputThroughput throughput the campaign derived from its own TTFT and TPOT (not an independent
     *                                check of the model)
     */
    public record Errors(ErrorBand tpot, ErrorBand ttft, ErrorBand outputThroughput,
            ErrorBand derivedOutputThroughput) {
    }

    public static String modelKind(boolean mixtureOfExperts) {
        return mixtureOfExperts ? MOE : DENSE;
    }
}
