package io.costbench.service.sweep;

import java.util.ArrayList;
import java.util.List;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

import io.costbench.service.prediction.PromptRule;
import io.costbench.service.prediction.ScenarioLimits;

/**
 * What a sweep runs: every model on every target, at every workload and concurrency. The expansion order is fixed
 * (model, target, workload, concurrency innermost) so a chunk index always names the same points, and consecutive
 * points share a deployment.
 *
 * @param numPrompts requests per point; null means {@link PromptRule#DEFAULT}
 * @param seed       random seed of every point; null means 0
 */
public record SweepDefinition(
        @NotBlank @Size(max = 200) String name,
        @NotEmpty @Size(max = 50) List<@NotNull @Pattern(regexp = NAME) String> models,
        @NotEmpty @Size(max = 20) List<@NotNull @Valid SweepTarget> targets,
        @NotEmpty @Size(max = 32) List<@NotNull @Min(1) @Max(ScenarioLimits.MAX_CONCURRENCY) Integer> concurrencies,
        @NotEmpty @Size(max = 32) List<@NotNull @Valid WorkloadShape> workloads,
        @Valid PromptRule numPrompts,
        Long seed) {

    /** Catalog ids: lower-case letters, digits, dots, dashes, underscores. */
    public static final String ID = "[a-z0-9][a-z0-9._-]{0,63}";
    /** A catalog id or one of its aliases ({@code Qwen/Qwen3-8B}, {@code H100 SXM}): letters, digits, ._-/ and spaces. */
    public static final String NAME = "[A-Za-z0-9][A-Za-z0-9 ._/-]{0,63}";

    public SweepDefinition {
        numPrompts = numPrompts == null ? PromptRule.DEFAULT : numPrompts;
        seed = seed == null ? 0L : seed;
    }

    public record WorkloadShape(@NotNull @Min(1) @Max(ScenarioLimits.MAX_TOKENS) Integer inputTokens,
            @NotNull @Min(1) @Max(ScenarioLimits.MAX_TOKENS) Integer outputTokens) {
    }

    /** Points this definition expands to (long: the limit check must not overflow). */
    public long pointCount() {
        return (long) models.size() * targets.size() * workloads.size() * concurrencies.size();
    }

    /** The points with indexes in [from, to), in expansion order. */
    public List<SweepScenario> scenarios(int from, int to) {
        List<SweepScenario> scenarios = new ArrayList<>(Math.max(0, to - from));
        int perWorkload = concurrencies.size();
        int perTarget = perWorkload * workloads.size();
        int perModel = perTarget * targets.size();
        for (int index = from; index < to; index++) {
            String model = models.get(index / perModel);
            SweepTarget target = targets.get(index % perModel / perTarget);
            WorkloadShape workload = workloads.get(index % perTarget / perWorkload);
            int concurrency = concurrencies.get(index % perWorkload);
            scenarios.add(new SweepScenario(index, model, target, workload.inputTokens(), workload.outputTokens(),
                    concurrency, numPrompts.promptsAt(concurrency), seed));
        }
        return scenarios;
    }
}
