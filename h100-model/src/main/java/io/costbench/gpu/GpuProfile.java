package io.costbench.gpu;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

import io.costbench.engine.data.DataFiles;
import io.costbench.engine.model.Precision;
import io.costbench.engine.port.Parameter;
import io.costbench.engine.port.ParameterSet;
import io.costbench.engine.port.PrefillPolicy;
import io.costbench.engine.port.ProfileEntry;
import io.costbench.engine.port.SpeculativeDecoding;

/**
 * A GPU serving stack's behaviour as named parameters, read from {@code catalog/gpu/profiles/<id>.json}: batching
 * limits, host and launch overheads, kernel efficiencies and collective costs.
 */
record GpuProfile(ParameterSet parameters, String engine, List<String> hardwareIds, int defaultTensorParallel,
        String defaultPrecision, List<Precision> precisions, List<String> defaultOptimizations) {

    /** vLLM's budget: a fraction of the device's total memory. */
    static final String MEMORY_UTILIZATION = "gpuMemoryUtilization";
    /** TensorRT-LLM's budget: a fraction of the memory free after weights and activations. */
    static final String FREE_MEMORY_FRACTION = "freeGpuMemoryFraction";
    /** Present (1) where the engine gives every attention window size's KV pool an equal share of the memory. */
    static final String KV_EQUAL_SHARE_PER_WINDOW = "kvEqualSharePerWindowSize";
    /** Present where the engine sizes a sliding-window pool at this many tokens per full-attention token. */
    static final String SWA_FULL_TOKENS_RATIO = "swaFullTokensRatio";
    /**
     * SGLang's budget: weights and KV cache take mem_fraction_static of the device, the rest is left for activations
     * and graphs; the fraction comes from a reserve the engine works out (see {@link #memFractionStatic}).
     */
    static final String STATIC_RESERVE_BASE = "staticReserveBaseMib";
    /** A larger CUDA-graph capture limit from TP 4, where the engine has one. */
    static final String GRAPH_MAX_BATCH_FROM_TP4 = "cudaGraphMaxBatchFromTp4";

    @SuppressWarnings("unchecked")
    static GpuProfile load(String resource) {
        ParameterSet p = ParameterSet.load(resource);
        return new GpuProfile(p, String.valueOf(p.extra().get("engine")),
                List.copyOf((List<String>) p.extra().get("hardwareIds")),
                ((Number) p.extra().getOrDefault("defaultTensorParallel", 1)).intValue(),
                String.valueOf(p.extra().getOrDefault("defaultPrecision", "bf16")),
                ProfileEntry.precisions(p.id(), p.extra().get("supportedPrecisions")),
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
        return new GpuProfile(set, engine, hardwareIds, defaultTensorParallel, defaultPrecision, precisions,
                defaultOptimizations);
    }

    String id() {
        return parameters.id();
    }

    /** Which steps the engine replays from CUDA graphs (the profile file's "cudaGraphs"). */
    CudaGraphCapture cudaGraphs() {
        return CudaGraphCapture.of(id(), parameters.extra().get("cudaGraphs"));
    }

    /**
     * How the engine fits prompts into its steps, from the profile file's {@code "prefill"} entry: {@code "chunked"}
     * true for chunks under the token budget, false for whole prompts only.
     */
    PrefillPolicy prefillPolicy() {
        if (!(parameters.extra().get("prefill") instanceof Map<?, ?> prefill)
                || !(prefill.get("chunked") instanceof Boolean chunked) || !(prefill.get("source") instanceof String)) {
            throw new IllegalStateException(id() + ": \"prefill\" needs chunked and a source");
        }
        // "separateSteps": prompts run in steps of their own while decodes wait (SGLang without mixed chunks)
        if (Boolean.TRUE.equals(prefill.get("separateSteps"))) {
            if (!chunked) {
                throw new IllegalStateException(id() + ": separate prefill steps are modelled with chunking only");
            }
            return PrefillPolicy.PREFILL_FIRST;
        }
        return chunked ? PrefillPolicy.CHUNKED_MIXED : PrefillPolicy.WHOLE_PROMPTS;
    }

    /**
     * Whether the engine schedules step n+1 while step n runs by default (the profile file's {@code "scheduling"}
     * entry: {@code "aheadByDefault"} and its source); the async-scheduling switch turns it on where it is not.
     */
    boolean schedulesAheadByDefault() {
        return schedulingFlag("aheadByDefault", "source");
    }

    /**
     * Whether the engine admits a request only when its KV cache holds the prompt and the whole answer (the profile
     * file's {@code "scheduling"} entry: {@code "reservesToCompletion"} and {@code "reservesToCompletionSource"}).
     */
    boolean reservesToCompletion() {
        return schedulingFlag("reservesToCompletion", "reservesToCompletionSource");
    }

    /** A yes/no entry of the profile file's {@code "scheduling"}, which must come with its source. */
    private boolean schedulingFlag(String flag, String sourceKey) {
        if (!(parameters.extra().get("scheduling") instanceof Map<?, ?> scheduling)
                || !(scheduling.get(flag) instanceof Boolean value)
                || !(scheduling.get(sourceKey) instanceof String)) {
            throw new IllegalStateException(id() + ": \"scheduling\" needs " + flag + " and " + sourceKey);
        }
        return value;
    }

    double value(String name) {
        return parameters.value(name);
    }

    boolean hasParameter(String name) {
        return parameters.parameters().containsKey(name);
    }

    /** A parameter the profile may leave out (a mechanism only some engines have): its value, else {@code absent}. */
    double valueOr(String name, double absent) {
        return hasParameter(name) ? value(name) : absent;
    }

    /** Validation source keys each calibrated parameter was fitted on (the profile file's "calibrationSources"). */
    @SuppressWarnings("unchecked")
    Map<String, List<String>> calibrationSources() {
        Map<String, List<String>> sources = new LinkedHashMap<>();
        ((Map<String, List<String>>) parameters.extra().getOrDefault("calibrationSources", Map.of()))
                .forEach((name, keys) -> {
                    if (!parameters.parameters().containsKey(name)) {
                        throw new IllegalStateException(id() + ": calibrationSources names unknown parameter " + name);
                    }
                    sources.put(name, List.copyOf(keys));
                });
        return sources;
    }

    /**
     * The KV-cache budget of one GPU as this profile's engine counts it. vLLM (v1/worker/gpu_worker.py
     * determine_available_memory): requested = gpu_memory_utilization x total memory, less everything that is not KV
     * cache (weights, peak activations, CUDA context, graphs). TensorRT-LLM (_torch/pyexecutor/_util.py,
     * KvCacheConfig.free_gpu_memory_fraction): that fraction of the memory still free after weights and the profiling
     * forward. SGLang (srt/model_executor/model_runner.py profile_max_num_token): mem_fraction_static x total memory,
     * less the weights and the memory held before them (CUDA context, communicators); activations live in the rest.
     */
    double kvBudgetBytesPerGpu(double hbmBytes, int tp, double nonKvBytes) {
        if (hasParameter(FREE_MEMORY_FRACTION)) {
            return value(FREE_MEMORY_FRACTION) * (hbmBytes - nonKvBytes);
        }
        if (hasParameter(STATIC_RESERVE_BASE)) {
            return memFractionStatic(hbmBytes, tp) * hbmBytes - nonKvBytes;
        }
        return value(MEMORY_UTILIZATION) * hbmBytes - nonKvBytes;
    }

    /**
     * What a full-attention token costs of the KV memory in an engine that splits it by attention window (a model
     * with sliding and full layers): one pool per window size at an equal share ({@link #KV_EQUAL_SHARE_PER_WINDOW}:
     * windows x the full layers' bytes), or a sliding pool of {@link #SWA_FULL_TOKENS_RATIO} x the full pool's tokens
     * beside it; empty for an engine with one pool sized by what each layer holds.
     */
    OptionalDouble fullPoolBytesPerToken(double fullLayersBytes, double slidingLayersBytes, int windows) {
        if (hasParameter(KV_EQUAL_SHARE_PER_WINDOW)) {
            return OptionalDouble.of(windows * fullLayersBytes);
        }
        if (hasParameter(SWA_FULL_TOKENS_RATIO)) {
            return OptionalDouble.of(fullLayersBytes + value(SWA_FULL_TOKENS_RATIO) * slidingLayersBytes);
        }
        return OptionalDouble.empty();
    }

    /** How this profile's engine sizes the KV cache, in words for error messages. */
    String memoryRule(double hbmBytes, int tp) {
        if (hasParameter(FREE_MEMORY_FRACTION)) {
            return String.format(java.util.Locale.ROOT, "free_gpu_memory_fraction %.2f of what is free",
                    value(FREE_MEMORY_FRACTION));
        }
        if (hasParameter(STATIC_RESERVE_BASE)) {
            return String.format(java.util.Locale.ROOT, "mem_fraction_static %.3f", memFractionStatic(hbmBytes, tp));
        }
        return String.format(java.util.Locale.ROOT, "gpu_memory_utilization %.2f", value(MEMORY_UTILIZATION));
    }

    /**
     * SGLang's default mem_fraction_static: (device MiB - reserve) / device MiB, the reserve in MiB being a base, 1.5
     * per token of the prefill chunk, 2 per captured decode batch size up to the largest, 1024 per 8 TP ranks, and at
     * least a floor on devices above 60 GiB (sgl-project/sglang python/sglang/srt/server_args.py
     * _handle_gpu_memory_settings, PR #10975).
     */
    double memFractionStatic(double hbmBytes, int tp) {
        double deviceMib = hbmBytes / (1024.0 * 1024.0);
        double reserveMib = value(STATIC_RESERVE_BASE)
                + value("staticReservePerChunkTokenMib") * value("maxNumBatchedTokens")
                + value("staticReservePerGraphBatchMib") * cudaGraphMaxBatch(tp)
                + value("staticReservePerRankMib") * tp;
        if (deviceMib > 60 * 1024) {
            reserveMib = Math.max(reserveMib, value("staticReserveFloorMib"));
        }
        return Math.round((deviceMib - reserveMib) / deviceMib * 1000.0) / 1000.0;
    }

    /**
     * The largest decode batch replayed from a CUDA graph at this TP: {@code cudaGraphMaxBatch}, or
     * {@code cudaGraphMaxBatchFromTp4} from TP 4 where the engine captures more there (SGLang on 60-160 GiB devices).
     */
    double cudaGraphMaxBatch(int tp) {
        return tp >= 4 ? valueOr(GRAPH_MAX_BATCH_FROM_TP4, value("cudaGraphMaxBatch")) : value("cudaGraphMaxBatch");
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
                defaultPrecision, precisions, defaultOptimizations, parameters.source());
    }
}
