package io.costbench.service.prediction;

import java.util.List;

import io.costbench.engine.model.Precision;

/**
 * Where a model is served: hardware and serving profile (canonical ids), tensor parallelism, precision and the
 * optimization switches.
 *
 * @param optimizations switch ids over the profile's own, sorted; null keeps the profile's default set
 */
public record ServingTarget(String hardware, String profile, int tensorParallel, Precision precision,
        List<String> optimizations) {

    public ServingTarget {
        optimizations = optimizations == null ? null : optimizations.stream().distinct().sorted().toList();
    }
}
