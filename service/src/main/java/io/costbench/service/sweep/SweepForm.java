package io.costbench.service.sweep;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import io.costbench.service.prediction.PromptRule;
import io.costbench.service.web.PendingForm;
import io.costbench.service.sweep.SweepDefinition.WorkloadShape;
import io.costbench.service.web.FieldProblem;

/**
 * The start form of the sweeps page: lists as text, one target per line
 * ({@code hardware profile [tp=N] [precision=bf16|fp8|mxfp4] [optimizations=a,b]}), workloads as {@code input/output}.
 */
public record SweepForm(String name, String models, String targets, String concurrencies, String workloads,
        Integer promptsPerConcurrency, Integer minimumPrompts, Long seed) {

    /** Longest text accepted in any field; the definition's own limits apply after parsing. */
    static final int MAX_FIELD_CHARS = 20_000;

    static SweepForm of(SweepDefinition definition) {
        return new SweepForm(definition.name(), String.join(", ", definition.models()),
                definition.targets().stream().map(SweepForm::line).collect(Collectors.joining("\n")),
                definition.concurrencies().stream().map(String::valueOf).collect(Collectors.joining(", ")),
                definition.workloads().stream().map(w -> w.inputTokens() + "/" + w.outputTokens())
                        .collect(Collectors.joining(", ")),
                definition.numPrompts().perConcurrency(), definition.numPrompts().minimum(), definition.seed());
    }

    /** The form as a signed-out visitor submitted it (numbers that do not parse are left empty). */
    static SweepForm of(PendingForm pending) {
        return new SweepForm(pending.field("name"), pending.field("models"), pending.field("targets"),
                pending.field("concurrencies"), pending.field("workloads"),
                parse(pending.field("promptsPerConcurrency"), Integer::valueOf),
                parse(pending.field("minimumPrompts"), Integer::valueOf), parse(pending.field("seed"), Long::valueOf));
    }

    private static <T> T parse(String value, java.util.function.Function<String, T> parser) {
        try {
            return value == null || value.isBlank() ? null : parser.apply(value.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /**
     * @param errors receives a message per form field that cannot be parsed
     * @return the definition, or null when a field could not be parsed
     */
    SweepDefinition toDefinition(Map<String, String> errors) {
        for (Map.Entry<String, String> field : Map.of("name", nullToEmpty(name), "models", nullToEmpty(models),
                "targets", nullToEmpty(targets), "concurrencies", nullToEmpty(concurrencies), "workloads",
                nullToEmpty(workloads)).entrySet()) {
            if (field.getValue().length() > MAX_FIELD_CHARS) {
                errors.put(field.getKey(), "at most " + MAX_FIELD_CHARS + " characters");
            }
        }
        if (!errors.isEmpty()) {
            return null;
        }
        List<SweepTarget> parsedTargets = new ArrayList<>();
        for (String line : nullToEmpty(targets).split("\\R")) {
            if (!line.isBlank()) {
                SweepTarget target = target(line.trim(), errors);
                if (target != null) {
                    parsedTargets.add(target);
                }
            }
        }
        List<Integer> parsedConcurrencies = new ArrayList<>();
        for (String token : tokens(concurrencies)) {
            try {
                parsedConcurrencies.add(Integer.parseInt(token));
            } catch (NumberFormatException e) {
                errors.put("concurrencies", "'" + token + "' is not a whole number");
            }
        }
        List<WorkloadShape> parsedWorkloads = new ArrayList<>();
        for (String token : tokens(workloads)) {
            String[] parts = token.split("/");
            try {
                if (parts.length != 2) {
                    throw new NumberFormatException();
                }
                parsedWorkloads.add(new WorkloadShape(Integer.parseInt(parts[0]), Integer.parseInt(parts[1])));
            } catch (NumberFormatException e) {
                errors.put("workloads", "'" + token + "' is not input/output tokens, e.g. 1024/1024");
            }
        }
        if (!errors.isEmpty()) {
            return null;
        }
        return new SweepDefinition(name == null ? null : name.trim(), tokens(models), parsedTargets,
                parsedConcurrencies, parsedWorkloads,
                new PromptRule(promptsPerConcurrency, minimumPrompts), seed);
    }

    /** Maps a definition problem ({@code targets[1].profile}) to the form field that holds it. */
    static Map<String, String> byFormField(List<FieldProblem> problems) {
        Map<String, String> errors = new LinkedHashMap<>();
        for (FieldProblem problem : problems) {
            String field = problem.field().split("[\\[.]", 2)[0];
            if (field.equals("numPrompts")) {
                field = problem.field().endsWith("minimum") ? "minimumPrompts" : "promptsPerConcurrency";
            }
            // Every problem of a form field, one per line (targets[0] and targets[2] share the targets box).
            errors.merge(field.isEmpty() ? "name" : field, problem.field() + ": " + problem.message(),
                    (earlier, next) -> earlier + "\n" + next);
        }
        return errors;
    }

    private static SweepTarget target(String line, Map<String, String> errors) {
        String[] parts = line.split("\\s+");
        if (parts.length < 2) {
            errors.put("targets", "'" + line + "': expected 'hardware profile [tp=N] [precision=..] "
                    + "[optimizations=a,b]'");
            return null;
        }
        Integer tensorParallel = null;
        String precision = null;
        List<String> optimizations = null;
        for (String option : Arrays.asList(parts).subList(2, parts.length)) {
            String[] keyValue = option.split("=", 2);
            String key = keyValue[0].toLowerCase(Locale.ROOT);
            String value = keyValue.length == 2 ? keyValue[1] : "";
            switch (key) {
                case "tp" -> {
                    try {
                        tensorParallel = Integer.parseInt(value);
                    } catch (NumberFormatException e) {
                        errors.put("targets", "'" + option + "': tp must be a whole number");
                    }
                }
                case "precision" -> precision = value;
                case "optimizations" -> optimizations = value.isEmpty() ? List.of() : List.of(value.split(","));
                default -> errors.put("targets", "'" + option + "': unknown option (tp, precision, optimizations)");
            }
        }
        return new SweepTarget(parts[0], parts[1], optimizations, tensorParallel, precision);
    }

    private static String line(SweepTarget target) {
        StringBuilder line = new StringBuilder(target.hardware()).append(' ').append(target.profile());
        if (target.tensorParallel() != null) {
            line.append(" tp=").append(target.tensorParallel());
        }
        if (target.precision() != null) {
            line.append(" precision=").append(target.precision());
        }
        if (target.optimizations() != null) {
            line.append(" optimizations=").append(String.join(",", target.optimizations()));
        }
        return line.toString();
    }

    private static List<String> tokens(String text) {
        return Arrays.stream(nullToEmpty(text).split("[,\\s]+")).filter(t -> !t.isEmpty()).toList();
    }

    private static String nullToEmpty(String text) {
        return text == null ? "" : text;
    }
}
