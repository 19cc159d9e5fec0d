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
 * @param maxBatchedTokens  tokens a step may compute (vLLM --max-num-batched-tokens, TensorRT-LLM --max_num_tokens;
 *                          null: the profile's default; stacks that compile their shapes ignore it)
 */
public record DeploymentRequest(String hardwareId, String profileId, Integer tensorParallel, Precision precision,
        Set<String> optimizations, int maxModelLenTokens, StaticShapes staticShapes, Integer maxBatchedTokens) {

    public DeploymentRequest {
        optimizations = optimizations == null ? null : Set.copyOf(optimizations);
        if (maxBatchedTokens != null && maxBatchedTokens < 1) {
            throw new IllegalArgumentException("max batched tokens must be positive, was " + maxBatchedTokens);
        }
    }

    public DeploymentRequest(String hardwareId, String profileId, Integer tensorParallel, Precision precision,
            Set<String> optimizations, int maxModelLenTokens, StaticShapes staticShapes) {
        this(hardwareId, profileId, tensorParallel, precision, optimizations, maxModelLenTokens, staticShapes, null);
    }

    public DeploymentRequest(String hardwareId, String profileId, Integer tensorParallel, Precision precision,
            Set<String> optimizations, int maxModelLenTokens) {
        this(hardwareId, profileId, tensorParallel, precision, optimizations, maxModelLenTokens, null, null);
    }

    /** The same request with the step's token budget set. */
    public DeploymentRequest withMaxBatchedTokens(int tokens) {
        return new DeploymentRequest(hardwareId, profileId, tensorParallel, precision, optimizations, maxModelLenTokens,
                staticShapes, tokens);
    }
}
