package io.costbench.service.sweep;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validator;

import org.springframework.stereotype.Component;

import io.costbench.service.prediction.ScenarioLimits;
import io.costbench.service.web.FieldProblem;
import io.costbench.service.web.InvalidFieldsException;
import io.costbench.service.web.JsonPaths;

/**
 * Everything a definition must satisfy before a sweep is created: field constraints, no duplicates (each point must
 * have its own key), the point limit, the requests per point, and ids the performance models know.
 */
@Component
public class SweepValidator {

    private final Validator validator;
    private final SweepProperties properties;
    private final PointSimulator simulator;

    SweepValidator(Validator validator, SweepProperties properties, PointSimulator simulator) {
        this.validator = validator;
        this.properties = properties;
        this.simulator = simulator;
    }

    /**
     * @return the definition with catalog ids for aliases
     * @throws InvalidFieldsException naming every field in error: 400 for a malformed definition (also one that
     *                                names a model or hardware twice, by id and alias), 422 when it is well-formed but
     *                                names ids the performance models do not know (as on every endpoint)
     */
    public SweepDefinition check(SweepDefinition definition) {
        List<FieldProblem> problems = malformed(definition);
        if (!problems.isEmpty()) {
            throw InvalidFieldsException.badRequest(problems);
        }
        List<FieldProblem> unknown = simulator.unknownIds(definition);
        if (!unknown.isEmpty()) {
            throw InvalidFieldsException.unprocessable(unknown);
        }
        SweepDefinition canonical = simulator.canonical(definition);
        problems = malformed(canonical);
        if (!problems.isEmpty()) {
            throw InvalidFieldsException.badRequest(problems);
        }
        return canonical;
    }

    /** Everything wrong with a definition: what {@link #check} refuses, for the form to show next to its fields. */
    public List<FieldProblem> problems(SweepDefinition definition) {
        List<FieldProblem> problems = malformed(definition);
        if (validator.validate(definition).isEmpty()) {
            problems.addAll(simulator.unknownIds(definition));
            if (problems.isEmpty()) {
                problems.addAll(malformed(simulator.canonical(definition)));
            }
        }
        return problems;
    }

    private List<FieldProblem> malformed(SweepDefinition definition) {
        List<FieldProblem> problems = new ArrayList<>();
        for (ConstraintViolation<SweepDefinition> violation : validator.validate(definition)) {
            problems.add(new FieldProblem(JsonPaths.of(violation.getPropertyPath()), violation.getMessage()));
        }
        if (!problems.isEmpty()) {
            problems.sort(Comparator.comparing(FieldProblem::field));
            return problems;
        }
        duplicates(problems, "models", definition.models(), Function.identity());
        duplicates(problems, "targets", definition.targets(), SweepTarget::key);
        duplicates(problems, "concurrencies", definition.concurrencies(), Function.identity());
        duplicates(problems, "workloads", definition.workloads(), Function.identity());
        for (int i = 0; i < definition.targets().size(); i++) {
            Integer tp = definition.targets().get(i).tensorParallel();
            if (tp != null && !ScenarioLimits.TENSOR_PARALLEL.contains(tp)) {
                // The same rule as a prediction's: a sweep point is a prediction.
                problems.add(new FieldProblem(JsonPaths.under(JsonPaths.index("targets", i), "tensorParallel"),
                        "must be one of 1, 2, 4, 8, 16, 32, 64, was " + tp));
            }
            List<String> switches = definition.targets().get(i).optimizations();
            if (switches != null) {
                duplicates(problems, JsonPaths.under(JsonPaths.index("targets", i), "optimizations"), switches, Function.identity());
            }
        }
        long points = definition.pointCount();
        if (points > properties.maxPoints()) {
            problems.add(new FieldProblem("models", "the sweep expands to " + points + " points; at most "
                    + properties.maxPoints() + " are allowed (models x targets x workloads x concurrencies)"));
        }
        int largest = definition.concurrencies().stream().mapToInt(Integer::intValue).max().orElse(1);
        if (definition.numPrompts().promptsAt(largest) > ScenarioLimits.MAX_PROMPTS) {
            problems.add(new FieldProblem("numPrompts.perConcurrency", "gives " + definition.numPrompts()
                    .promptsAt(largest) + " requests at concurrency " + largest + "; at most "
                    + ScenarioLimits.MAX_PROMPTS + " per point"));
        }
        return problems;
    }

    private static <T> void duplicates(List<FieldProblem> problems, String field, List<T> values,
            Function<? super T, ?> key) {
        Set<Object> seen = new HashSet<>();
        for (int i = 0; i < values.size(); i++) {
            if (!seen.add(key.apply(values.get(i)))) {
                problems.add(new FieldProblem(JsonPaths.index(field, i), "duplicate of an earlier entry"));
            }
        }
    }
}
