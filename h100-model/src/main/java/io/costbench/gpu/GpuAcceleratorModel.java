package io.costbench.gpu;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import io.costbench.engine.graph.GraphOptions;
import io.costbench.engine.model.AttentionMixer;
import io.costbench.engine.model.DenseMlp;
import io.costbench.engine.model.LayerSpec;
import io.costbench.engine.model.ModelSpec;
import io.costbench.engine.model.MoeMlp;
import io.costbench.engine.model.Precision;
import io.costbench.engine.port.AcceleratorModel;
import io.costbench.engine.port.BatchWaiting;
import io.costbench.engine.port.CalibratedFamily;
import io.costbench.engine.port.CatalogEntry;
import io.costbench.engine.port.Deployment;
import io.costbench.engine.port.DeploymentRequest;
import io.costbench.engine.port.DoesNotFitException;
import io.costbench.engine.port.PrefillPolicy;
import io.costbench.engine.port.ProfileEntry;
import io.costbench.engine.port.SchedulingRules;

/**
 * NVIDIA GPUs (H100 SXM, H200 SXM) served by vLLM, TensorRT-LLM or SGLang. Hardware specs and serving profiles
 * are data files under {@code catalog/gpu/}; a deployment checks that the weights fit, sizes the KV cache from what is
 * left, and prices steps with {@link GpuStepPricer}.
 */
public final class GpuAcceleratorModel implements AcceleratorModel, CalibratedFamily {

    static final String EAGLE3 = "eagle3";
    static final String FP8_KV_CACHE = "fp8-kv-cache";
    static final String ASYNC_SCHEDULING = "async-scheduling";
    static final String BATCH_WAITING = "batch-waiting";
    static final String EXPERT_PARALLEL = "expert-parallel";
    static final String CUDA_GRAPH_PADDING = "cuda-graph-padding";
    static final String CUDA_GRAPHS_TO_MAX_BATCH = "cuda-graphs-to-max-batch";
    static final String CHUNKED_PREFILL = "chunked-prefill";
    static final String MIXED_CHUNK = "mixed-chunk";

    private static final List<String> HARDWARE = List.of("h100-sxm", "h200-sxm");
    private static final List<String> PROFILES = List.of("vllm", "trtllm", "sglang");
    private static final List<CatalogEntry> OPTIMIZATIONS = List.of(
            new CatalogEntry(EAGLE3, "EAGLE-3 speculative decoding",
                    "a one-layer draft proposes k tokens, the target verifies k + 1 per sequence in one pass",
                    "specs.md §4 (EAGLE-3 paper arXiv 2503.01840; Qwen3 community measurements)"),
            new CatalogEntry(FP8_KV_CACHE, "FP8 KV cache",
                    "KV cache stored in fp8: half the cache bytes read per decode step, twice the tokens held",
                    "vLLM --kv-cache-dtype fp8 / TensorRT-LLM KV cache quantisation"),
            new CatalogEntry(ASYNC_SCHEDULING, "Asynchronous scheduling",
                    "the engine schedules step n+1 and processes step n's output while step n runs on the GPU, "
                            + "hiding host work up to the profile's asyncSchedulingHostOverlap; a request that "
                            + "arrives while a step runs joins the step after the next",
                    "vLLM --async-scheduling (vllm/v1/core/sched/async_scheduler.py, v1/engine/core.py "
                            + "step_with_batch_queue); TensorRT-LLM overlap scheduler (_executor_loop_overlap)"),
            new CatalogEntry(BATCH_WAITING, "Batch waiting (TensorRT-LLM)",
                    "while requests decode, new prompts wait up to batchWaitTimeoutIters steps, or until they fill "
                            + "batchWaitMaxTokensRatio of the step's token budget, to be prefilled together",
                    "TensorRT-LLM batch_wait_timeout_iters / batch_wait_max_tokens_ratio "
                            + "(tensorrt_llm/_torch/pyexecutor/py_executor.py _waiting_requests)"),
            new CatalogEntry(EXPERT_PARALLEL, "Expert parallelism",
                    "MoE experts spread whole over the tensor-parallel ranks (experts / TP each, full width) instead "
                            + "of each expert split over them; attention stays tensor-parallel, the MoE output is "
                            + "all-reduced as before, and each step waits for the rank with the most routed work",
                    "vLLM --enable-expert-parallel with one data-parallel rank (vllm/model_executor/layers/fused_moe/"
                            + "layer.py: ep_size = tp_size x dp_size, experts mapped by expert_map); TensorRT-LLM "
                            + "moe_expert_parallel_size"),
            new CatalogEntry(CUDA_GRAPH_PADDING, "CUDA-graph padding",
                    "decode batches are padded up to the next captured CUDA-graph batch size, so every decode-only "
                            + "step up to the capture limit replays a graph instead of only the captured sizes",
                    "TensorRT-LLM cuda_graph_config.enable_padding (tensorrt_llm/llmapi/llm_args.py CudaGraphConfig; "
                            + "off by default); vLLM always pads"),
            new CatalogEntry(CUDA_GRAPHS_TO_MAX_BATCH, "CUDA graphs up to the max batch",
                    "decode graphs captured for every batch up to the engine's max batch (padded), so no decode-only "
                            + "step runs eagerly however many sequences it holds",
                    "trtllm-bench's launch: cuda_graph_config padding_enabled with max_batch_size its own max batch "
                            + "(NVIDIA/TensorRT-LLM tensorrt_llm/bench/benchmark/utils/general.py @ "
                            + "0171265edef1c67ef334e0db2427148161aa2815, get_settings); SGLang --cuda-graph-max-bs, "
                            + "vLLM max_cudagraph_capture_size set to the max batch"),
            new CatalogEntry(CHUNKED_PREFILL, "Chunked prefill (TensorRT-LLM)",
                    "prompts are split to fill the step's token budget instead of waiting until one fits whole",
                    "TensorRT-LLM enable_chunked_prefill (tensorrt_llm/llmapi/llm_args.py; off by default); vLLM "
                            + "always chunks"),
            new CatalogEntry(MIXED_CHUNK, "Mixed chunks (SGLang)",
                    "prompt chunks run in the same step as the running decodes, the decodes counted against the "
                            + "step's token budget, instead of in prefill steps of their own while decodes wait",
                    "SGLang --enable-mixed-chunk (python/sglang/srt/managers/scheduler.py get_new_batch_prefill: "
                            + "mixed_with_decode_tokens, mix_with_running; off by default)"));

    private final Map<String, GpuHardware> hardware;
    private final Map<String, GpuProfile> profiles;

    private GpuAcceleratorModel(Map<String, GpuHardware> hardware, Map<String, GpuProfile> profiles) {
        this.hardware = hardware;
        this.profiles = profiles;
    }

    /** Loads the hardware specs and serving profiles shipped on the classpath. */
    public static GpuAcceleratorModel fromCatalog() {
        Map<String, GpuHardware> hw = new LinkedHashMap<>();
        for (String id : HARDWARE) {
            hw.put(id, GpuHardware.load("catalog/gpu/hardware/" + id + ".json"));
        }
        Map<String, GpuProfile> pr = new LinkedHashMap<>();
        for (String id : PROFILES) {
            pr.put(id, GpuProfile.load("catalog/gpu/profiles/" + id + ".json"));
        }
        return new GpuAcceleratorModel(hw, pr);
    }

    /**
     * The same catalog with some of a profile's parameters set to other values inside their plausible ranges: what a
     * calibration sweep varies. Values outside a parameter's range are rejected.
     */
    @Override
    public GpuAcceleratorModel withProfileValues(String profileId, Map<String, Double> values) {
        GpuProfile profile = profiles.get(profileId);
        if (profile == null) {
            throw new IllegalArgumentException("unknown GPU serving profile '" + profileId + "'");
        }
        Map<String, GpuProfile> changed = new LinkedHashMap<>(profiles);
        changed.put(profileId, profile.withValues(values));
        return new GpuAcceleratorModel(hardware, changed);
    }

    @Override
    public Map<String, List<String>> calibrationSources(String profileId) {
        GpuProfile profile = profiles.get(profileId);
        if (profile == null) {
            throw new IllegalArgumentException("unknown GPU serving profile '" + profileId + "'");
        }
        return profile.calibrationSources();
    }

    @Override
    public List<CatalogEntry> hardware() {
        return hardware.values().stream().map(GpuHardware::catalogEntry).toList();
    }

    /** One GPU's memory as NVML reports it (the catalog's {@code hbmBytes}), which launchers size their limits from. */
    public double hardwareBytes(String hardwareId) {
        GpuHardware hw = hardware.get(hardwareId);
        if (hw == null) {
            throw new IllegalArgumentException("unknown GPU hardware '" + hardwareId + "'");
        }
        return hw.hbmBytes();
    }

    @Override
    public List<ProfileEntry> profiles() {
        return profiles.values().stream().map(GpuProfile::entry).toList();
    }

    @Override
    public List<CatalogEntry> optimizations() {
        return OPTIMIZATIONS;
    }

    @Override
    public Deployment deploy(ModelSpec model, DeploymentRequest request) {
        GpuHardware hw = hardware.get(request.hardwareId());
        if (hw == null) {
            throw new IllegalArgumentException("unknown GPU hardware '" + request.hardwareId() + "'; known: "
                    + hardware.keySet());
        }
        String profileId = request.profileId() == null ? PROFILES.get(0) : request.profileId();
        GpuProfile profile = profiles.get(profileId);
        if (profile == null) {
            throw new IllegalArgumentException("unknown GPU serving profile '" + profileId + "'; known: "
                    + profiles.keySet());
        }
        int tp = request.tensorParallel() == null ? profile.defaultTensorParallel() : request.tensorParallel();
        checkTensorParallel(model, hw, tp);
        Precision precision = request.precision() == null ? Precision.parse(profile.defaultPrecision())
                : request.precision();
        model.requireServableAt(precision);
        Set<String> switches = new HashSet<>(profile.defaultOptimizations());
        if (request.optimizations() != null) {
            for (String id : request.optimizations()) {
                if (OPTIMIZATIONS.stream().noneMatch(o -> o.id().equals(id))) {
                    throw new IllegalArgumentException("unknown GPU optimization '" + id + "'; known: "
                            + OPTIMIZATIONS.stream().map(CatalogEntry::id).toList());
                }
                switches.add(id);
            }
        }
        GraphOptions options = GraphOptions.standard();
        if (switches.contains(FP8_KV_CACHE)) {
            options = options.withKvBytesPerElement(Precision.FP8.bytesPerElement());
        }
        if (switches.contains(EXPERT_PARALLEL)) {
            checkExpertParallel(model, tp);
            options = options.withExpertParallel(true);
        }
        int maxModelLen = request.maxModelLenTokens() > 0 ? request.maxModelLenTokens()
                : model.maxPositionEmbeddings();
        if (maxModelLen > model.maxPositionEmbeddings()) {
            throw new IllegalArgumentException("max model length " + maxModelLen + " exceeds the "
                    + model.maxPositionEmbeddings() + " positions of " + model.id());
        }
        long kvTokens = kvCapacityTokens(model, hw, profile, tp, precision, options, maxModelLen);
        SchedulingRules rules = new SchedulingRules((int) profile.value("maxNumSeqs"),
                request.maxBatchedTokens() != null ? request.maxBatchedTokens()
                        : (int) profile.value("maxNumBatchedTokens"),
                kvTokens, (int) profile.value("kvBlockTokens"), prefillPolicy(profile, switches), List.of(),
                switches.contains(EAGLE3) ? profile.eagle3() : null);
        if (switches.contains(BATCH_WAITING)) {
            if (!profile.hasParameter("batchWaitTimeoutIters")) {
                throw new IllegalArgumentException("'" + BATCH_WAITING + "' is a TensorRT-LLM switch; the "
                        + profile.id() + " profile has no batch waiting");
            }
            rules = rules.withBatchWaiting(new BatchWaiting((int) profile.value("batchWaitTimeoutIters"),
                    profile.value("batchWaitMaxTokensRatio")));
        }
        if (profile.schedulesAheadByDefault() || switches.contains(ASYNC_SCHEDULING)) {
            rules = rules.schedulingAhead();
        }
        if (profile.reservesToCompletion()) {
            rules = rules.reservingToCompletion();
        }
        return new GpuDeployment(model, hw, profile, tp, precision, switches, options, rules);
    }

    /**
     * The profile's own prompt scheduling, or chunks mixed into the decode steps where TensorRT-LLM's chunked-prefill
     * or SGLang's mixed-chunk switch asks for them.
     */
    private static PrefillPolicy prefillPolicy(GpuProfile profile, Set<String> switches) {
        PrefillPolicy own = profile.prefillPolicy();
        boolean chunks = switches.contains(CHUNKED_PREFILL);
        boolean mixes = switches.contains(MIXED_CHUNK);
        if (chunks && own != PrefillPolicy.WHOLE_PROMPTS) {
            throw new IllegalArgumentException("'" + CHUNKED_PREFILL + "' is a TensorRT-LLM switch; the "
                    + profile.id() + " profile chunks prompts always");
        }
        if (mixes && own != PrefillPolicy.PREFILL_FIRST) {
            throw new IllegalArgumentException("'" + MIXED_CHUNK + "' is an SGLang switch; the " + profile.id()
                    + " profile " + (own == PrefillPolicy.CHUNKED_MIXED ? "mixes prompt chunks into decode steps always"
                            : "has no prefill steps of their own"));
        }
        return chunks || mixes ? PrefillPolicy.CHUNKED_MIXED : own;
    }

    /** Expert parallelism needs experts to spread: an MoE model whose expert count the ranks divide. */
    private static void checkExpertParallel(ModelSpec model, int tp) {
        for (LayerSpec layer : model.layers()) {
            if (layer.feedForward() instanceof MoeMlp moe) {
                if (moe.numExperts() % tp != 0) {
                    throw new IllegalArgumentException("expert parallelism over " + tp + " ranks does not divide the "
                            + moe.numExperts() + " experts of " + model.id());
                }
                return;
            }
        }
        throw new IllegalArgumentException("'" + EXPERT_PARALLEL + "' needs a mixture-of-experts model; "
                + model.id() + " has no MoE layers");
    }

    private static void checkTensorParallel(ModelSpec model, GpuHardware hw, int tp) {
        if (tp < 1 || tp > hw.maxGpusPerNode()) {
            throw new IllegalArgumentException("tensor parallel must be between 1 and " + hw.maxGpusPerNode()
                    + " (one NVLink node), was " + tp);
        }
        for (LayerSpec layer : model.layers()) {
            if (layer.mixer() instanceof AttentionMixer a && a.numHeads() % tp != 0) {
                throw new IllegalArgumentException("tensor parallel " + tp + " does not divide the "
                        + a.numHeads() + " attention heads of " + model.id());
            }
        }
    }

    /**
     * Tokens the KV cache holds across all sequences, with the memory budget counted as the profile's engine counts
     * it, divided by the cache bytes a token costs (sliding layers only hold their window, Gated DeltaNet state counts
     * once per sequence of the maximum length).
     */
    static long kvCapacityTokens(ModelSpec model, GpuHardware hw, GpuProfile profile, int tp, Precision precision,
            GraphOptions options, int maxModelLen) {
        double weightsPerGpu = model.weightBytes(precision) / tp;
        double reservePerGpu = activationReserveBytes(model, profile, tp);
        double leftPerGpu = profile.kvBudgetBytesPerGpu(hw.hbmBytes(), tp, weightsPerGpu + reservePerGpu);
        // Linear-attention state is held per sequence whatever its length; spread it over the longest sequence.
        double kvPerSequence = (model.kvBytesForContext(maxModelLen, options.honourSlidingWindow(),
                options.kvBytesPerElement()) + model.recurrentStateBytesPerSequence()
                + model.convStateBytesPerSequence(2.0)) / tp;
        double minimumCache = Math.min(kvPerSequence, kvPerSequence / maxModelLen * profile.value("kvBlockTokens"));
        if (leftPerGpu < minimumCache) {
            double usablePerGpu = leftPerGpu + weightsPerGpu + reservePerGpu;
            throw new DoesNotFitException(String.format(Locale.ROOT,
                    "%s in %s needs %.1f GB per GPU for weights and activations at TP %d, but %s leaves %.1f GB "
                            + "for them and the KV cache (%s of %.1f GB)",
                    model.id(), precision.name().toLowerCase(Locale.ROOT), (weightsPerGpu + reservePerGpu) / 1e9, tp,
                    hw.id(), usablePerGpu / 1e9, profile.memoryRule(hw.hbmBytes(), tp), hw.hbmBytes() / 1e9),
                    (weightsPerGpu + reservePerGpu + minimumCache) * tp, usablePerGpu * tp);
        }
        double bytesPerToken = kvPerSequence / maxModelLen;
        if (bytesPerToken <= 0) {
            return Long.MAX_VALUE; // no softmax attention layers: the cache never binds
        }
        double globalBytesPerToken = model.kvBytesPerTokenGlobalLayers(options.kvBytesPerElement()) / tp;
        int windows = model.attentionWindowSizes();
        if (windows > 1 && globalBytesPerToken > 0 && options.honourSlidingWindow()) {
            // the full-attention layers' pool, which holds every token of every sequence, binds (a sliding layer's
            // pool holds only its window a sequence); what its token costs of the memory is the engine's rule
            double slidingBytesPerToken = model.kvBytesPerTokenSlidingLayers(options.kvBytesPerElement()) / tp;
            bytesPerToken = profile.fullPoolBytesPerToken(globalBytesPerToken, slidingBytesPerToken, windows)
                    .orElse(bytesPerToken);
        }
        return Math.max(1, (long) (leftPerGpu / bytesPerToken));
    }

    /**
     * Memory the stack keeps outside weights and KV cache: a fixed part (CUDA context, communication buffers, graph
     * pools) and the peak activations of a step of max_num_batched_tokens (hidden states and the widest MLP slice).
     */
    static double activationReserveBytes(ModelSpec model, GpuProfile profile, int tp) {
        long widest = 0;
        for (LayerSpec layer : model.layers()) {
            if (layer.feedForward() instanceof DenseMlp d) {
                widest = Math.max(widest, d.intermediateSize());
            } else if (layer.feedForward() instanceof MoeMlp m) {
                widest = Math.max(widest, (long) m.expertIntermediateSize() * m.expertsPerToken());
            }
        }
        double perToken = (profile.value("activationHiddenBuffers") * model.hiddenSize()
                + profile.value("activationMlpBuffers") * widest / tp) * 2.0;
        return profile.value("fixedReserveBytesPerGpu") + profile.value("maxNumBatchedTokens") * perToken;
    }
}
