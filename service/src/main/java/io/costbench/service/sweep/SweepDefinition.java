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
        @NotEmpty @Size(max = 50) List<@NotNull @Pattern(regexp = ID) String> models,
        @NotEmpty @Size(max = 20) List<@NotNull @Valid Target> targets,
        @NotEmpty @Size(max = 32) List<@NotNull @Min(1) @Max(4096) Integer> concurrencies,
        @NotEmpty @Size(max = 32) List<@NotNull @Valid WorkloadShape> workloads,
        @Valid PromptRule numPrompts,
        Long seed) {

    /** Catalog ids: lower-case letters, digits, dots, dashes, underscores. */
    public static final String ID = "[a-z0-9][a-z0-9._-]{0,63}";

    public SweepDefinition {
        numPrompts = numPrompts == null ? PromptRule.DEFAULT : numPrompts;
        seed = seed == null ? 0L : seed;
    }

    /**
     * One deployment target.
     *
     * @param optimizations switches over the profile's own; null means the profile's default set
     * @param tensorParallel null means the profile's default
     * @param precision      bf16 or fp8; null means the profile's default
     */
    public record Target(
            @NotNull @Pattern(regexp = ID) String hardware,
            @NotNull @Pattern(regexp = ID) String profile,
            @Size(max = 32) List<@NotNull @Pattern(regexp = ID) String> optimizations,
            @Min(1) @Max(64) Integer tensorParallel,
            @Pattern(regexp = "(?i)bf16|fp8") String precision) {

        /** The target's part of a scenario key; optimizations in sorted order so equal sets give equal keys. */
        String key() {
            String switches = optimizations == null ? "default"
                    : String.join("+", optimizations.stream().sorted().toList());
            return hardware + "|" + profile + "|" + switches
                    + "|tp=" + (tensorParallel == null ? "default" : tensorParallel)
                    + "|" + (precision == null ? "default" : precision.toLowerCase(java.util.Locale.ROOT));
        }
    }

    public record WorkloadShape(@NotNull @Min(1) @Max(262_144) Integer inputTokens,
            @NotNull @Min(1) @Max(262_144) Integer outputTokens) {
    }

    /** Requests per point: {@code max(minimum, perConcurrency x concurrency)}, like the write-up's 10 x concurrency. */
    public record PromptRule(@NotNull @Min(0) @Max(1_000) Integer perConcurrency,
            @NotNull @Min(1) @Max(100_000) Integer minimum) {

        public static final PromptRule DEFAULT = new PromptRule(10, 20);

        int promptsAt(int concurrency) {
            return Math.max(minimum, perConcurrency * concurrency);
        }
    }

    /** Points this definition expands to (long: the limit check must not overflow). */
    public long pointCount() {
        return (long) models.size() * targets.size() * workloads.size() * concurrencies.size();
    }

    /** The points with indexes in [from, to), in expansion order. */
    public List<Scenario> scenarios(int from, int to) {
        List<Scenario> scenarios = new ArrayList<>(Math.max(0, to - from));
        int perWorkload = concurrencies.size();
        int perTarget = perWorkload * workloads.size();
        int perModel = perTarget * targets.size();
        for (int index = from; index < to; index++) {
            String model = models.get(index / perModel);
            Target target = targets.get(index % perModel / perTarget);
            WorkloadShape workload = workloads.get(index % perTarget / perWorkload);
            int concurrency = concurrencies.get(index % perWorkload);
            scenarios.add(new Scenario(index, model, target, workload.inputTokens(), workload.outputTokens(),
                    concurrency, numPrompts.promptsAt(concurrency), seed));
        }
        return scenarios;
    }
}
