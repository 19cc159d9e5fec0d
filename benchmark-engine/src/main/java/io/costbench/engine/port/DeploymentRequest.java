package io.costbench.engine.port;

import java.util.Set;

import io.costbench.engine.model.Precision;

/**
 * What to deploy: hardware and serving profile ids, and the knobs a user may set. Null means "the profile's default".
 *
 * @param optimizations     ids of optimization switches to turn on over the profile (null: the profile's own set)
 * @param maxModelLenTokens longest sequence (prompt + output) the deployment must serve
 * @param staticShapes      compiled shapes of an ahead-of-time compiling stack (null: the profile's defaults; stacks
 *                          that compile nothing ahead of time ignore it)
 */
public record DeploymentRequest(String hardwareId, String profileId, Integer tensorParallel, Precision precision,
        Set<String> optimizations, int maxModelLenTokens, StaticShapes staticShapes) {

    public DeploymentRequest {
        optimizations = optimizations == null ? null : Set.copyOf(optimizations);
    }

    public DeploymentRequest(String hardwareId, String profileId, Integer tensorParallel, Precision precision,
            Set<String> optimizations, int maxModelLenTokens) {
        this(hardwareId, profileId, tensorParallel, precision, optimizations, maxModelLenTokens, null);
    }
}
