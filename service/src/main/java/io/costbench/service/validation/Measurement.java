package io.costbench.service.validation;

import java.util.List;
import java.util.Map;
import java.util.Objects;
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

    /** A measurement stated part by part; what a campaign leaves unsaid keeps the defaults named on each part. */
    public static Builder builder() {
        return new Builder();
    }

    /** Builds a {@link Measurement}; every part but the source, the deployment, the lengths and the load is optional. */
    public static final class Builder {

        private String file;
        private String label;
        private String campaign;
        private String hardwareId;
        private String profileId;
        private String modelId;
        private String precision;
        private int tensorParallel;
        private int inputTokens;
        private int outputTokens;
        private int concurrency;
        private int numPrompts;
        private Map<ValidationMetric, Double> measured = Map.of();
        private boolean throughputDerived;
        private double rangeRatio = 1.0;
        private String kvCacheDtype = "auto";
        private Set<String> engineOptions = Set.of();
        private boolean viaServer;
        private StaticShapes staticShapes;
        private Integer maxBatchedTokens;
        private List<Workload> clientRuns = List.of();

        private Builder() {
        }

        /** Where the row comes from: its file, the report's name for it and the campaign that measured it. */
        public Builder source(String file, String label, String campaign) {
            this.file = file;
            this.label = label;
            this.campaign = campaign;
            return this;
        }

        public Builder deployment(String hardwareId, String profileId, String modelId, String precision,
                int tensorParallel) {
            this.hardwareId = hardwareId;
            this.profileId = profileId;
            this.modelId = modelId;
            this.precision = precision;
            this.tensorParallel = tensorParallel;
            return this;
        }

        public Builder lengths(int inputTokens, int outputTokens) {
            this.inputTokens = inputTokens;
            this.outputTokens = outputTokens;
            return this;
        }

        /** The client's concurrency and the requests it sent (0 when not stated: the sweep default). */
        public Builder load(int concurrency, int numPrompts) {
            this.concurrency = concurrency;
            this.numPrompts = numPrompts;
            return this;
        }

        public Builder measured(Map<ValidationMetric, Double> measured, boolean throughputDerived) {
            this.measured = measured;
            this.throughputDerived = throughputDerived;
            return this;
        }

        /** Default 1: fixed lengths. */
        public Builder rangeRatio(double rangeRatio) {
            this.rangeRatio = rangeRatio;
            return this;
        }

        /** Default "auto": the engine's default for the precision. */
        public Builder kvCacheDtype(String kvCacheDtype) {
            this.kvCacheDtype = kvCacheDtype;
            return this;
        }

        /** Default none. */
        public Builder engineOptions(Set<String> engineOptions) {
            this.engineOptions = engineOptions;
            return this;
        }

        /** Default false: the engine driven in-process. */
        public Builder viaServer(boolean viaServer) {
            this.viaServer = viaServer;
            return this;
        }

        /** Default null: the profile's shapes. */
        public Builder staticShapes(StaticShapes staticShapes) {
            this.staticShapes = staticShapes;
            return this;
        }

        /** Default null: the profile's step budget. */
        public Builder maxBatchedTokens(Integer maxBatchedTokens) {
            this.maxBatchedTokens = maxBatchedTokens;
            return this;
        }

        /** Default none: the closed loop of the load. */
        public Builder clientRuns(List<Workload> clientRuns) {
            this.clientRuns = clientRuns;
            return this;
        }

        public Measurement build() {
            Objects.requireNonNull(campaign, "a measurement's source");
            Objects.requireNonNull(modelId, "a measurement's deployment");
            return new Measurement(file, label, hardwareId, profileId, modelId, precision, tensorParallel,
                    inputTokens, outputTokens, concurrency, numPrompts, measured, throughputDerived, campaign,
                    rangeRatio, kvCacheDtype, engineOptions, viaServer, staticShapes, maxBatchedTokens, clientRuns);
        }
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
