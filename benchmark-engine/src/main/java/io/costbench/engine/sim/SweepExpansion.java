package io.costbench.engine.sim;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Expands a {@link SweepDefinition} into its scenarios (models x targets x workloads x concurrencies, in that
 * nesting order, duplicates removed) after checking every value against the limits the API enforces.
 */
public final class SweepExpansion {

    public static final int MAX_POINTS = 5_000;
    public static final int MAX_TOKENS = 131_072;
    public static final int MAX_CONCURRENCY = 4_096;
    public static final int MAX_PROMPTS = 100_000;
    private static final int MAX_KEY_CHARS = 500;

    private SweepExpansion() {
    }

    /** @throws IllegalArgumentException naming the offending field and value */
    public static List<Scenario> expand(SweepDefinition definition) {
        require(!definition.models().isEmpty(), "models", "must list at least one model");
        require(!definition.targets().isEmpty(), "targets", "must list at least one target");
        require(!definition.workloads().isEmpty(), "workloads", "must list at least one workload");
        require(!definition.concurrencies().isEmpty(), "concurrencies", "must list at least one concurrency");
        for (WorkloadShape w : definition.workloads()) {
            require(w.inputTokens() >= 1 && w.inputTokens() <= MAX_TOKENS, "workloads.inputTokens",
                    "must be in 1.." + MAX_TOKENS + ", was " + w.inputTokens());
            require(w.outputTokens() >= 1 && w.outputTokens() <= MAX_TOKENS, "workloads.outputTokens",
                    "must be in 1.." + MAX_TOKENS + ", was " + w.outputTokens());
            require(w.rangeRatio() > 0 && w.rangeRatio() <= 1, "workloads.rangeRatio",
                    "must be in (0, 1], was " + w.rangeRatio());
        }
        for (int c : definition.concurrencies()) {
            require(c >= 1 && c <= MAX_CONCURRENCY, "concurrencies", "must be in 1.." + MAX_CONCURRENCY + ", was " + c);
        }
        Integer prompts = definition.numPrompts();
        require(prompts == null || (prompts >= 1 && prompts <= MAX_PROMPTS), "numPrompts",
                "must be in 1.." + MAX_PROMPTS + ", was " + prompts);
        long points = (long) definition.models().size() * definition.targets().size()
                * definition.workloads().size() * definition.concurrencies().size();
        require(points <= MAX_POINTS, "definition", points + " points exceed the limit of " + MAX_POINTS);

        Set<String> seen = new LinkedHashSet<>();
        List<Scenario> scenarios = new ArrayList<>();
        for (String model : definition.models()) {
            require(model != null && !model.isBlank(), "models", "must not contain blank ids");
            for (SweepTarget target : definition.targets()) {
                for (WorkloadShape shape : definition.workloads()) {
                    for (int concurrency : definition.concurrencies()) {
                        int n = prompts != null ? prompts : Math.max(20, 10 * concurrency);
                        Scenario scenario = new Scenario(model, target, shape, concurrency, Math.min(n, MAX_PROMPTS),
                                definition.seed());
                        String key = scenario.key();
                        require(key.length() <= MAX_KEY_CHARS, "definition", "scenario key too long: " + key);
                        if (seen.add(key)) {
                            scenarios.add(scenario);
                        }
                    }
                }
            }
        }
        return scenarios;
    }

    private static void require(boolean ok, String field, String message) {
        if (!ok) {
            throw new InvalidSweepException(field, field + " " + message);
        }
    }

    /** A sweep definition value out of its limits, naming the field. */
    public static final class InvalidSweepException extends IllegalArgumentException {
        private final String field;

        InvalidSweepException(String field, String message) {
            super(message);
            this.field = field;
        }

        public String field() {
            return field;
        }
    }
}
