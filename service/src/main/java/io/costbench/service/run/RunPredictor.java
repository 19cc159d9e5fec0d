package io.costbench.service.run;

import java.util.Map;
import java.util.Optional;

/**
 * What costbench's own models predict for a measured run's scenario, in vLLM's metric names and units; empty when
 * there is no prediction for it (unknown model or hardware, no engine yet).
 * <p>
 * NOTE for the lead: the first bean ({@link RunPredictorConfig}) predicts nothing, so every push answers
 * {@code "prediction": null}. When the benchmark engine lands, replace that bean with one that asks the engine for
 * the scenario; the relative errors of the 201 answer then appear without further changes here.
 */
@FunctionalInterface
public interface RunPredictor {

    Optional<Map<String, Double>> predict(RunScenario scenario);
}
