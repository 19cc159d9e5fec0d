package io.costbench.service.sweep;

import java.util.List;
import java.util.Optional;

import io.costbench.service.prediction.PromptRule;
import io.costbench.service.sweep.SweepDefinition.WorkloadShape;

/** Named sweeps. "default" is the write-up's study: what the nightly job runs and the page offers. */
public final class SweepPresets {

    public static final String DEFAULT = "default";

    private SweepPresets() {
    }

    public static SweepDefinition defaultSweep(String name) {
        return new SweepDefinition(name,
                List.of("qwen3.5-4b", "qwen3-30b-a3b", "gemma4-31b"),
                List.of(new SweepTarget("trn2", "vllm-neuron-baseline", null, null, null),
                        new SweepTarget("trn2", "vllm-neuron-optimized", null, null, null),
                        new SweepTarget("h100-sxm", "vllm", null, null, null)),
                List.of(1, 2, 4, 8, 16, 32, 64, 128, 256),
                List.of(new WorkloadShape(1024, 1024), new WorkloadShape(1024, 8192), new WorkloadShape(8192, 1024)),
                PromptRule.DEFAULT, 0L);
    }

    /**
     * The preset a definition is, whatever it is called: "default" when it runs exactly the default sweep's points
     * (same models, targets, concurrencies, workloads, prompts and seed), empty otherwise.
     */
    public static Optional<String> presetOf(SweepDefinition definition) {
        return defaultSweep(definition.name()).equals(definition) ? Optional.of(DEFAULT) : Optional.empty();
    }

    public static Optional<SweepDefinition> byName(String preset, String name) {
        return DEFAULT.equals(preset) ? Optional.of(defaultSweep(name)) : Optional.empty();
    }
}
