package io.costbench.engine.port;

import java.util.List;

/**
 * A serving profile: which engine it represents, the hardware it runs on, its default tensor parallelism and
 * precision, and the optimization switches it turns on by default.
 */
public record ProfileEntry(String id, String displayName, String engine, List<String> hardwareIds,
        int defaultTensorParallel, String defaultPrecision, List<String> defaultOptimizations, String source) {

    public ProfileEntry {
        hardwareIds = List.copyOf(hardwareIds);
        defaultOptimizations = List.copyOf(defaultOptimizations);
    }
}
