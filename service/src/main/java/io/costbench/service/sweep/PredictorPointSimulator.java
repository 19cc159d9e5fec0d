package io.costbench.service.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.springframework.context.annotation.Fallback;
import org.springframework.stereotype.Component;

import io.costbench.service.prediction.Prediction;
import io.costbench.service.prediction.Predictor;
import io.costbench.service.prediction.Scenario;
import io.costbench.service.prediction.ScenarioResolver;
import io.costbench.service.prediction.UnknownIdException;
import io.costbench.service.web.FieldProblem;
import io.costbench.service.web.JsonPaths;

/**
 * Runs sweep points through the prediction core (so a sweep point and the equal prediction give the same numbers).
 * A fallback bean: tests provide their own {@link PointSimulator}.
 */
@Component
@Fallback
class PredictorPointSimulator implements PointSimulator {

    private final ScenarioResolver resolver;
    private final Predictor predictor;

    PredictorPointSimulator(ScenarioResolver resolver, Predictor predictor) {
        this.resolver = resolver;
        this.predictor = predictor;
    }

    @Override
    public PointOutcome simulate(SweepScenario point) {
        SweepTarget target = point.target();
        String model = resolver.model(point.model());
        Scenario scenario = new Scenario(model, resolver.target(model, target.hardware(), target.profile(),
                target.tensorParallel(), target.precision(), target.optimizations()), point.workload());
        Prediction prediction = predictor.predict(scenario);
        return new PointOutcome(prediction.chips(), prediction.scenario().target().tensorParallel(),
                prediction.scenario().target().precision().name().toLowerCase(Locale.ROOT),
                prediction.provenance().parametersSha256(), prediction.metrics());
    }

    @Override
    public String catalogVersion() {
        return predictor.catalogVersion();
    }

    @Override
    public SweepDefinition canonical(SweepDefinition definition) {
        return new SweepDefinition(definition.name(), definition.models().stream().map(resolver::model).toList(),
                definition.targets().stream().map(t -> new SweepTarget(resolver.hardware(t.hardware()), t.profile(),
                        t.optimizations(), t.tensorParallel(), t.precision())).toList(),
                definition.concurrencies(), definition.workloads(), definition.numPrompts(), definition.seed());
    }

    @Override
    public List<FieldProblem> unknownIds(SweepDefinition definition) {
        List<FieldProblem> problems = new ArrayList<>();
        for (int i = 0; i < definition.models().size(); i++) {
            try {
                resolver.model(definition.models().get(i));
            } catch (UnknownIdException e) {
                problems.add(new FieldProblem(JsonPaths.index("models", i), e.getMessage()));
            }
        }
        for (int i = 0; i < definition.targets().size(); i++) {
            SweepTarget target = definition.targets().get(i);
            try {
                resolver.target(target.hardware(), target.profile(), target.tensorParallel(), target.precision(),
                        target.optimizations());
            } catch (UnknownIdException e) {
                problems.add(new FieldProblem(JsonPaths.under(JsonPaths.index("targets", i), e.field()),
                        e.getMessage()));
            }
        }
        return problems;
    }
}
