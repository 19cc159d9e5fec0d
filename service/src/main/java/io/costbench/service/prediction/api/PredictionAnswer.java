package io.costbench.service.prediction.api;

import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.costbench.service.accuracy.ValidatedAccuracy;
import io.costbench.service.prediction.Prediction;
import io.costbench.service.prediction.Scenario;
import io.costbench.service.prediction.ServingTarget;
import io.costbench.service.pricing.CostView;

/**
 * The answer of {@code POST /api/v1/predictions}: the prediction with its scenario flattened (every default filled
 * in), what serving at that throughput costs with the price it used ({@code cost}; null when no price for the
 * hardware is in force on the price date, and {@code costNote} says why) and how closely predictions of its group
 * met public measurements ({@code accuracy}; null when none covers the group, and {@code accuracyNote} says so).
 */
record PredictionAnswer(ScenarioView scenario, int chips, Map<String, Double> metrics, Map<String, Double> breakdown,
        Prediction.Provenance provenance, CostView cost, String costNote, ValidatedAccuracy accuracy,
        String accuracyNote) {

    static PredictionAnswer of(Prediction prediction, PredictionRequest request, CostView cost, String costNote,
            ValidatedAccuracy accuracy, String accuracyNote) {
        return new PredictionAnswer(ScenarioView.of(prediction.scenario(), request), prediction.chips(),
                prediction.metrics(), prediction.breakdown(), prediction.provenance(), cost,
                cost == null ? costNote : null, accuracy, accuracy == null ? accuracyNote : null);
    }

    /**
     * A scenario as the response reports it: catalog ids, the deployment's settings and the workload, its lengths as
     * stated (the means a {@code randomRangeRatio} spreads around, 0 for fixed lengths, or a {@code dataset}'s means)
     * and how many simulated runs the metrics are the mean of ({@code draws}: a dataset's, else 1); the client's
     * concurrency ramp in seconds, 0 when it sends at once.
     */
    record ScenarioView(String model, String hardware, String profile, int tensorParallel, String precision,
            List<String> optimizations, int inputTokens, int outputTokens, double randomRangeRatio, String dataset,
            int draws, int concurrency, double concurrencyRampSeconds, int numPrompts, long seed,
            io.costbench.engine.port.StaticShapes staticShapes) {

        static ScenarioView of(Scenario scenario, PredictionRequest request) {
            ServingTarget target = scenario.target();
            return new ScenarioView(scenario.model(), target.hardware(), target.profile(), target.tensorParallel(),
                    target.precision().name().toLowerCase(Locale.ROOT),
                    target.optimizations() == null ? List.of() : target.optimizations(),
                    request.inputTokens(), request.outputTokens(),
                    request.randomRangeRatio() == null ? 0 : request.randomRangeRatio(), request.dataset(),
                    request.datasetLengths() == null ? 1
                            : request.datasetLengths().runsOf(scenario.workload().numPrompts()),
                    scenario.workload().maxConcurrency(), scenario.workload().concurrencyRampSeconds(),
                    scenario.workload().numPrompts(), scenario.workload().seed(), target.staticShapes());
        }
    }
}
