package io.costbench.service.prediction;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.springframework.context.annotation.Fallback;
import org.springframework.stereotype.Component;

import io.costbench.service.sweep.FieldProblem;
import io.costbench.service.sweep.PointOutcome;
import io.costbench.service.sweep.PointSimulator;
import io.costbench.service.sweep.Scenario;
import io.costbench.service.sweep.SweepDefinition;
import io.costbench.service.web.BadInputException;

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

    @Override
    public List<FieldProblem> unknownIds(SweepDefinition definition) {
        List<FieldProblem> problems = new ArrayList<>();
        for (int i = 0; i < definition.models().size(); i++) {
            try {
                predictions.model(definition.models().get(i));
            } catch (BadInputException e) {
                problems.add(problem("models[" + i + "]", e));
            }
        }
        for (int i = 0; i < definition.targets().size(); i++) {
            SweepDefinition.Target target = definition.targets().get(i);
            try {
                predictions.target(target.hardware(), target.profile(), target.optimizations());
            } catch (BadInputException e) {
                problems.add(problem("targets[" + i + "]." + e.field(), e));
            }
        }
        return problems;
    }

    private static FieldProblem problem(String field, BadInputException e) {
        return new FieldProblem(field, e.reason());
    }
}
