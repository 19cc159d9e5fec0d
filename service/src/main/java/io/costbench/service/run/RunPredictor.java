package io.costbench.service.run;

import java.util.Map;
import java.util.Optional;

import org.springframework.stereotype.Component;

import io.costbench.engine.port.DoesNotFitException;
import io.costbench.service.prediction.Predictor;
import io.costbench.service.prediction.ScenarioResolver;
import io.costbench.service.prediction.UnknownIdException;
import io.costbench.service.prediction.UnsupportedScenarioException;

/**
 * What the prediction core predicts for a measured run's scenario, in vLLM's metric names and units, so a push is
 * answered with the model's error. Model and hardware may be aliases ({@code meta-llama/Llama-3.1-8B-Instruct} on
 * {@code h100-sxm5}). A run the catalog cannot express (unknown model or hardware, open-loop rate without a
 * concurrency, a model that does not fit) has no prediction rather than a failed push.
 */
@Component
class RunPredictor {

    private final ScenarioResolver resolver;
    private final Predictor predictor;

    RunPredictor(ScenarioResolver resolver, Predictor predictor) {
        this.resolver = resolver;
        this.predictor = predictor;
    }

    Optional<Map<String, Double>> predict(RunScenario scenario) {
        if (scenario.concurrency() == null || scenario.inputTokens() == null || scenario.outputTokens() == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(predictor.predict(resolver.resolve(new ScenarioResolver.Spec(scenario.model(),
                    scenario.hardware(), scenario.profile(), scenario.tensorParallel(), scenario.precision(), null,
                    scenario.inputTokens(), scenario.outputTokens(), scenario.concurrency(), null, null))).metrics());
        } catch (UnknownIdException | UnsupportedScenarioException | DoesNotFitException e) {
            return Optional.empty();
        }
    }
}
