package io.costbench.service.prediction;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;

import io.costbench.engine.sim.Workload;

/**
 * Requests per scenario: {@code max(minimum, perConcurrency x concurrency)}. {@link #DEFAULT} is vLLM bench sweeps'
 * rule as {@link Workload#defaultNumPrompts} defines it (10 x concurrency, at least 20).
 */
public record PromptRule(@NotNull @Min(0) @Max(1_000) Integer perConcurrency,
        @NotNull @Min(1) @Max(ScenarioLimits.MAX_PROMPTS) Integer minimum) {

    public static final PromptRule DEFAULT = new PromptRule(Workload.PROMPTS_PER_CONCURRENCY, Workload.MIN_PROMPTS);

    public int promptsAt(int concurrency) {
        return Math.max(minimum, perConcurrency * concurrency);
    }
}
