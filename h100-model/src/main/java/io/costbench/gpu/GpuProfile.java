package io.costbench.gpu;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.costbench.engine.data.DataFiles;
import io.costbench.engine.port.ParameterSet;
import io.costbench.engine.port.Parameter;
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

    /** This profile with some parameter values replaced (each kept within its plausible range). */
    GpuProfile withValues(Map<String, Double> values) {
        Map<String, Parameter> changed =
                new LinkedHashMap<>(parameters.parameters());
        values.forEach((name, value) -> {
            Parameter p = changed.get(name);
            if (p == null) {
                throw new IllegalArgumentException(id() + " has no parameter " + name);
            }
            changed.put(name, new Parameter(name, value, p.unit(), p.source(), p.documented(),
                    p.min(), p.max()));
        });
        ParameterSet set = new ParameterSet(parameters.id(), parameters.displayName(), parameters.source(), changed,
                parameters.extra(), DataFiles.sha256(parameters.sha256() + values));
        return new GpuProfile(set, engine, hardwareIds, defaultTensorParallel, defaultPrecision,
                defaultOptimizations);
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
        List<Double> acceptance = new ArrayList<>();
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
