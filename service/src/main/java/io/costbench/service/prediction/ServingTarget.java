package io.costbench.service.prediction;

import java.util.List;

import io.costbench.engine.model.Precision;
import io.costbench.engine.port.StaticShapes;

/**
 * Where a model is served: hardware and serving profile (canonical ids), tensor parallelism, precision and the
 * optimization switches, and for ahead-of-time compiling stacks the compiled shapes.
 *
 * @param optimizations switch ids over the profile's own, sorted; null keeps the profile's default set
 * @param staticShapes  compiled batch sizes, maximum sequence length and context buckets (null: the profile's);
 *                      families that compile nothing ahead of time ignore it
 */
public record ServingTarget(String hardware, String profile, int tensorParallel, Precision precision,
        List<String> optimizations, StaticShapes staticShapes) {

    public ServingTarget {
        optimizations = optimizations == null ? null : optimizations.stream().distinct().sorted().toList();
    }

    public ServingTarget(String hardware, String profile, int tensorParallel, Precision precision,
            List<String> optimizations) {
        this(hardware, profile, tensorParallel, precision, optimizations, null);
    }
}
