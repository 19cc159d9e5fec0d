package io.costbench.service.validation;

import java.util.List;
import java.util.Map;
import java.util.Set;

import io.costbench.engine.port.StaticShapes;
import io.costbench.engine.sim.Workload;

/**
 * One measured scenario mapped onto the catalog's ids, with the figures measured for it (means, as vllm bench serve
 * and AIConfigurator report them).
 *
 * @param file       the data file it comes from
 * @param label      how the report names the row
 * @param precision  bf16, fp8 or mxfp4
 * @param numPrompts requests the measurement ran (0 when not stated: the sweep default is used)
 * @param measured     measured values by metric; {@link ValidationMetric#OUTPUT_THROUGHPUT} may be derived (see
 *                     {@code throughputDerived})
 * @param campaign     who ran the measurement, as its file documents it (e.g. "aiconfigurator", "inferencex",
 *                     "public"); part of the source key
 * @param rangeRatio   the client's length spread as the campaign documents it ({@code --random-range-ratio}: lengths
 *                     uniform in [r x L, L]); 1 for fixed lengths or when the campaign does not say
 * @param kvCacheDtype "auto" (the engine's default for the precision) or "fp8" where the campaign's recipe sets it
 * @param engineOptions engine switches the campaign's recipe turns on, as optimization ids (e.g. "async-scheduling")
 * @param viaServer     the client went through the serving stack's HTTP server (its front end counts), rather than
 *                      driving the engine in-process
 * @param staticShapes  the compiled shapes an ahead-of-time compiling stack ran with (BATCH_SIZE, SEQUENCE_LENGTH,
 *                      max-num-seqs), or null for the profile's
 * @param maxBatchedTokens the step's token budget the campaign launched the engine with (TensorRT-LLM
 *                      --max_num_tokens, vLLM --max-num-batched-tokens), or null for the profile's default
 * @param clientRuns    the run as the campaign's client made it, when its documentation says more than a closed loop
 *                      of {@code numPrompts} at {@code concurrency}: the requests drawn as its sampler draws them
 *                      (guidellm 0.1's "1500+-150") and when it stopped (guidellm 0.1's 120 s), as the Trainium2
 *                      validation maps them ({@code ValidationCase#workload}); several when the documentation leaves
 *                      the run one draw among many (100 ShareGPT prompts of stated mean lengths), the prediction
 *                      being their mean; empty to build that closed loop
 */
public record Measurement(String file, String label, String hardwareId, String profileId, String modelId,
        String precision, int tensorParallel, int inputTokens, int outputTokens, int concurrency, int numPrompts,
        Map<ValidationMetric, Double> measured, boolean throughputDerived, String campaign, double rangeRatio,
        String kvCacheDtype, Set<String> engineOptions, boolean viaServer, StaticShapes staticShapes,
        Integer maxBatchedTokens, List<Workload> clientRuns) {

    public Measurement {
        measured = Map.copyOf(measured);
        engineOptions = Set.copyOf(engineOptions);
        clientRuns = List.copyOf(clientRuns);
        if (!(rangeRatio > 0 && rangeRatio <= 1)) {
            throw new IllegalArgumentException("range ratio must be in (0, 1], was " + rangeRatio);
        }
    }

    public Measurement(String file, String label, String hardwareId, String profileId, String modelId,
            String precision, int tensorParallel, int inputTokens, int outputTokens, int concurrency, int numPrompts,
            Map<ValidationMetric, Double> measured, boolean throughputDerived, String campaign, double rangeRatio,
            String kvCacheDtype, Set<String> engineOptions, boolean viaServer, StaticShapes staticShapes,
            Integer maxBatchedTokens) {
        this(file, label, hardwareId, profileId, modelId, precision, tensorParallel, inputTokens, outputTokens,
                concurrency, numPrompts, measured, throughputDerived, campaign, rangeRatio, kvCacheDtype, engineOptions,
                viaServer, staticShapes, maxBatchedTokens, List.of());
    }

    public Measurement(String file, String label, String hardwareId, String profileId, String modelId,
            String precision, int tensorParallel, int inputTokens, int outputTokens, int concurrency, int numPrompts,
            Map<ValidationMetric, Double> measured, boolean throughputDerived, String campaign, double rangeRatio,
            String kvCacheDtype, Set<String> engineOptions, boolean viaServer, StaticShapes staticShapes) {
        this(file, label, hardwareId, profileId, modelId, precision, tensorParallel, inputTokens, outputTokens,
                concurrency, numPrompts, measured, throughputDerived, campaign, rangeRatio, kvCacheDtype, engineOptions,
                viaServer, staticShapes, null);
    }

    public Measurement(String file, String label, String hardwareId, String profileId, String modelId,
            String precision, int tensorParallel, int inputTokens, int outputTokens, int concurrency, int numPrompts,
            Map<ValidationMetric, Double> measured, boolean throughputDerived, String campaign, double rangeRatio,
            String kvCacheDtype, Set<String> engineOptions, boolean viaServer) {
        this(file, label, hardwareId, profileId, modelId, precision, tensorParallel, inputTokens, outputTokens,
                concurrency, numPrompts, measured, throughputDerived, campaign, rangeRatio, kvCacheDtype, engineOptions,
                viaServer, null, null);
    }

    /** The same measurement run with the step's token budget its campaign launched the engine with. */
    public Measurement withMaxBatchedTokens(int tokens) {
        return new Measurement(file, label, hardwareId, profileId, modelId, precision, tensorParallel, inputTokens,
                outputTokens, concurrency, numPrompts, measured, throughputDerived, campaign, rangeRatio, kvCacheDtype,
                engineOptions, viaServer, staticShapes, tokens, clientRuns);
    }

    /** The longest request the client may send, prompt plus output: what the deployment must serve. */
    public int maxModelLenTokens() {
        return clientRuns.isEmpty() ? inputTokens + outputTokens
                : clientRuns.stream().mapToInt(w -> w.inputTokens() + w.outputTokens()).max().orElseThrow();
    }

    /**
     * The measurement campaign the row belongs to, as calibration notes name it: campaign, hardware, profile and model
     * (for example {@code "aiconfigurator h200-sxm vllm qwen3-235b-a22b"}). Leave-one-source-out leaves these out.
     */
    public String source() {
        return String.join(" ", campaign, hardwareId, profileId, modelId);
    }
}
