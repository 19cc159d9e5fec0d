package io.costbench.service.run;

import java.util.List;
import java.util.Map;

/**
 * The 201 answer to a push. The top-level fields describe the first run of the file, which for every format but a
 * GuideLLM sweep or a multi-line JSON Lines file is the only one; {@code runs} lists all of them in file order.
 *
 * @param prediction the prediction compared with the run, or, when there is none, its {@code reason}
 */
public record PushResponse(long id, long uploadId, String format, RunScenario scenario, Map<String, Double> metrics,
        RunPrediction prediction, Regression regression, List<RunOutcome> runs) {

    /** One stored run of the push. */
    public record RunOutcome(long id, String source, RunScenario scenario, Map<String, Double> metrics,
            RunPrediction prediction, Regression regression) {
    }

    static PushResponse of(long uploadId, RunFormat format, List<RunOutcome> runs) {
        RunOutcome first = runs.get(0);
        return new PushResponse(first.id(), uploadId, format.wireName(), first.scenario(), first.metrics(),
                first.prediction(), first.regression(), runs);
    }
}
