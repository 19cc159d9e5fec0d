package io.costbench.gpu;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import io.costbench.engine.graph.Operator;
import io.costbench.engine.graph.OperatorKind;
import io.costbench.engine.graph.StepGraph;
import io.costbench.engine.graph.StepShape;
import io.costbench.engine.model.Precision;
import io.costbench.engine.port.CostCategory;
import io.costbench.engine.port.OperatorTiming;

/**
 * Prices the operators of one step on one GPU: a roofline per operator whose efficiencies depend on the shape (GEMM
 * tile and wave quantisation by M and N, attention efficiency by context or query length, grouped MoE GEMMs over the
 * touched experts only as {@link ExpertKernelPath} runs them, fp8 rate and bytes), plus kernel launches (inside or
 * outside CUDA graphs), NCCL/custom all-reduce (latency + bytes over NVLink with the ring factor) and the engine's
 * per-step host work.
 */
final class GpuStepPricer {

    private static final double US = 1e-3; // microseconds to milliseconds
    private static final CostCategory[] CATEGORIES = CostCategory.values();

    private final GpuHardware hw;
    private final int tp;
    private final Precision precision;
    // Profile parameters, read once (pricing sits in the simulator's inner loop).
    private final double cudaGraphMaxBatch;
    private final double cpuStepUs;
    private final double cpuPerSequenceUs;
    private final double hostOverlap;
    private final double eagerLaunchUs;
    private final double eagerLayerHostUs;
    /** Host time a MoE block adds to an eager step's dispatch (0 where the profile's MoE path has none). */
    private final double moeEagerHostUs;
    private final double graphGapUs;
    private final double fp8QuantKernels;
    private final double attentionKernels;
    private final double gemmKernels;
    private final double moeGemmKernels;
    private final double moeAuxKernels;
    private final double samplingKernels;
    private final double gemmComputeEff;
    private final double fp8Factor;
    private final double tileM;
    private final double tileN;
    private final double waveTileM;
    private final double gemmBwEff;
    private final double fp8GemmBwEff;
    private final double smallBytesHalf;
    private final double attnDecodeEff;
    private final double attnDecodeHalfCtx;
    private final double attnPrefillEff;
    private final double attnPrefillHalf;
    private final double attnDecodeComputeEff;
    private final ExpertKernelPath experts;
    private final double elementwiseEff;
    private final double elementwiseComputeEff;
    private final double arBaseUs;
    private final double arPerPeerUs;
    private final double arBusEff;
    private final double arOneShotMaxTokens;
    private final CudaGraphCapture cudaGraphs;

    /**
     * @param switches the deployment's optimization switches: async scheduling (asyncSchedulingHostOverlap applies),
     *                 expert parallelism (experts whole on each rank), CUDA-graph padding (every decode batch size
     *                 replays a graph), graphs captured up to the engine's max batch (no decode-only step is eager)
     */
    GpuStepPricer(GpuHardware hw, GpuProfile profile, int tp, Precision precision, Set<String> switches) {
        this.hw = hw;
        this.tp = tp;
        this.precision = precision;
        boolean asyncScheduling = switches.contains(GpuAcceleratorModel.ASYNC_SCHEDULING);
        CudaGraphCapture capture = profile.cudaGraphs();
        boolean toMaxBatch = switches.contains(GpuAcceleratorModel.CUDA_GRAPHS_TO_MAX_BATCH);
        cudaGraphs = toMaxBatch || switches.contains(GpuAcceleratorModel.CUDA_GRAPH_PADDING) ? capture.padded() : capture;
        cudaGraphMaxBatch = toMaxBatch ? profile.value("maxNumSeqs") : profile.cudaGraphMaxBatch(tp);
        cpuStepUs = profile.value("cpuStepOverheadUs");
        cpuPerSequenceUs = profile.value("cpuPerSequenceUs");
        hostOverlap = profile.value(asyncScheduling ? "asyncSchedulingHostOverlap" : "hostOverlap");
        eagerLaunchUs = profile.value("eagerLaunchUs");
        eagerLayerHostUs = profile.value("eagerLayerHostUs");
        // Where a profile names it (TensorRT-LLM, whose CUTLASS MoE op looks its GEMM tactics up in Python on every
        // eager call); MXFP4 experts run through another path (the Triton backend) with Python work of its own.
        moeEagerHostUs = profile.valueOr(precision == Precision.MXFP4 ? "moeMxfp4EagerHostUs" : "moeEagerHostUs", 0);
        graphGapUs = profile.value("graphKernelGapUs");
        fp8QuantKernels = profile.value("fp8ActivationQuantKernels");
        attentionKernels = profile.value("attentionKernels");
        gemmKernels = profile.value("gemmKernels");
        moeGemmKernels = profile.value("moeGemmKernels");
        // MXFP4 experts may run through a kernel path of their own (TensorRT-LLM's Triton backend) with other routing
        // kernels around the GEMMs.
        moeAuxKernels = precision == Precision.MXFP4
                ? profile.valueOr("moeMxfp4AuxKernels", profile.value("moeAuxKernels"))
                : profile.value("moeAuxKernels");
        samplingKernels = profile.value("samplingKernels");
        gemmComputeEff = profile.value("gemmComputeEfficiency");
        fp8Factor = profile.value("fp8ComputeEfficiencyFactor");
        tileM = profile.value("gemmTileM");
        tileN = profile.value("gemmTileN");
        waveTileM = profile.value("gemmWaveTileM");
        gemmBwEff = profile.value("gemmBandwidthEfficiency");
        // FP8 dense GEMMs stream their weights at the rate of the FP8 kernel the engine runs, where the profile
        // names one with a source (SGLang: DeepGEMM); otherwise at the BF16 GEMMs' rate.
        fp8GemmBwEff = profile.valueOr("fp8GemmBandwidthEfficiency", gemmBwEff);
        smallBytesHalf = profile.value("smallKernelBytesHalf");
        attnDecodeEff = profile.value("attentionDecodeBandwidthEfficiency");
        attnDecodeHalfCtx = profile.value("attentionDecodeHalfContextTokens");
        attnPrefillEff = profile.value("attentionPrefillComputeEfficiency");
        attnPrefillHalf = profile.value("attentionPrefillHalfTokens");
        attnDecodeComputeEff = profile.value("attentionDecodeComputeEfficiency");
        experts = new ExpertKernelPath(hw, profile, tp, precision,
                switches.contains(GpuAcceleratorModel.EXPERT_PARALLEL) ? tp : 1);
        elementwiseEff = profile.value("elementwiseBandwidthEfficiency");
        elementwiseComputeEff = profile.value("elementwiseComputeEfficiency");
        arBaseUs = profile.value("allReduceBaseLatencyUs");
        arPerPeerUs = profile.value("allReducePerPeerLatencyUs");
        arBusEff = profile.value("allReduceBusEfficiency");
        // Where the profile names the engine's one-shot rule (TensorRT-LLM's AUTO strategy), small all-reduces push
        // every rank's whole input to each peer; otherwise every all-reduce moves ring traffic.
        arOneShotMaxTokens = profile.valueOr("allReduceOneShotMaxTokens", 0);
    }

    /** Accumulates a step's time by category, and optionally the per-operator timings and counters. */
    static final class Tally {
        final double[] ms = new double[CATEGORIES.length];
        final List<OperatorTiming> operators;
        double kernels;
        double hbmBytes;
        double flops;
        double allReduceMs;
        boolean decodeGraph;

        Tally(boolean explain) {
            operators = explain ? new ArrayList<>() : null;
        }

        double totalMs() {
            double sum = 0;
            for (double v : ms) {
                sum += v;
            }
            return sum;
        }

        Map<CostCategory, Double> byCategory() {
            Map<CostCategory, Double> map = new EnumMap<>(CostCategory.class);
            for (CostCategory c : CATEGORIES) {
                if (ms[c.ordinal()] > 0) {
                    map.put(c, ms[c.ordinal()]);
                }
            }
            return map;
        }

        Map<String, Object> counters() {
            Map<String, Object> c = new LinkedHashMap<>();
            double total = totalMs();
            c.put("kernelLaunches", Math.round(kernels));
            c.put("cudaGraphDecode", decodeGraph);
            c.put("hbmBytes", hbmBytes);
            c.put("flops", flops);
            c.put("achievedHbmBandwidthBytesPerSecond", total > 0 ? hbmBytes / (total / 1e3) : 0.0);
            c.put("achievedFlopsPerSecond", total > 0 ? flops / (total / 1e3) : 0.0);
            c.put("allReduceMs", allReduceMs);
            c.put("hostMs", ms[CostCategory.HOST.ordinal()]);
            return c;
        }
    }

    /** Prices every operator of the graph (the GPU work of one step) into the tally. */
    void price(StepGraph graph, Tally tally) {
        StepShape shape = graph.shape();
        int tokens = shape.totalTokens();
        boolean decodeOnly = shape.isDecodeOnly();
        boolean withinCapture = cudaGraphs.replays(tokens, shape.decodeSequences(), decodeOnly, cudaGraphMaxBatch);
        tally.decodeGraph |= withinCapture && decodeOnly;
        double gpuBeforeMs = tally.totalMs();
        double kernelsBefore = tally.kernels;
        for (Operator op : graph.operators()) {
            priceOperator(op, tokens, withinCapture, decodeOnly, tally);
        }
        if (!withinCapture) {
            // Outside a graph every kernel of the step was launched eagerly.
            addEagerDispatch(graph, tally.kernels - kernelsBefore, tally.totalMs() - gpuBeforeMs, tally);
        }
    }

    /**
     * An eager step is launched from Python layer by layer: when the host's dispatch (the per-layer module and
     * custom-op overhead, a MoE block's own on top, plus each kernel's launch) takes longer than the GPU work it
     * queues, the GPU waits for it.
     */
    private void addEagerDispatch(StepGraph graph, double kernels, double gpuMs, Tally tally) {
        int layers = 0;
        int moeLayers = 0;
        for (Operator op : graph.operators()) {
            // The graph builder opens every decoder layer with its input norm.
            if (op.kind() == OperatorKind.NORM && op.name().endsWith(".input_norm")) {
                layers += op.repeat();
            } else if (op.kind() == OperatorKind.MOE_EXPERTS) {
                moeLayers += op.repeat();
            }
        }
        double moeHostUs = moeLayers * moeEagerHostUs;
        double hostMs = (layers * eagerLayerHostUs + moeHostUs + kernels * eagerLaunchUs) * US;
        double waitMs = hostMs - gpuMs;
        if (waitMs <= 0) {
            return;
        }
        tally.ms[CostCategory.OVERHEAD.ordinal()] += waitMs;
        if (tally.operators != null) {
            String moeShare = moeHostUs > 0
                    ? String.format(Locale.ROOT, " (%.3f ms of it the MoE blocks' own)", moeHostUs * US) : "";
            tally.operators.add(new OperatorTiming("engine.eager_dispatch", "HOST", 1, waitMs,
                    Map.of(CostCategory.OVERHEAD, waitMs), 0, 0, 0, String.format(Locale.ROOT,
                            "eager step: the host dispatches %d layers%s and %.0f kernels in %.3f ms, the GPU work "
                                    + "takes %.3f ms", layers, moeShare, kernels, hostMs, gpuMs)));
        }
    }

    /**
     * Adds the engine's per-step host work (scheduling, input preparation, output processing). A stack that schedules
     * step n+1 while the GPU runs step n hides up to {@code hostOverlap} of the GPU time; only the rest is exposed.
     */
    void addHost(StepShape shape, Tally tally) {
        int sequences = shape.decodeSequences() + shape.prefills().size();
        double hostMs = (cpuStepUs + cpuPerSequenceUs * sequences) * US;
        double exposedMs = Math.max(0, hostMs - hostOverlap * tally.totalMs());
        tally.ms[CostCategory.HOST.ordinal()] += exposedMs;
        if (tally.operators != null) {
            tally.operators.add(new OperatorTiming("engine.step_host", "HOST", 1, exposedMs,
                    exposedMs > 0 ? Map.of(CostCategory.HOST, exposedMs) : Map.of(), 0, 0, 0, String.format(
                            Locale.ROOT, "scheduler, input preparation and output processing for %d sequences: "
                                    + "%.3f ms, %.3f ms hidden behind GPU work", sequences, hostMs,
                            hostMs - exposedMs)));
        }
    }

    /**
     * Bytes each rank sends over NVLink per byte of the collective's payload: an all-gather sends its share to each
     * peer, (n - 1) / n; a ring or two-shot all-reduce reduce-scatters and all-gathers, 2 (n - 1) / n; a one-shot
     * all-reduce writes its whole input into every peer's buffer, n - 1.
     */
    private double collectiveTraffic(Operator op) {
        if (isGather(op)) {
            return (tp - 1.0) / tp;
        }
        return isOneShot(op) ? tp - 1.0 : 2.0 * (tp - 1.0) / tp;
    }

    private static boolean isGather(Operator op) {
        return op.name().contains("all_gather");
    }

    /** An all-reduce small enough for the engine's one-shot kernel (none where the profile names no rule). */
    private boolean isOneShot(Operator op) {
        return op.rows() <= arOneShotMaxTokens;
    }

    private void priceOperator(Operator op, int tokens, boolean withinCapture, boolean decodeOnly, Tally tally) {
        if (op.rows() == 0 && op.kind() != OperatorKind.ALL_REDUCE) {
            return;
        }
        double computeMs;
        double memoryMs;
        double commMs = 0;
        double kernels;
        double bytes = op.hbmBytes();
        switch (op.kind()) {
            case GEMM, LM_HEAD, MOE_ROUTER -> {
                boolean lowPrecision = op.kind() == OperatorKind.GEMM && precision == Precision.FP8;
                double peak = hw.denseFlopsPerSecond(lowPrecision ? Precision.FP8 : Precision.BF16);
                double eff = gemmComputeEff * (lowPrecision ? fp8Factor : 1.0) * gemmShapeUtilisation(op);
                computeMs = op.flops() / (peak * eff) * 1e3;
                memoryMs = bytesMs(bytes, lowPrecision ? fp8GemmBwEff : gemmBwEff);
                // q and kv projections run as one fused qkv_proj GEMM: half a launch each.
                double share = op.name().endsWith("q_proj") || op.name().endsWith("kv_proj") ? 0.5 : 1.0;
                kernels = share * (gemmKernels + (lowPrecision ? fp8QuantKernels : 0));
            }
            case ATTENTION -> {
                double sequences = Math.max(1, op.sequences());
                double peak = hw.denseFlopsPerSecond(Precision.BF16);
                if (op.prefill()) {
                    double queryTokens = op.rows() / sequences;
                    double eff = attnPrefillEff * queryTokens / (queryTokens + attnPrefillHalf);
                    computeMs = op.flops() / (peak * eff) * 1e3;
                    memoryMs = bytesMs(bytes, attnDecodeEff);
                } else {
                    double context = op.contextTokens() / sequences;
                    double eff = attnDecodeEff * context / (context + attnDecodeHalfCtx);
                    computeMs = op.flops() / (peak * attnDecodeComputeEff) * 1e3;
                    memoryMs = bytesMs(bytes, Math.max(eff, 1e-3));
                }
                kernels = attentionKernels;
            }
            case MOE_EXPERTS -> {
                ExpertKernelPath.MoeWork moe = experts.work(op, tokens);
                bytes = moe.hbmBytes();
                computeMs = op.flops() * moe.rowsScale() / (hw.denseFlopsPerSecond(precision)
                        * moe.computeEfficiency() * moe.tileUtilisation()) * 1e3;
                memoryMs = bytesMs(moe.weightBytes() + op.activationBytes(), experts.bandwidthEfficiency());
                // Routing, alignment, activation and combine: small kernels priced by the bytes they move.
                double auxMs = moeAuxKernels * bytesMs(moe.auxBytes() / moeAuxKernels, elementwiseEff);
                memoryMs += auxMs;
                // An FP8 path quantizes each grouped GEMM's input first, as the dense FP8 GEMMs do.
                kernels = moeGemmKernels * (1 + (precision == Precision.FP8 ? fp8QuantKernels : 0)) + moeAuxKernels
                        + experts.expertParallelRoutingKernels();
            }
            case ALL_REDUCE -> {
                computeMs = 0;
                memoryMs = 0;
                if (tp > 1) {
                    commMs = (arBaseUs + arPerPeerUs * (tp - 1)) * US
                            + op.collectiveBytes() * collectiveTraffic(op) / (hw.nvlinkBytesPerSecond() * arBusEff)
                            * 1e3;
                }
                kernels = 1;
            }
            case SAMPLING -> {
                computeMs = 0;
                memoryMs = bytesMs(bytes, elementwiseEff);
                kernels = samplingKernels;
            }
            default -> {
                // Norms, activations, gates, embedding gathers, Gated DeltaNet conv and recurrence: bandwidth-bound.
                computeMs = op.flops() / (hw.denseFlopsPerSecond(Precision.BF16) * elementwiseComputeEff) * 1e3;
                memoryMs = bytesMs(bytes, elementwiseEff);
                kernels = 1;
            }
        }
        double rooflineMs = Math.max(computeMs, memoryMs);
        boolean computeBound = computeMs > memoryMs;
        double gpuMs = rooflineMs + commMs;
        // A grouped GEMM that takes longer than its bytes and gap at decode-sized batches (few CTAs looping over K;
        // Marlin's persistent CTAs and Stream-K reduction): a fixed latency per call, an overhead like the gaps. The
        // kernel benchmarks measured it on memory-bound calls; a compute-bound one fills the SMs in waves and its
        // time is its FLOPs at the profile's compute efficiency, read off the same benchmarks' large batches. The
        // tensor cores work through the latency, so a call takes the longer of its FLOPs and its bytes plus the
        // latency: no step in time where the FLOPs overtake the bytes.
        double callLatencyMs = op.kind() == OperatorKind.MOE_EXPERTS ? moeGemmKernels * experts.gemmLatencyUs() * US
                : 0;
        double latencyMs = Math.max(0, Math.min(callLatencyMs, memoryMs + callLatencyMs - rooflineMs));
        // Inside a CUDA graph kernels follow each other with a small gap; outside one the host launches each.
        boolean graphed = withinCapture && op.kind() != OperatorKind.SAMPLING
                && (op.kind() != OperatorKind.ATTENTION || decodeOnly);
        double withGaps = gpuMs + latencyMs + kernels * graphGapUs * US;
        double opMs = graphed ? withGaps : Math.max(withGaps, kernels * eagerLaunchUs * US);
        double overheadMs = opMs - gpuMs;

        int repeat = op.repeat();
        CostCategory roofCategory = computeBound ? CostCategory.COMPUTE : CostCategory.MEMORY;
        tally.ms[roofCategory.ordinal()] += rooflineMs * repeat;
        tally.ms[CostCategory.COMMUNICATION.ordinal()] += commMs * repeat;
        tally.ms[CostCategory.OVERHEAD.ordinal()] += overheadMs * repeat;
        tally.kernels += kernels * repeat;
        tally.hbmBytes += bytes * repeat;
        tally.flops += op.flops() * repeat;
        if (op.kind() == OperatorKind.ALL_REDUCE) {
            tally.allReduceMs += commMs * repeat;
        }
        if (tally.operators != null) {
            Map<CostCategory, Double> split = new EnumMap<>(CostCategory.class);
            if (rooflineMs > 0) {
                split.put(roofCategory, rooflineMs * repeat);
            }
            if (commMs > 0) {
                split.put(CostCategory.COMMUNICATION, commMs * repeat);
            }
            if (overheadMs > 0) {
                split.put(CostCategory.OVERHEAD, overheadMs * repeat);
            }
            tally.operators.add(new OperatorTiming(op.name(), op.kind().name(), repeat, opMs * repeat, split,
                    op.flops() * repeat, bytes * repeat, 0,
                    note(op, tokens, computeBound) + (graphed ? ", CUDA graph" : ", eager launch")));
        }
    }

    /** The mechanism that dominated an operator, in words (explanations only: pricing stays allocation-light). */
    private String note(Operator op, int tokens, boolean computeBound) {
        double sequences = Math.max(1, op.sequences());
        return switch (op.kind()) {
            case GEMM, LM_HEAD, MOE_ROUTER -> (computeBound ? "compute-bound GEMM" : "weight streaming")
                    + " (M=" + op.rows() + ", N=" + op.outFeatures() + ", K=" + op.inFeatures() + ")";
            case ATTENTION -> op.prefill()
                    ? "prefill attention, " + Math.round(op.rows() / sequences) + " query tokens per sequence"
                    : "decode attention, mean context " + Math.round(op.contextTokens() / sequences) + " tokens";
            case MOE_EXPERTS -> experts.note(op, tokens, computeBound);
            case ALL_REDUCE -> isGather(op) ? "all-gather over " + tp + " GPUs"
                    : (isOneShot(op) ? "one-shot" : "ring") + " all-reduce over " + tp + " GPUs";
            case SAMPLING -> "sampling (eager)";
            default -> "bandwidth-bound element-wise";
        };
    }

    /** The expert kernel path MoE layers run through (package-private for the mechanism tests). */
    ExpertKernelPath experts() {
        return experts;
    }

    /** Fraction of the tensor cores a GEMM of this shape keeps busy: M and N padding to tiles, and SM waves. */
    double gemmShapeUtilisation(Operator op) {
        double m = op.rows();
        double n = Math.max(1, op.outFeatures());
        double mUtil = m / (Math.ceil(m / tileM) * tileM);
        double nUtil = n / (Math.ceil(n / tileN) * tileN);
        double tiles = Math.ceil(m / waveTileM) * Math.ceil(n / tileN);
        int sms = hw.streamingMultiprocessors();
        // Small grids are split along K to fill the SMs; large ones run in whole waves.
        double waveUtil = tiles >= sms ? tiles / (Math.ceil(tiles / sms) * sms) : 1.0;
        return mUtil * nUtil * waveUtil;
    }

    private double bytesMs(double bytes, double efficiency) {
        if (bytes <= 0) {
            return 0;
        }
        return (bytes + smallBytesHalf) / (hw.hbmBytesPerSecond() * efficiency) * 1e3;
    }
}
