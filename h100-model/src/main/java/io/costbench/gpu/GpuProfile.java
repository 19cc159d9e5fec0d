package io.costbench.gpu;

import java.util.List;

import io.costbench.engine.data.ParameterSet;
import io.costbench.engine.port.ProfileEntry;
import io.costbench.engine.port.SpeculativeDecoding;

/**
 * A GPU serving stack's behaviour as named parameters, read from {@code catalog/gpu/profiles/<id>.json}: batching
 * limits, host and launch overheads, kernel efficiencies and collective costs.
 */
record GpuProfile(ParameterSet parameters, String engine, List<String> hardwareIds, int defaultTensorParallel,
        String defaultPrecision, List<String> defaultOptimizations) {

    @SuppressWarnings("unchecked")
    static GpuProfile load(String resource) {
        ParameterSet p = ParameterSet.load(resource);
        return new GpuProfile(p, String.valueOf(p.extra().get("engine")),
                List.copyOf((List<String>) p.extra().get("hardwareIds")),
                ((Number) p.extra().getOrDefault("defaultTensorParallel", 1)).intValue(),
                String.valueOf(p.extra().getOrDefault("defaultPrecision", "bf16")),
                List.copyOf((List<String>) p.extra().getOrDefault("defaultOptimizations", List.of())));
    }

    String id() {
        return parameters.id();
    }

    double value(String name) {
        return parameters.value(name);
    }

    /** EAGLE-3 speculative decoding as this profile parameterises it. */
    SpeculativeDecoding eagle3() {
        int k = (int) value("eagle3DraftTokens");
        List<Double> acceptance = new java.util.ArrayList<>();
        for (int i = 1; i <= k; i++) {
            acceptance.add(value("eagle3AcceptancePosition" + i));
        }
        return new SpeculativeDecoding("eagle3", k, acceptance);
    }

    ProfileEntry entry() {
        return new ProfileEntry(id(), parameters.displayName(), engine, hardwareIds, defaultTensorParallel,
                defaultPrecision, defaultOptimizations, parameters.source());
    }
}
