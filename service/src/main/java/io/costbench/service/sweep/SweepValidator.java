package io.costbench.service.sweep;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

import jakarta.validation.ConstraintViolation;
import jakarta.validation.ElementKind;
import jakarta.validation.Path;
import jakarta.validation.Validator;

import org.springframework.stereotype.Component;

/**
 * Everything a definition must satisfy before a sweep is created: field constraints, no duplicates (each point must
 * have its own key), the point limit, the requests per point, and ids the performance models know.
 */
@Component
public class SweepValidator {

    static final int MAX_PROMPTS_PER_POINT = 100_000;

    private final Validator validator;
    private final SweepProperties properties;
    private final PointSimulator simulator;

    SweepValidator(Validator validator, SweepProperties properties, PointSimulator simulator) {
        this.validator = validator;
        this.properties = properties;
        this.simulator = simulator;
    }

    /** @throws InvalidSweepException naming every field in error */
    public SweepDefinition check(SweepDefinition definition) {
        List<FieldProblem> problems = problems(definition);
        if (!problems.isEmpty()) {
            throw new InvalidSweepException(problems);
        }
        return definition;
    }

    public List<FieldProblem> problems(SweepDefinition definition) {
        List<FieldProblem> problems = new ArrayList<>();
        for (ConstraintViolation<SweepDefinition> violation : validator.validate(definition)) {
            problems.add(new FieldProblem(field(violation.getPropertyPath()), violation.getMessage()));
        }
        if (!problems.isEmpty()) {
            problems.sort(Comparator.comparing(FieldProblem::field));
            return problems;
        }
        duplicates(problems, "models", definition.models(), Function.identity());
        duplicates(problems, "targets", definition.targets(), SweepDefinition.Target::key);
        duplicates(problems, "concurrencies", definition.concurrencies(), Function.identity());
        duplicates(problems, "workloads", definition.workloads(), Function.identity());
        for (int i = 0; i < definition.targets().size(); i++) {
            List<String> switches = definition.targets().get(i).optimizations();
            if (switches != null) {
                duplicates(problems, "targets[" + i + "].optimizations", switches, Function.identity());
            }
        }
        long points = definition.pointCount();
        if (points > properties.maxPoints()) {
            problems.add(new FieldProblem("models", "the sweep expands to " + points + " points; at most "
                    + properties.maxPoints() + " are allowed (models x targets x workloads x concurrencies)"));
        }
        int largest = definition.concurrencies().stream().mapToInt(Integer::intValue).max().orElse(1);
        if (definition.numPrompts().promptsAt(largest) > MAX_PROMPTS_PER_POINT) {
            problems.add(new FieldProblem("numPrompts.perConcurrency", "gives " + definition.numPrompts()
                    .promptsAt(largest) + " requests at concurrency " + largest + "; at most "
                    + MAX_PROMPTS_PER_POINT + " per point"));
        }
        problems.addAll(simulator.unknownIds(definition));
        return problems;
    }

    private static <T> void duplicates(List<FieldProblem> problems, String field, List<T> values,
            Function<? super T, ?> key) {
        Set<Object> seen = new HashSet<>();
        for (int i = 0; i < values.size(); i++) {
            if (!seen.add(key.apply(values.get(i)))) {
                problems.add(new FieldProblem(field + "[" + i + "]", "duplicate of an earlier entry"));
            }
        }
    }

    /** {@code targets[0].hardware}, {@code concurrencies[2]}: the JSON path of a violation. */
    static String field(Path path) {
        StringBuilder field = new StringBuilder();
        for (Path.Node node : path) {
            if (node.isInIterable()) {
                field.append('[').append(node.getIndex() != null ? node.getIndex() : node.getKey()).append(']');
            }
            if (node.getKind() != ElementKind.CONTAINER_ELEMENT && node.getName() != null) {
                field.append(field.isEmpty() ? "" : ".").append(node.getName());
            }
        }
        return field.toString();
    }
}
