package io.costbench.service.run;

import java.util.Locale;
import java.util.Optional;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.costbench.engine.sim.OverBudgetException;
import io.costbench.engine.sim.SimulationCancelledException;
import io.costbench.service.prediction.PredictionRequest;
import io.costbench.service.prediction.PredictionService;
import io.costbench.service.prediction.SimulationBusyException;
import io.costbench.service.web.BadInputException;

/**
 * Predicts a measured run's scenario with the engine, so a push is answered with the model's error. A run the
 * catalog cannot express (unknown model or hardware, open-loop rate without a concurrency, a model that does not fit)
 * has no prediction rather than a failed push.
 */
@Configuration
class RunPredictorConfig {

    @Bean
    RunPredictor runPredictor(PredictionService predictions) {
        return scenario -> {
            if (scenario.concurrency() == null || scenario.inputTokens() == null || scenario.outputTokens() == null) {
                return Optional.empty();
            }
            PredictionRequest request = new PredictionRequest(scenario.model(), scenario.hardware(),
                    scenario.profile(), scenario.tensorParallel(),
                    scenario.precision() == null ? null : scenario.precision().toLowerCase(Locale.ROOT),
                    scenario.inputTokens(), scenario.outputTokens(), scenario.concurrency(), null, null, null, null,
                    null);
            try {
                return Optional.of(predictions.predict(request).metrics());
            } catch (BadInputException | OverBudgetException | SimulationCancelledException
                    | SimulationBusyException e) {
                // Out of budget, out of time or out of slots: the run is stored without a prediction.
                return Optional.empty();
            }
        };
    }
}
