package io.costbench.service.prediction;

import java.util.Locale;

import org.springframework.context.annotation.Fallback;
import org.springframework.stereotype.Component;

import io.costbench.service.sweep.PointOutcome;
import io.costbench.service.sweep.PointSimulator;
import io.costbench.service.sweep.Scenario;

/**
 * Runs sweep points through the same path as predictions (so a sweep point and the equal prediction give the same
 * numbers). A fallback bean: a test or another module may provide its own {@link PointSimulator}.
 */
@Component
@Fallback
class SweepPointSimulator implements PointSimulator {

    private final PredictionService predictions;

    SweepPointSimulator(PredictionService predictions) {
        this.predictions = predictions;
    }

    @Override
    public PointOutcome simulate(Scenario scenario) {
        var target = scenario.target();
        PredictionRequest request = new PredictionRequest(scenario.model(), target.hardware(), target.profile(),
                target.tensorParallel(), target.precision() == null ? null : target.precision().toLowerCase(Locale.ROOT),
                scenario.inputTokens(), scenario.outputTokens(), scenario.concurrency(), scenario.numPrompts(),
                scenario.seed(), target.optimizations(), null, null);
        PredictionService.Run run = predictions.run(request);
        return new PointOutcome(run.deployment().chips(), run.deployment().tensorParallel(),
                run.scenario().precision(), run.deployment().parametersSha256(), run.result().metrics());
    }

    @Override
    public String catalogVersion() {
        return predictions.catalogVersion();
    }
}
