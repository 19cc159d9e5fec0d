package io.costbench.gpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import io.costbench.engine.graph.PrefillChunk;
import io.costbench.engine.graph.StepShape;
import io.costbench.engine.model.ModelCatalog;
import io.costbench.engine.model.ModelSpec;
import io.costbench.engine.model.Precision;
import io.costbench.engine.port.BatchWaiting;
import io.costbench.engine.port.CostCategory;
import io.costbench.engine.port.Deployment;
import io.costbench.engine.port.DeploymentRequest;
import io.costbench.engine.port.DoesNotFitException;
import io.costbench.engine.port.OperatorTiming;
import io.costbench.engine.port.Parameter;
import io.costbench.engine.port.PrefillPolicy;
import io.costbench.engine.port.SchedulingRules;
import io.costbench.engine.port.StepExplanation;

/** The GPU model's mechanisms, each checked in the direction physics says it must go. */
class GpuMechanismsTest {

    private static final GpuAcceleratorModel GPU = GpuAcceleratorModel.fromCatalog();

    private static Deployment deploy(String model, String hardware, String profile, int tp, Precision precision) {
        return deploy(TestModels.byId(model), hardware, profile, tp, precision, null);
    }

    private static Deployment deploy(ModelSpec model, String hardware, String profile, int tp, Precision precision,
            Set<String> optimizations) {
        return GPU.deploy(model, new DeploymentRequest(hardware, profile, tp, precision, optimizations, 8192));
    }

    @ParameterizedTest(name = "{0} TP{1} on {2}, batch {3}")
    @CsvSource({"qwen3-8b, 1, h100-sxm, 1", "qwen3-8b, 1, h100-sxm, 32", "qwen3-32b, 2, h100-sxm, 8",
            "llama-3.1-70b, 4, h100-sxm, 16", "llama-3.1-70b, 2, h200-sxm, 4"})
    void fp8IsFasterThanBf16WhereDecodeIsMemoryBound(String model, int tp, String hw, int batch) {
        StepShape decode = StepShape.decode(batch, 1024);
        double bf16 = deploy(model, hw, "vllm", tp, Precision.BF16).price(decode).timeMs();
        double fp8 = deploy(model, hw, "vllm", tp, Precision.FP8).price(decode).timeMs();
        double bf16Memory = deploy(model, hw, "vllm", tp, Precision.BF16).price(decode).ms(CostCategory.MEMORY);
        double fp8Memory = deploy(model, hw, "vllm", tp, Precision.FP8).price(decode).ms(CostCategory.MEMORY);
        assertThat(fp8).isLessThan(bf16);
        // Weights dominate the bytes, so fp8 cuts the memory time by close to half.
        assertThat(fp8Memory / bf16Memory).isBetween(0.45, 0.75);
    }

    /**
     * An FP8 dense GEMM streams its weights at the rate of the FP8 kernel the engine runs: SGLang's DeepGEMM at
     * fp8GemmBandwidthEfficiency (0.68), its BF16 GEMMs at gemmBandwidthEfficiency (0.85); a profile without the
     * parameter (vLLM) streams FP8 at its BF16 rate.
     */
    @ParameterizedTest(name = "{0} FP8 GEMMs at {1} of the HBM peak, BF16 at {2}")
    @CsvSource({"sglang, 0.68, 0.85", "vllm, 0.88, 0.88"})
    void fp8GemmsStreamAtTheirKernelsRate(String profile, double fp8Efficiency, double bf16Efficiency) {
        StepShape decode = StepShape.decode(4, 1024);
        OperatorTiming fp8 = gemm(deploy("qwen3-8b", "h100-sxm", profile, 1, Precision.FP8).explain(decode));
        OperatorTiming bf16 = gemm(deploy("qwen3-8b", "h100-sxm", profile, 1, Precision.BF16).explain(decode));
        // Memory time per layer = (bytes + smallKernelBytesHalf, 2 MB) / (3.35 TB/s x efficiency), summed over layers.
        double peakBytesPerMs = 3.35e9;
        assertThat((fp8.hbmBytes() + fp8.repeat() * 2e6) / fp8.msByCategory().get(CostCategory.MEMORY))
                .isCloseTo(fp8Efficiency * peakBytesPerMs, withinPercentage(0.01));
        assertThat((bf16.hbmBytes() + bf16.repeat() * 2e6) / bf16.msByCategory().get(CostCategory.MEMORY))
                .isCloseTo(bf16Efficiency * peakBytesPerMs, withinPercentage(0.01));
    }

    @ParameterizedTest(name = "{0}: fp8 prefill of {1} tokens uses the doubled tensor rate")
    @CsvSource({"qwen3-8b, 8192", "qwen3-32b, 4096"})
    void fp8PrefillIsFasterWhenComputeBound(String model, int tokens) {
        StepShape prefill = StepShape.prefill(tokens);
        StepExplanation bf16 = deploy(model, "h100-sxm", "vllm", 1, Precision.BF16).explain(prefill);
        StepExplanation fp8 = deploy(model, "h100-sxm", "vllm", 1, Precision.FP8).explain(prefill);
        assertThat(bf16.cost().ms(CostCategory.COMPUTE)).isGreaterThan(bf16.cost().ms(CostCategory.MEMORY));
        assertThat(fp8.cost().ms(CostCategory.COMPUTE)).isLessThan(0.75 * bf16.cost().ms(CostCategory.COMPUTE));
    }

    @ParameterizedTest(name = "{0}, batch {1}")
    @CsvSource({"llama-3.1-70b, 8", "llama-3.1-70b, 64", "qwen3-32b, 16"})
    void largerTensorParallelismCutsPerGpuTimeButAddsAllReduce(String model, int batch) {
        StepShape decode = StepShape.decode(batch, 2048);
        double previousTotal = Double.MAX_VALUE;
        double previousComm = 0;
        double previousMemory = Double.MAX_VALUE;
        for (int tp : List.of(2, 4, 8)) {
            var cost = deploy(model, "h100-sxm", "vllm", tp, Precision.FP8).price(decode);
            assertThat(cost.timeMs()).as("total at TP" + tp).isLessThan(previousTotal);
            assertThat(cost.ms(CostCategory.MEMORY)).as("memory at TP" + tp).isLessThan(previousMemory);
            assertThat(cost.ms(CostCategory.COMMUNICATION)).as("all-reduce at TP" + tp).isGreaterThan(previousComm);
            previousTotal = cost.timeMs();
            previousComm = cost.ms(CostCategory.COMMUNICATION);
            previousMemory = cost.ms(CostCategory.MEMORY);
        }
        assertThat(deploy("qwen3-8b", "h100-sxm", "vllm", 1, Precision.BF16).price(decode)
                .ms(CostCategory.COMMUNICATION)).isZero();
    }

    @Test
    void allReduceFollowsLatencyPlusRingBytes() {
        Deployment tp8 = deploy("llama-3.1-70b", "h100-sxm", "vllm", 8, Precision.FP8);
        double small = allReduceMs(tp8.explain(StepShape.decode(1, 512)));
        double large = allReduceMs(tp8.explain(StepShape.prefill(8192)));
        // 8192 tokens x 8192 hidden x 2 B = 134 MB per all-reduce x 2(n-1)/n over ~315 GB/s: ~0.75 ms each.
        assertThat(small / 160).isBetween(0.005, 0.03);
        assertThat(large / 160).isBetween(0.5, 1.2);
    }

    /**
     * TensorRT-LLM's AUTO all-reduce runs the one-shot kernel up to 128 tokens, which pushes each rank's whole input to
     * every peer: n - 1 = 7 payloads at TP 8 against the ring's 2 (n - 1) / n = 1.75 above it. Per all-reduce of
     * Llama-3.1-70B (hidden 8192, bf16) on the H100 (450 GB/s x allReduceBusEfficiency 0.7 = 315 GB/s), after the
     * latency (allReduceBaseLatencyUs + 7 x allReducePerPeerLatencyUs 1.5): 128 tokens = 2,097,152 B x 7 / 315 GB/s =
     * 46.60 us; 129 tokens = 2,113,536 B x 1.75 / 315 GB/s = 11.74 us. vLLM's profile names no one-shot rule: ring
     * traffic at both sizes.
     */
    @ParameterizedTest(name = "{0}: 128 tokens {2} us, 129 tokens {3} us of traffic per all-reduce")
    @CsvSource({"trtllm, 5, 46.60, 11.74", "vllm, 6, 11.65, 11.74"})
    void smallAllReducesMoveOneShotTrafficWhereTheEngineRunsIt(String profile, double baseLatencyUs, double at128Us,
            double at129Us) {
        Deployment tp8 = deploy("llama-3.1-70b", "h100-sxm", profile, 8, Precision.FP8);
        double latencyUs = baseLatencyUs + 7 * 1.5;
        for (var c : Map.of(128, at128Us, 129, at129Us).entrySet()) {
            OperatorTiming allReduce = tp8.explain(StepShape.decode(c.getKey(), 1024)).operators().stream()
                    .filter(o -> o.name().equals("attn.all_reduce")).findFirst().orElseThrow();
            double perCallUs = allReduce.msByCategory().get(CostCategory.COMMUNICATION) / allReduce.repeat() * 1e3;
            assertThat(perCallUs - latencyUs).as(c.getKey() + " tokens").isCloseTo(c.getValue(), within(0.05));
            assertThat(allReduce.note()).startsWith(profile.equals("trtllm") && c.getKey() == 128
                    ? "one-shot all-reduce" : "ring all-reduce");
        }
    }

    /**
     * vLLM's Marlin MoE (gpt-oss's MXFP4 experts on Hopper) sizes its row tile from the rows each expert gets
     * (fused_marlin_moe's moe_block_size), not from fused_moe's tokens-versus-experts rule: a decode step one sequence
     * past the expert count costs about what the step before it does. With that rule it jumped to the 64-row tile and
     * a compute-bound expert GEMM, 70% dearer at 129 sequences than at 128 on one H100.
     */
    @ParameterizedTest(name = "{0} TP{1}")
    @CsvSource({"h100-sxm, 1", "h100-sxm, 2", "h200-sxm, 1", "h200-sxm, 4"})
    void marlinsRowTileFollowsTheRowsEachExpertGets(String hw, int tp) {
        Deployment d = deploy(ModelCatalog.standard().get("gpt-oss-120b"), hw, "vllm", tp, Precision.MXFP4, null);
        double at128 = d.price(StepShape.decode(128, 1500)).timeMs();
        double at129 = d.price(StepShape.decode(129, 1500)).timeMs();
        double at256 = d.price(StepShape.decode(256, 1500)).timeMs();
        assertThat(at129 / at128).isBetween(1.0, 1.02);
        // Two rows an expert still stream the same experts' weights: doubling the batch costs far less than double.
        assertThat(at256 / at128).isBetween(1.0, 1.5);
    }

    /**
     * Marlin's block by hand (gpt-oss: 128 experts, 4 a token): the routed rows an expert gets over 0.9, up to a power
     * of two between 16 and 64. 129 tokens: 4.0 rows, 16; 512: 16 rows, 17.8 -> 32; 1024: 32 rows, 35.6 -> 64;
     * 4096: 128 rows, the largest block, 64. Explain names the tile.
     */
    @ParameterizedTest(name = "{0} tokens: {1}-row tiles")
    @CsvSource({"129, 16", "512, 32", "1024, 64", "4096, 64"})
    void marlinsBlockIsTheRowsAnExpertGetsOverNinetyPercent(int tokens, int tileRows) {
        Deployment d = deploy(ModelCatalog.standard().get("gpt-oss-120b"), "h100-sxm", "vllm", 1, Precision.MXFP4,
                null);
        OperatorTiming experts = d.explain(StepShape.prefill(tokens)).operators().stream()
                .filter(o -> o.name().endsWith("moe.experts")).findFirst().orElseThrow();
        assertThat(experts.note()).contains("rows per expert in " + tileRows + "-row tiles");
    }

    private static double allReduceMs(StepExplanation e) {
        return e.operators().stream().filter(o -> o.name().endsWith(".all_reduce"))
                .mapToDouble(o -> o.msByCategory().getOrDefault(CostCategory.COMMUNICATION, 0.0)).sum();
    }

    @ParameterizedTest(name = "batch {0}")
    @ValueSource(ints = {1, 4, 16, 64})
    void moeReadsOnlyTheExpertsTheBatchTouches(int batch) {
        ModelSpec moe = TestModels.qwen3_30b_a3b();
        Deployment d = deploy(moe, "h100-sxm", "vllm", 1, Precision.BF16, null);
        OperatorTiming small = moeOperator(d.explain(StepShape.decode(batch, 1024)));
        OperatorTiming larger = moeOperator(d.explain(StepShape.decode(batch * 2, 1024)));
        double allExpertBytes = 48 * 128 * 3.0 * 2048 * 768 * 2;
        assertThat(small.hbmBytes()).isLessThan(allExpertBytes);
        assertThat(larger.hbmBytes()).isGreaterThan(small.hbmBytes());
        assertThat(larger.timeMs()).isGreaterThan(small.timeMs());
    }

    @Test
    void mxfp4ExpertsStreamTheirPackedBytesAtTheirKernelsRate() {
        ModelSpec gptOss = ModelCatalog.standard().get("gpt-oss-120b");
        StepShape decode = StepShape.decode(8, 1024);
        OperatorTiming mxfp4 = moeOperator(deploy(gptOss, "h200-sxm", "sglang", 2, Precision.MXFP4, null)
                .explain(decode));
        OperatorTiming bf16 = moeOperator(deploy(gptOss, "h200-sxm", "sglang", 2, Precision.BF16, null)
                .explain(decode));
        // the same experts touched, 0.53125 against 2 bytes a weight (no padding named for this profile's kernel)
        assertThat(mxfp4.hbmBytes()).isLessThan(0.3 * bf16.hbmBytes());
        assertThat(mxfp4.timeMs()).isLessThan(bf16.timeMs());
        // the release fits one 80 GiB H100 (about 65 GB of weights); a bf16 copy needs four
        assertThat(deploy(gptOss, "h100-sxm", "vllm", 1, Precision.MXFP4, null).scheduling().kvCacheCapacityTokens())
                .isPositive();
        assertThatThrownBy(() -> deploy(gptOss, "h100-sxm", "vllm", 1, Precision.BF16, null))
                .isInstanceOf(DoesNotFitException.class);
        // vLLM's Marlin kernel pads each rank's slice: at TP 8, 360 -> 384 intermediate rows and 2880 -> 3072 hidden
        StepShape small = StepShape.decode(2, 1024);
        double marlin = moeOperator(deploy(gptOss, "h200-sxm", "vllm", 8, Precision.MXFP4, null).explain(small))
                .hbmBytes();
        double unpadded = moeOperator(deploy(gptOss, "h200-sxm", "sglang", 8, Precision.MXFP4, null)
                .explain(small)).hbmBytes();
        assertThat(marlin / unpadded).isCloseTo(384.0 / 360 * 3072 / 2880, within(0.01));
        // TensorRT-LLM's Triton path pads the same rows, but the hidden size to 128 as the gate/up GEMM's K (two
        // thirds of the weights) and to 256 as the down GEMM's N
        OperatorTiming triton = moeOperator(deploy(gptOss, "h200-sxm", "trtllm", 8, Precision.MXFP4, null)
                .explain(small));
        assertThat(triton.hbmBytes() / unpadded).isCloseTo(384.0 / 360 * (2 * 2944 + 3072) / (3 * 2880),
                within(0.01));
        // (explain says so, and says nothing of padding where the profile names no padding kernel)
        assertThat(triton.note()).contains("slices padded to the kernel's tiles (1.106 x the bytes)");
        assertThat(moeOperator(deploy(gptOss, "h200-sxm", "sglang", 8, Precision.MXFP4, null).explain(small)).note())
                .doesNotContain("padded");
        // and launches its own routing kernels: six around the two GEMMs in each of the 36 MoE layers, against the
        // CUTLASS path's four for a BF16 copy of the same model
        assertThat(kernels(deploy(gptOss, "h200-sxm", "trtllm", 8, Precision.MXFP4, null).explain(small))
                - kernels(deploy(gptOss, "h200-sxm", "trtllm", 8, Precision.BF16, null).explain(small)))
                .isEqualTo(36 * 2);
        // Marlin's SMs, not the HBM, set its stream: the H200's extra bandwidth buys nothing on the experts, while a
        // kernel without that cap (this SGLang profile's) streams 43% faster there
        double h100 = moeOperator(deploy(gptOss, "h100-sxm", "vllm", 2, Precision.MXFP4, null).explain(decode))
                .timeMs();
        double h200 = moeOperator(deploy(gptOss, "h200-sxm", "vllm", 2, Precision.MXFP4, null).explain(decode))
                .timeMs();
        // (within the routing kernels around it, which stream at the HBM's rate)
        assertThat(h200).isCloseTo(h100, withinPercentage(3));
        double sglangH100 = moeOperator(deploy(gptOss, "h100-sxm", "sglang", 2, Precision.MXFP4, null)
                .explain(decode)).timeMs();
        assertThat(mxfp4.timeMs()).isLessThan(0.8 * sglangH100);
        // no engine quantizes a bf16 checkpoint to MXFP4 as it loads
        assertThatThrownBy(() -> deploy("qwen3-32b", "h100-sxm", "vllm", 1, Precision.MXFP4))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no mxfp4 checkpoint");
    }

    /**
     * An MXFP4 expert path's grouped GEMM takes a fixed latency per call beyond its bytes and gap
     * (moeMxfp4GemmLatencyUs): Marlin 8.5 us (inclusionAI/humming#57's H200 timings), TensorRT-LLM's Triton
     * matmul_ogs 31 us (calibrated on InferenceX's gpt-oss rows; vLLM's own configuration read 53). By hand, a
     * MoE layer's overhead at a decode step is its kernels' gaps (2 GEMMs and the path's routing kernels: Marlin's 4
     * at 1.6 us, the Triton path's 6 at 1.2 us) plus two such calls, whatever the batch, while the call's bytes take
     * longer than its FLOPs (the Triton path's here at wgmma's rate: its mma.sync tiles are the next test's).
     */
    @ParameterizedTest
    @CsvSource({"vllm, 2, 6, 1.6, 8.5", "trtllm, 1, 8, 1.2, 31"})
    void mxfp4GemmCallsCarryTheirPathsLatencyWhateverTheBatch(String profile, int tp, int kernels, double gapUs,
            double callUs) {
        GpuAcceleratorModel wgmmaRate = profile.equals("trtllm") ? tritonAtWgmmaRate() : GPU;
        Deployment path = wgmmaRate.deploy(ModelCatalog.standard().get("gpt-oss-120b"),
                new DeploymentRequest("h200-sxm", profile, tp, Precision.MXFP4, null, 8192));
        for (int batch : new int[] {4, 64}) {
            assertThat(moeOverheadUs(path, batch)).as("batch " + batch)
                    .isCloseTo(kernels * gapUs + 2 * callUs, within(1e-6));
        }
    }

    /**
     * Triton runs a dot on Hopper's warpgroup MMA only in tiles of 64 rows or more (supportMMA), so matmul_ogs' 16- and
     * 32-row blocks take mma.sync at moeMxfp4SmallTileComputeFactor (0.55) of the rate: a decode step's calls do not
     * notice, their padded FLOPs now just over their bytes but under their bytes plus the call latency, which the
     * tensor cores work through (a call takes the longer of its FLOPs and its bytes plus its latency; charged only on
     * calls whose bytes outlast their FLOPs, the latency dropped out here and four sequences got faster at the slower
     * rate); ~450 decoding sequences (14 rows an expert, 32-row blocks) take 1 / 0.55 of the FLOP time; 2048 (64 rows,
     * 64-row blocks) run on wgmma at the path's own rate.
     */
    @Test
    void tritonsSmallBlocksRunOnMmaSyncWhereTheirFlopsBind() {
        ModelSpec gptOss = ModelCatalog.standard().get("gpt-oss-120b");
        DeploymentRequest request = new DeploymentRequest("h200-sxm", "trtllm", 1, Precision.MXFP4, null, 8192);
        Deployment mmaSync = GPU.deploy(gptOss, request);
        Deployment wgmmaOnly = tritonAtWgmmaRate().deploy(gptOss, request);
        StepShape decode = StepShape.decode(4, 1024);
        assertThat(moeOperator(mmaSync.explain(decode)).timeMs())
                .isCloseTo(moeOperator(wgmmaOnly.explain(decode)).timeMs(), within(1e-9));
        StepShape midBatch = StepShape.decode(448, 1024);
        OperatorTiming slow = moeOperator(mmaSync.explain(midBatch));
        assertThat(slow.note()).contains("in 32-row tiles", "(mma.sync tiles)");
        assertThat(slow.msByCategory().get(CostCategory.COMPUTE))
                .isCloseTo(moeOperator(wgmmaOnly.explain(midBatch)).msByCategory().get(CostCategory.COMPUTE) / 0.55,
                        withinPercentage(1e-6));
        StepShape fullTiles = StepShape.decode(2048, 1024);
        OperatorTiming wgmma = moeOperator(mmaSync.explain(fullTiles));
        assertThat(wgmma.note()).contains("in 64-row tiles").doesNotContain("mma.sync");
        assertThat(wgmma.timeMs()).isEqualTo(moeOperator(wgmmaOnly.explain(fullTiles)).timeMs());
    }

    /**
     * TensorRT-LLM's Triton path sizes its row blocks by matmul_ogs' rule, from the rows an expert gets (twice them, to
     * a power of two, 16 to 64), not by fused_moe's tokens against experts: with gpt-oss's experts whole on 4 ranks (32
     * each), 64 decoding sequences (2 rows an expert) keep 16-row blocks, and the layer costs what it costs with the
     * experts split over the ranks, but for the busiest rank's extra experts. With fused_moe's rule (64 tokens over 32
     * experts: 64-row blocks) it cost 1.5 times as much.
     */
    @Test
    void tritonsRowBlocksFollowTheRowsAnExpertGets() {
        ModelSpec gptOss = ModelCatalog.standard().get("gpt-oss-120b");
        StepShape decode = StepShape.decode(64, 1024);
        OperatorTiming expertParallel = moeOperator(deploy(gptOss, "h200-sxm", "trtllm", 4, Precision.MXFP4,
                Set.of("expert-parallel")).explain(decode));
        OperatorTiming split = moeOperator(deploy(gptOss, "h200-sxm", "trtllm", 4, Precision.MXFP4, null)
                .explain(decode));
        assertThat(expertParallel.note()).contains("of 32 experts", "in 16-row tiles");
        assertThat(expertParallel.timeMs()).isCloseTo(split.timeMs(), withinPercentage(5));
    }

    /**
     * Under expert parallelism TensorRT-LLM's Triton path first prunes the routing to the rank's own experts
     * (TritonEPRouter.prune_routing_ep: two bitmatrix kernels and a compaction): three more launches in each of
     * gpt-oss-120b's 36 MoE layers than with the experts split, each a kernel gap in a replayed decode step. vLLM's
     * Marlin path routes over the rank's experts in its own kernels and adds none.
     */
    @ParameterizedTest
    @CsvSource({"trtllm, 3, 1.2", "vllm, 0, 1.6"})
    void expertParallelRoutingAddsThePathsPruningKernels(String profile, int extraKernels, double gapUs) {
        ModelSpec gptOss = ModelCatalog.standard().get("gpt-oss-120b");
        StepShape decode = StepShape.decode(4, 1024);
        StepExplanation whole = deploy(gptOss, "h200-sxm", profile, 4, Precision.MXFP4,
                Set.of(GpuAcceleratorModel.EXPERT_PARALLEL)).explain(decode);
        StepExplanation split = deploy(gptOss, "h200-sxm", profile, 4, Precision.MXFP4, null).explain(decode);
        assertThat((long) whole.counters().get("kernelLaunches") - (long) split.counters().get("kernelLaunches"))
                .isEqualTo(36L * extraKernels);
        double overheadUs = moeOperator(whole).msByCategory().get(CostCategory.OVERHEAD) * 1e3 / 36
                - moeOperator(split).msByCategory().get(CostCategory.OVERHEAD) * 1e3 / 36;
        // (the busiest rank's routing kernels move a few more bytes than the split path's: nanoseconds)
        assertThat(overheadUs).isCloseTo(extraKernels * gapUs, within(0.01));
    }

    /**
     * A kernel path with no measured latency (this SGLang profile's MXFP4 path, and the vLLM profile's BF16 experts)
     * carries its kernels' gaps alone.
     */
    @Test
    void pathsWithoutAMeasuredCallLatencyCarryTheirGapsAlone() {
        ModelSpec gptOss = ModelCatalog.standard().get("gpt-oss-120b");
        assertThat(moeOverheadUs(deploy(gptOss, "h200-sxm", "sglang", 2, Precision.MXFP4, null), 4))
                .isCloseTo(6 * 1.5, within(1e-6));
        // the latency is the MXFP4 path's: the same vLLM profile's BF16 experts carry none
        assertThat(moeOverheadUs(deploy("qwen3-30b-a3b", "h200-sxm", "vllm", 1, Precision.BF16), 4))
                .isCloseTo(6 * 1.6, within(1e-6));
    }

    /**
     * A prompt chunk's compute-bound expert GEMMs fill the SMs in waves and carry no call latency (here TensorRT-LLM's
     * Triton path, whose decode calls carry 31 us each): the prompt's overhead is what it is with the latency at its
     * smallest plausible value.
     */
    @Test
    void computeBoundExpertCallsCarryNoLatency() {
        ModelSpec gptOss = ModelCatalog.standard().get("gpt-oss-120b");
        DeploymentRequest request = new DeploymentRequest("h200-sxm", "trtllm", 1, Precision.MXFP4, null, 8192);
        Deployment shipped = GPU.deploy(gptOss, request);
        Deployment shortLatency = GPU.withProfileValues("trtllm", Map.of("moeMxfp4GemmLatencyUs", 26.0))
                .deploy(gptOss, request);
        OperatorTiming prompt = moeOperator(shipped.explain(StepShape.prefill(8192)));
        assertThat(prompt.msByCategory()).containsKey(CostCategory.COMPUTE);
        assertThat(prompt.msByCategory().get(CostCategory.OVERHEAD)).isEqualTo(
                moeOperator(shortLatency.explain(StepShape.prefill(8192))).msByCategory().get(CostCategory.OVERHEAD));
        // while a decode step's calls carry it
        assertThat(moeOverheadUs(shipped, 4)).isGreaterThan(moeOverheadUs(shortLatency, 4));
    }

    /** The catalog with TensorRT-LLM's Triton path at wgmma's rate in every row block (no mma.sync loss). */
    private static GpuAcceleratorModel tritonAtWgmmaRate() {
        return GPU.withProfileValues("trtllm", Map.of("moeMxfp4SmallTileComputeFactor", 1.0));
    }

    /** A MoE layer's overhead at a decode of the batch (its kernels' gaps and calls' latencies), in microseconds. */
    private static double moeOverheadUs(Deployment deployment, int batch) {
        OperatorTiming moe = moeOperator(deployment.explain(StepShape.decode(batch, 1024)));
        return moe.msByCategory().get(CostCategory.OVERHEAD) / moe.repeat() * 1e3;
    }

    /**
     * SGLang's block-FP8 fused_moe as its own H200 kernel benchmark timed it (sgl-project/sglang#11730: Qwen3-235B-A22B
     * FP8 at TP 8, one MoE layer under CUDA graph replay, the router's top-k outside the timing): the profile prices
     * that layer, less its top-k kernel (a gap and a quarter of the routing bytes, ~1.6 us), within 7% of the published
     * time at every batch from 1 to 32 tokens.
     */
    @ParameterizedTest
    @CsvSource({"1, 31.70", "2, 36.56", "4, 49.67", "8, 66.87", "16, 92.36", "24, 117.38", "32, 124.99"})
    void sglangsFp8MoeLayerTakesWhatItsOwnKernelBenchmarkMeasured(int tokens, double measuredUs) {
        assertThat(benchmarkedMoeLayerUs(deploy("qwen3-235b-a22b", "h200-sxm", "sglang", 8, Precision.FP8), tokens))
                .isCloseTo(measuredUs, withinPercentage(7));
    }

    /**
     * vLLM's block-FP8 fused_moe as its own kernel benchmark timed it (vllm-project/vllm#24700: Qwen3-30B-A3B at TP 1
     * on an H100, one MoE layer under CUDA graph replay, the router's top-k outside the timing, the default config of
     * the time): the profile prices that layer, less its top-k kernel (~1.6 us), within 9% of the published time at
     * every batch from 1 to 4096 tokens: memory-bound with the call latency up to 128 tokens, compute-bound on the
     * tiles the experts' spread rows take beyond. Before the kernel's own rate and latency it read 29% short at one
     * token; before the spread, 22% long at 256 tokens and 19% short at 1024.
     */
    @ParameterizedTest
    @CsvSource({"1, 44.54", "2, 59.94", "4, 90.46", "8, 129.77", "16, 185.40", "24, 215.99", "32, 238.37",
        "48, 257.83", "64, 262.73", "96, 270.98", "128, 273.72", "256, 355.49", "512, 391.86", "1024, 536.33",
        "1536, 727.31", "2048, 911.64", "3072, 1279.17", "4096, 1647.57"})
    void vllmsFp8MoeLayerTakesWhatItsOwnKernelBenchmarkMeasured(int tokens, double measuredUs) {
        assertThat(benchmarkedMoeLayerUs(deploy("qwen3-30b-a3b", "h100-sxm", "vllm", 1, Precision.FP8), tokens))
                .isCloseTo(measuredUs, withinPercentage(9));
    }

    /**
     * One MoE layer's price at a decode of {@code tokens} as the engines' kernel benchmarks time it: less the
     * router's top-k kernel (a gap and a quarter of the routing bytes, ~1.6 us), which they leave out.
     */
    private static double benchmarkedMoeLayerUs(Deployment deployment, int tokens) {
        OperatorTiming moe = moeOperator(deployment.explain(StepShape.decode(tokens, 500)));
        return moe.timeMs() / moe.repeat() * 1e3 - 1.6;
    }

    /**
     * By hand, an FP8 MoE layer's overhead: its GEMMs' inputs quantized first (fp8ActivationQuantKernels, one a GEMM,
     * as for the dense FP8 GEMMs), so 8 kernels' gaps (2 GEMMs, 2 quantizations, 4 routing kernels), plus each
     * engine's measured latency a GEMM call (moeFp8GemmLatencyUs: SGLang 4.6 us, vLLM 7.8 us) whatever the batch; a
     * BF16 path quantizes nothing and names no latency.
     */
    @Test
    void anFp8MoeLayerQuantizesEachGemmsInputAndItsCallsCarryTheKernelsLatency() {
        Deployment sglang = deploy("qwen3-235b-a22b", "h200-sxm", "sglang", 4, Precision.FP8);
        for (int batch : new int[] {4, 64}) {
            assertThat(moeOverheadUs(sglang, batch)).as("batch " + batch).isCloseTo(8 * 1.5 + 2 * 4.6, within(1e-6));
        }
        assertThat(moeOverheadUs(deploy("qwen3-235b-a22b", "h200-sxm", "vllm", 4, Precision.FP8), 4))
                .isCloseTo(8 * 1.6 + 2 * 7.8, within(1e-6));
        assertThat(moeOverheadUs(deploy("qwen3-30b-a3b", "h200-sxm", "sglang", 1, Precision.BF16), 4))
                .isCloseTo(6 * 1.5, within(1e-6));
    }

    /**
     * The call latency belongs to memory-bound calls, where the kernel benchmarks measured it: a prefill chunk's
     * grouped GEMMs are compute-bound and cost their FLOPs at the path's compute efficiency, with or without it, and
     * their explanation does not name it.
     */
    @Test
    void aComputeBoundMoeCallCarriesNoCallLatency() {
        ModelSpec moe = TestModels.qwen3_30b_a3b();
        DeploymentRequest fp8 = new DeploymentRequest("h100-sxm", "vllm", 1, Precision.FP8, null, 16384);
        GpuAcceleratorModel lowLatency = GPU.withProfileValues("vllm", Map.of("moeFp8GemmLatencyUs", 3.0));
        OperatorTiming prefill = moeOperator(GPU.deploy(moe, fp8).explain(StepShape.prefill(8192)));
        assertThat(prefill.note()).contains("compute-bound").doesNotContain("GEMM call beyond its bytes");
        assertThat(prefill.timeMs()).isEqualTo(
                moeOperator(lowLatency.deploy(moe, fp8).explain(StepShape.prefill(8192))).timeMs());
        OperatorTiming decode = moeOperator(GPU.deploy(moe, fp8).explain(StepShape.decode(4, 1024)));
        assertThat(decode.note()).contains("7.8 us a GEMM call beyond its bytes");
        assertThat(decode.timeMs() - moeOperator(lowLatency.deploy(moe, fp8).explain(StepShape.decode(4, 1024)))
                .timeMs()).isCloseTo(decode.repeat() * 2 * (7.8 - 3.0) / 1e3, within(1e-9));
    }

    @Test
    void moeWithMoreExpertsPerTokenCostsMore() {
        StepShape decode = StepShape.decode(8, 1024);
        double top2 = deploy(TestModels.moe(128, 2), "h100-sxm", "vllm", 1, Precision.BF16, null).price(decode)
                .timeMs();
        double top8 = deploy(TestModels.moe(128, 8), "h100-sxm", "vllm", 1, Precision.BF16, null).price(decode)
                .timeMs();
        assertThat(top8).isGreaterThan(top2 * 1.5);
    }

    @Test
    void asyncSchedulingHidesHostWorkBehindTheGpuStep() {
        ModelSpec model = TestModels.qwen3_8b();
        DeploymentRequest plain = new DeploymentRequest("h100-sxm", "vllm", 1, Precision.BF16, null, 4096);
        DeploymentRequest async = new DeploymentRequest("h100-sxm", "vllm", 1, Precision.BF16,
                Set.of(GpuAcceleratorModel.ASYNC_SCHEDULING), 4096);
        StepShape decode = StepShape.decode(8, 1024);
        double exposed = GPU.deploy(model, plain).price(decode).ms(CostCategory.HOST);
        double hidden = GPU.deploy(model, async).price(decode).ms(CostCategory.HOST);
        assertThat(exposed).isGreaterThan(0.5);
        assertThat(hidden).isLessThan(exposed);
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"vllm, '', false", "vllm, async-scheduling, true", "trtllm, '', false",
        "trtllm, async-scheduling, true", "sglang, '', true"})
    void overlapSchedulersFillTheNextStepBeforeTheLastOneEnds(String profile, String switches, boolean ahead) {
        // vLLM 0.11-0.12 and TensorRT-LLM as AIConfigurator configures it step synchronously unless the switch turns
        // on async scheduling (the overlap scheduler); SGLang runs its overlap scheduler by default.
        Set<String> on = switches.isEmpty() ? null : Set.of(switches);
        Deployment d = GPU.deploy(TestModels.qwen3_8b(),
                new DeploymentRequest("h100-sxm", profile, 1, Precision.BF16, on, 4096));
        assertThat(d.scheduling().schedulesAhead()).isEqualTo(ahead);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"vllm, false", "trtllm, true", "sglang, false"})
    void onlyTensorRtLlmHoldsEveryRequestsWholeAnswerInTheCache(String profile, boolean reserves) {
        // TensorRT-LLM's default capacity scheduler (GUARANTEED_NO_EVICT) admits a request with room for its prompt
        // and its whole answer; vLLM and SGLang admit by the prompt and grow the cache as requests decode.
        Deployment d = GPU.deploy(TestModels.qwen3_8b(),
                new DeploymentRequest("h100-sxm", profile, 1, Precision.BF16, null, 4096));
        assertThat(d.scheduling().reservesToCompletion()).isEqualTo(reserves);
        // Explain says so, with the cache it reserves in.
        Map<String, Object> counters = d.explain(StepShape.decode(8, 1024)).counters();
        assertThat(counters.get("admissionReservesWholeAnswer")).isEqualTo(reserves);
        assertThat(counters.get("kvCacheCapacityTokens")).isEqualTo(d.scheduling().kvCacheCapacityTokens());
    }

    @Test
    void batchWaitingIsATensorRtLlmSwitchWithTheProfilesLimits() {
        ModelSpec model = TestModels.qwen3_8b();
        Deployment waiting = GPU.deploy(model, new DeploymentRequest("h100-sxm", "trtllm", 1, Precision.BF16,
                Set.of(GpuAcceleratorModel.BATCH_WAITING), 4096));
        assertThat(waiting.scheduling().batchWaiting()).isEqualTo(new BatchWaiting(20, 0.9));
        assertThat(GPU.deploy(model, new DeploymentRequest("h100-sxm", "trtllm", 1, Precision.BF16, null, 4096))
                .scheduling().batchWaiting().enabled()).isFalse();
        assertThatThrownBy(() -> GPU.deploy(model, new DeploymentRequest("h100-sxm", "vllm", 1, Precision.BF16,
                Set.of(GpuAcceleratorModel.BATCH_WAITING), 4096))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("TensorRT-LLM");
    }

    @Test
    void expertParallelismWaitsForTheBusiestRankAndSkipsTheSplitPathsExtraReads() {
        ModelSpec moe = TestModels.qwen3_30b_a3b();
        StepShape decode = StepShape.decode(4, 1024);
        DeploymentRequest split = new DeploymentRequest("h100-sxm", "vllm", 4, Precision.FP8, null, 4096);
        DeploymentRequest whole = new DeploymentRequest("h100-sxm", "vllm", 4, Precision.FP8,
                Set.of(GpuAcceleratorModel.EXPERT_PARALLEL), 4096);
        GpuAcceleratorModel noExtra = GPU.withProfileValues("vllm", Map.of("moeFp8ExtraExpertReads", 0.0));
        OperatorTiming splitOp = moeOperator(noExtra.deploy(moe, split).explain(decode));
        OperatorTiming wholeOp = moeOperator(noExtra.deploy(moe, whole).explain(decode));
        // 4 tokens x 8 routes over 128 experts: ~7.8 touched on the mean rank of 32, more on the busiest; whole experts
        // cost 4x a TP shard each, so the busiest rank streams more than the split path's quarter of every expert
        assertThat(wholeOp.hbmBytes()).isGreaterThan(splitOp.hbmBytes() * 1.2);
        assertThat(wholeOp.note()).contains("experts whole on 4 ranks");
        // the split FP8 path's extra reads do not apply to whole experts
        OperatorTiming wholeShipped = moeOperator(GPU.deploy(moe, whole).explain(decode));
        assertThat(wholeShipped.hbmBytes()).isEqualTo(wholeOp.hbmBytes());
        assertThat(moeOperator(GPU.deploy(moe, split).explain(decode)).hbmBytes()).isGreaterThan(splitOp.hbmBytes());
        // with thousands of routes the ranks even out: the busiest rank's rows are within a few percent of the mean
        OperatorTiming wholePrefill = moeOperator(noExtra.deploy(moe, whole).explain(StepShape.prefill(8192)));
        OperatorTiming splitPrefill = moeOperator(noExtra.deploy(moe, split).explain(StepShape.prefill(8192)));
        assertThat(wholePrefill.flops()).isCloseTo(splitPrefill.flops(), within(1e-6 * splitPrefill.flops()));
    }

    @Test
    void expertParallelismNeedsAnMoeModel() {
        assertThatThrownBy(() -> GPU.deploy(TestModels.qwen3_8b(), new DeploymentRequest("h100-sxm", "vllm", 2,
                Precision.BF16, Set.of(GpuAcceleratorModel.EXPERT_PARALLEL), 4096)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("mixture-of-experts");
    }

    @Test
    void skewedRoutingTouchesFewerExpertsThanUniform() {
        StepShape decode = StepShape.decode(16, 1024);
        GpuAcceleratorModel skewed = GpuAcceleratorModel.fromCatalog().withProfileValues("vllm",
                Map.of("moeRoutingSkew", 1.0));
        DeploymentRequest request = new DeploymentRequest("h100-sxm", "vllm", 1, Precision.BF16, null, 4096);
        OperatorTiming uniform = moeOperator(GpuAcceleratorModel.fromCatalog().deploy(TestModels.qwen3_30b_a3b(),
                request).explain(decode));
        OperatorTiming zipf = moeOperator(skewed.deploy(TestModels.qwen3_30b_a3b(), request).explain(decode));
        assertThat(zipf.hbmBytes()).isLessThan(uniform.hbmBytes());
        assertThat(zipf.timeMs()).isLessThan(uniform.timeMs());
    }

    /**
     * The FP8 path's extra reads come with experts sliced over the TP ranks; experts whole on one GPU read none, as
     * vLLM's own kernel benchmark of Qwen3-30B-A3B's FP8 MoE on one H100 shows (vllm-project/vllm#24700: 44.5 us a
     * layer at one token, where 70 further experts would take some 130 us more), and neither does BF16.
     */
    @Test
    void fp8MoeReadsTheExtraExpertsOnlyWithExpertsSplitOverRanksAndBf16DoesNot() {
        StepShape decode = StepShape.decode(4, 1024);
        ModelSpec moe = TestModels.qwen3_30b_a3b();
        for (int tp : new int[] {1, 2, 4}) {
            DeploymentRequest request = new DeploymentRequest("h100-sxm", "vllm", tp, Precision.FP8, null, 4096);
            OperatorTiming base = moeOperator(GpuAcceleratorModel.fromCatalog().withProfileValues("vllm",
                    Map.of("moeFp8ExtraExpertReads", 0.0)).deploy(moe, request).explain(decode));
            OperatorTiming extra = moeOperator(GpuAcceleratorModel.fromCatalog().withProfileValues("vllm",
                    Map.of("moeFp8ExtraExpertReads", 10.0)).deploy(moe, request).explain(decode));
            // ten more experts' FP8 weights (3 x 2048 x 768 bytes each, split over the ranks) per MoE layer
            double extraExpertBytes = tp == 1 ? 0 : 10 * 3.0 * 2048 * 768 / tp * extra.repeat();
            assertThat(extra.hbmBytes() - base.hbmBytes()).as("TP " + tp).isCloseTo(extraExpertBytes, within(1.0));
            if (tp > 1) {
                assertThat(extra.note()).contains("plus 10 experts' weights read by the FP8 path");
            } else {
                assertThat(extra.note()).doesNotContain("FP8 path");
            }
            assertThat(base.note()).doesNotContain("FP8 path");
        }
        DeploymentRequest bf16 = new DeploymentRequest("h100-sxm", "vllm", 1, Precision.BF16, null, 4096);
        assertThat(moeOperator(GpuAcceleratorModel.fromCatalog().withProfileValues("vllm",
                Map.of("moeFp8ExtraExpertReads", 10.0)).deploy(moe, bf16).explain(decode)).hbmBytes())
                .isEqualTo(moeOperator(GpuAcceleratorModel.fromCatalog().withProfileValues("vllm",
                        Map.of("moeFp8ExtraExpertReads", 0.0)).deploy(moe, bf16).explain(decode)).hbmBytes());
    }

    @Test
    void fp8MoePrefillRunsAtTheTritonFp8RateAndBf16AtItsOwn() {
        // 8192 prompt tokens: the grouped GEMMs are compute-bound, so their time follows the path's efficiency.
        StepShape prefill = StepShape.prefill(8192);
        ModelSpec moe = TestModels.qwen3_30b_a3b();
        DeploymentRequest fp8 = new DeploymentRequest("h100-sxm", "vllm", 1, Precision.FP8, null, 16384);
        DeploymentRequest bf16 = new DeploymentRequest("h100-sxm", "vllm", 1, Precision.BF16, null, 16384);
        OperatorTiming fp8Slow = moeOperator(GpuAcceleratorModel.fromCatalog().withProfileValues("vllm",
                Map.of("moeFp8ComputeEfficiency", 0.1)).deploy(moe, fp8).explain(prefill));
        OperatorTiming fp8Fast = moeOperator(GpuAcceleratorModel.fromCatalog().withProfileValues("vllm",
                Map.of("moeFp8ComputeEfficiency", 0.2)).deploy(moe, fp8).explain(prefill));
        assertThat(fp8Slow.msByCategory()).containsKey(CostCategory.COMPUTE);
        assertThat(fp8Slow.msByCategory().get(CostCategory.COMPUTE))
                .isCloseTo(2 * fp8Fast.msByCategory().get(CostCategory.COMPUTE), within(1e-9));
        OperatorTiming bf16Slow = moeOperator(GpuAcceleratorModel.fromCatalog().withProfileValues("vllm",
                Map.of("moeFp8ComputeEfficiency", 0.1)).deploy(moe, bf16).explain(prefill));
        OperatorTiming bf16Fast = moeOperator(GpuAcceleratorModel.fromCatalog().withProfileValues("vllm",
                Map.of("moeFp8ComputeEfficiency", 0.2)).deploy(moe, bf16).explain(prefill));
        assertThat(bf16Slow.timeMs()).isEqualTo(bf16Fast.timeMs());
        // as shipped, vLLM's Triton FP8 MoE (~10% of the FP8 peak) is slower than its BF16 path (~55% of half that peak)
        OperatorTiming fp8Shipped = moeOperator(GPU.deploy(moe, fp8).explain(prefill));
        OperatorTiming bf16Shipped = moeOperator(GPU.deploy(moe, bf16).explain(prefill));
        assertThat(fp8Shipped.timeMs()).isGreaterThan(bf16Shipped.timeMs());
        assertThat(fp8Slow.note()).contains("compute-bound at 10.0% of the FP8 dense peak");
        assertThat(bf16Shipped.note()).contains("compute-bound at 55.0% of the BF16 dense peak");
    }

    @Test
    void prefillGroupedGemmPaysForPaddingFewRowsPerExpert() {
        // 256 prompt tokens x 8 of 128 experts = 16 rows per expert, padded to BLOCK_SIZE_M 64: a quarter used.
        GpuStepPricer pricer = new GpuStepPricer(GpuHardware.load("catalog/gpu/hardware/h100-sxm.json"),
                GpuProfile.load("catalog/gpu/profiles/vllm.json"), 1, Precision.BF16, Set.of());
        assertThat(pricer.experts().work(qwen3MoeLayer(256), 256).tileUtilisation()).isLessThan(0.3);
        // 64 rows on average: the experts above the mean take a second tile, so about two thirds of the rows run
        // used, not all of them; with 512 rows an expert (8 tiles) the spread costs a few percent
        assertThat(pricer.experts().work(qwen3MoeLayer(1024), 1024).tileUtilisation()).isBetween(0.6, 0.75);
        assertThat(pricer.experts().work(qwen3MoeLayer(8192), 8192).tileUtilisation()).isGreaterThan(0.9);
    }

    /** Qwen3-30B-A3B's experts at TP 1 (128 of them, 8 a token, intermediate 768, hidden 2048) over a step's tokens. */
    private static io.costbench.engine.graph.Operator qwen3MoeLayer(int tokens) {
        return io.costbench.engine.graph.Operator.of("moe", io.costbench.engine.graph.OperatorKind.MOE_EXPERTS)
                .rows(tokens * 8L).gemm(3 * 768, 2048).experts(128, 128).weightBytes(128 * 3.0 * 768 * 2048 * 2)
                .build();
    }

    private static OperatorTiming moeOperator(StepExplanation e) {
        return e.operators().stream().filter(o -> o.kind().equals("MOE_EXPERTS")).findFirst().orElseThrow();
    }

    @ParameterizedTest(name = "{0} on {1}x {2}")
    @CsvSource({"BF16, 1, h100-sxm", "FP8, 1, h100-sxm", "BF16, 8, h100-sxm", "FP8, 1, h200-sxm"})
    void llama405bDoesNotFit(Precision precision, int tp, String hw) {
        assertThatThrownBy(() -> deploy("llama-3.1-405b", hw, "vllm", tp, precision))
                .isInstanceOf(DoesNotFitException.class).hasMessageContaining("llama-3.1-405b")
                .satisfies(e -> assertThat(((DoesNotFitException) e).requiredBytes())
                        .isGreaterThan(((DoesNotFitException) e).availableBytes()));
    }

    @Test
    void llama405bFitsInFp8OnEightH100s() {
        Deployment d = deploy("llama-3.1-405b", "h100-sxm", "vllm", 8, Precision.FP8);
        assertThat(d.chips()).isEqualTo(8);
        assertThat(d.scheduling().kvCacheCapacityTokens()).isGreaterThan(8192);
    }

    @ParameterizedTest(name = "{0} TP{1} batch {2}")
    @CsvSource({"qwen3-8b, 1, 1", "qwen3-32b, 2, 16", "llama-3.1-70b, 4, 32"})
    void h200IsFasterThanH100ForMemoryBoundDecode(String model, int tp, int batch) {
        StepShape decode = StepShape.decode(batch, 2048);
        var h100 = deploy(model, "h100-sxm", "vllm", tp, Precision.BF16).price(decode);
        var h200 = deploy(model, "h200-sxm", "vllm", tp, Precision.BF16).price(decode);
        assertThat(h200.timeMs()).isLessThan(h100.timeMs());
        // Memory time scales with bandwidth (3.35 vs 4.8 TB/s); fixed overheads do not.
        assertThat(h200.ms(CostCategory.MEMORY) / h100.ms(CostCategory.MEMORY)).isCloseTo(3.35 / 4.8, within(0.02));
        assertThat(h200.ms(CostCategory.HOST)).isEqualTo(h100.ms(CostCategory.HOST));
    }

    /**
     * TensorRT-LLM gives each attention window size of gpt-oss (128-token sliding layers, full layers) a pool with an
     * equal share of the KV memory, so its full-attention layers hold half the memory's worth of tokens: about half
     * what one pool sized by what each layer holds gives (the sliding layers' 128 tokens a sequence are small). A model
     * with one window size keeps one pool.
     */
    @Test
    void tensorRtLlmGivesEachAttentionWindowSizeAnEqualShareOfItsKvMemory() {
        ModelSpec gptOss = ModelCatalog.standard().get("gpt-oss-120b");
        double left = kvBudgetOnOneH200(gptOss, "trtllm", Precision.MXFP4);
        // 18 full layers x 8 KV heads x 64 x 2 (K and V) x 2 B = 36,864 B a token
        double fullLayersPerToken = gptOss.kvBytesPerTokenGlobalLayers(2.0);
        assertThat(fullLayersPerToken).isEqualTo(36_864.0);
        long tokens = deploy(gptOss, "h200-sxm", "trtllm", 1, Precision.MXFP4, null).scheduling()
                .kvCacheCapacityTokens();
        assertThat((double) tokens).isCloseTo(left / 2 / fullLayersPerToken, within(1.0));
        double onePool = left / (gptOss.kvBytesForContext(8192, true, 2.0) / 8192);
        assertThat(tokens / onePool).isCloseTo(0.5 * (1 + 128.0 / 8192), within(0.001));
        // Llama-3.1-8B attends over one window size: one pool, sized by its bytes a token
        ModelSpec llama = ModelCatalog.standard().get("llama-3.1-8b");
        double llamaLeft = kvBudgetOnOneH200(llama, "trtllm", Precision.BF16);
        assertThat((double) deploy(llama, "h200-sxm", "trtllm", 1, Precision.BF16, null).scheduling()
                .kvCacheCapacityTokens()).isCloseTo(llamaLeft / llama.kvBytesPerTokenGlobalLayers(2.0), within(1.0));
    }

    /**
     * SGLang keeps a sliding-window pool of 0.8 x the full pool's tokens beside it (--swa-full-tokens-ratio) and solves
     * the memory for both: gpt-oss's full layers hold left / (full + 0.8 x sliding bytes a token) tokens, 1 / 1.8 of
     * what its full layers alone would.
     */
    @Test
    void sglangSizesItsSlidingWindowPoolAtItsRatioOfTheFullPoolsTokens() {
        ModelSpec gptOss = ModelCatalog.standard().get("gpt-oss-120b");
        double left = kvBudgetOnOneH200(gptOss, "sglang", Precision.MXFP4);
        double full = gptOss.kvBytesPerTokenGlobalLayers(2.0);
        assertThat(gptOss.kvBytesPerTokenSlidingLayers(2.0)).isEqualTo(full);
        long tokens = deploy(gptOss, "h200-sxm", "sglang", 1, Precision.MXFP4, null).scheduling()
                .kvCacheCapacityTokens();
        assertThat((double) tokens).isCloseTo(left / (1.8 * full), within(1.0));
    }

    /** The KV memory one H200 leaves the profile's engine for the model at TP 1, by the profile's own rule. */
    private static double kvBudgetOnOneH200(ModelSpec model, String profileId, Precision precision) {
        GpuProfile profile = GpuProfile.load("catalog/gpu/profiles/" + profileId + ".json");
        GpuHardware h200 = GpuHardware.load("catalog/gpu/hardware/h200-sxm.json");
        return profile.kvBudgetBytesPerGpu(h200.hbmBytes(), 1, model.weightBytes(precision)
                + GpuAcceleratorModel.activationReserveBytes(model, profile, 1));
    }

    @Test
    void kvCapacityComesFromMemoryLeftAfterWeights() {
        long h100 = deploy("qwen3-8b", "h100-sxm", "vllm", 1, Precision.BF16).scheduling().kvCacheCapacityTokens();
        long h200 = deploy("qwen3-8b", "h200-sxm", "vllm", 1, Precision.BF16).scheduling().kvCacheCapacityTokens();
        long fp8Weights = deploy("qwen3-8b", "h100-sxm", "vllm", 1, Precision.FP8).scheduling()
                .kvCacheCapacityTokens();
        long fp8Cache = deploy(TestModels.qwen3_8b(), "h100-sxm", "vllm", 1, Precision.BF16,
                Set.of(GpuAcceleratorModel.FP8_KV_CACHE)).scheduling().kvCacheCapacityTokens();
        // 0.9 x 85.52 GB (the 81,559 MiB the device reports) - 16.4 GB weights - reserve, over 144 KiB per token.
        assertThat(h100).isBetween(370_000L, 420_000L);
        // vLLM's budget is 0.9 x total less what is not cache, so the cache grows by the whole extra 0.9 x 65 GB.
        assertThat((h200 - h100) * 147_456.0).isCloseTo(0.9 * (150_754_820_096.0 - 85_520_809_984.0), within(1e7));
        assertThat(fp8Weights).isGreaterThan(h100);
        assertThat((double) fp8Cache / h100).isCloseTo(2.0, within(0.01));
    }

    @Test
    void tensorRtLlmSizesTheCacheFromWhatIsFreeAfterWeights() {
        GpuHardware h100 = GpuHardware.load("catalog/gpu/hardware/h100-sxm.json");
        GpuProfile vllm = GpuProfile.load("catalog/gpu/profiles/vllm.json");
        GpuProfile trt = GpuProfile.load("catalog/gpu/profiles/trtllm.json");
        double nonKv = 20e9;
        // vLLM: 0.9 x total - non-KV; TensorRT-LLM: 0.9 x (total - non-KV), 0.1 x non-KV more.
        assertThat(vllm.kvBudgetBytesPerGpu(h100.hbmBytes(), 1, nonKv))
                .isCloseTo(0.9 * 85_520_809_984.0 - nonKv, within(1.0));
        assertThat(trt.kvBudgetBytesPerGpu(h100.hbmBytes(), 1, nonKv)
                - vllm.kvBudgetBytesPerGpu(h100.hbmBytes(), 1, nonKv)).isCloseTo(0.1 * nonKv, within(1.0));
    }

    @Test
    void sglangKeepsMemFractionStaticForWeightsAndCacheFromItsReserveHeuristic() {
        GpuHardware h100 = GpuHardware.load("catalog/gpu/hardware/h100-sxm.json");
        GpuHardware h200 = GpuHardware.load("catalog/gpu/hardware/h200-sxm.json");
        GpuProfile sglang = GpuProfile.load("catalog/gpu/profiles/sglang.json");
        // reserve 512 + 1.5 x 8192 + 2 x 256 (512 from TP 4) + 128 x TP MiB: TP 1 13,440 of 81,559 MiB, TP 8 14,848;
        // H200 143,771 MiB
        assertThat(sglang.memFractionStatic(h100.hbmBytes(), 1)).isEqualTo(0.835);
        assertThat(sglang.memFractionStatic(h100.hbmBytes(), 8)).isEqualTo(0.818);
        assertThat(sglang.memFractionStatic(h200.hbmBytes(), 1)).isEqualTo(0.907);
        double nonKv = 20e9;
        assertThat(sglang.kvBudgetBytesPerGpu(h100.hbmBytes(), 1, nonKv))
                .isCloseTo(0.835 * 85_520_809_984.0 - nonKv, within(1.0));
        assertThat(sglang.memoryRule(h100.hbmBytes(), 8)).isEqualTo("mem_fraction_static 0.818");
    }

    @Test
    void schedulingFollowsTheProfile() {
        Deployment vllm = deploy("qwen3-8b", "h100-sxm", "vllm", 1, Precision.BF16);
        Deployment trt = deploy("qwen3-8b", "h100-sxm", "trtllm", 1, Precision.BF16);
        assertThat(vllm.scheduling().prefillPolicy()).isEqualTo(PrefillPolicy.CHUNKED_MIXED);
        assertThat(vllm.scheduling().kvBlockTokens()).isEqualTo(16);
        assertThat(vllm.scheduling().maxBatchedTokens()).isEqualTo(8192);
        assertThat(vllm.scheduling().speculative()).isNull();
        assertThat(trt.scheduling().kvBlockTokens()).isEqualTo(32);
        Deployment sglang = deploy("qwen3-8b", "h100-sxm", "sglang", 1, Precision.BF16);
        assertThat(sglang.scheduling().prefillPolicy()).isEqualTo(PrefillPolicy.PREFILL_FIRST);
        assertThat(sglang.scheduling().kvBlockTokens()).isEqualTo(1);
        assertThat(sglang.scheduling().maxBatchedTokens()).isEqualTo(8192);
        assertThat(trt.scheduling().prefillPolicy()).isEqualTo(PrefillPolicy.WHOLE_PROMPTS);
        assertThat(trt.price(StepShape.decode(8, 1024)).ms(CostCategory.HOST))
                .isLessThan(vllm.price(StepShape.decode(8, 1024)).ms(CostCategory.HOST));
    }

    @Test
    void mixedChunksAreAnSglangSwitchThatPutsPromptChunksIntoDecodeSteps() {
        ModelSpec model = TestModels.qwen3_8b();
        DeploymentRequest sglang = new DeploymentRequest("h100-sxm", "sglang", 1, Precision.BF16,
                Set.of(GpuAcceleratorModel.MIXED_CHUNK), 4096);
        SchedulingRules mixed = GPU.deploy(model, sglang).scheduling();
        assertThat(mixed.prefillPolicy()).isEqualTo(PrefillPolicy.CHUNKED_MIXED);
        // the rest of SGLang's scheduling stays: its chunk budget, its overlap scheduler, admission by the prompt
        SchedulingRules own = deploy("qwen3-8b", "h100-sxm", "sglang", 1, Precision.BF16).scheduling();
        assertThat(mixed.maxBatchedTokens()).isEqualTo(own.maxBatchedTokens());
        assertThat(mixed.schedulesAhead()).isEqualTo(own.schedulesAhead()).isTrue();
        assertThat(mixed.reservesToCompletion()).isFalse();
        assertThatThrownBy(() -> GPU.deploy(model, new DeploymentRequest("h100-sxm", "vllm", 1, Precision.BF16,
                Set.of(GpuAcceleratorModel.MIXED_CHUNK), 4096))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("SGLang switch").hasMessageContaining("mixes prompt chunks into decode steps");
        assertThatThrownBy(() -> GPU.deploy(model, new DeploymentRequest("h100-sxm", "trtllm", 1, Precision.BF16,
                Set.of(GpuAcceleratorModel.MIXED_CHUNK), 4096))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no prefill steps of their own");
    }

    @Test
    void chunkedPrefillIsATensorRtLlmSwitchAndTheBudgetADeploymentsOwn() {
        ModelSpec model = TestModels.qwen3_8b();
        DeploymentRequest trt = new DeploymentRequest("h100-sxm", "trtllm", 1, Precision.BF16,
                Set.of(GpuAcceleratorModel.CHUNKED_PREFILL), 4096);
        assertThat(GPU.deploy(model, trt).scheduling().prefillPolicy()).isEqualTo(PrefillPolicy.CHUNKED_MIXED);
        assertThatThrownBy(() -> GPU.deploy(model, new DeploymentRequest("h100-sxm", "vllm", 1, Precision.BF16,
                Set.of(GpuAcceleratorModel.CHUNKED_PREFILL), 4096))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("chunks prompts always");
        assertThatThrownBy(() -> GPU.deploy(model, new DeploymentRequest("h100-sxm", "sglang", 1, Precision.BF16,
                Set.of(GpuAcceleratorModel.CHUNKED_PREFILL), 4096))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("sglang profile chunks prompts always");
        assertThat(GPU.deploy(model, trt.withMaxBatchedTokens(16384)).scheduling().maxBatchedTokens())
                .isEqualTo(16384);
        assertThat(GPU.deploy(model, trt).scheduling().maxBatchedTokens()).isEqualTo(8192);
    }

    @Test
    void cudaGraphsCoverDecodeBatchesUpToTheCaptureSize() {
        Deployment d = deploy("qwen3-8b", "h100-sxm", "vllm", 1, Precision.BF16);
        StepExplanation captured = d.explain(StepShape.decode(512, 256));
        StepExplanation eager = d.explain(StepShape.decode(513, 256));
        assertThat(captured.counters().get("cudaGraphDecode")).isEqualTo(true);
        assertThat(eager.counters().get("cudaGraphDecode")).isEqualTo(false);
        assertThat(eager.cost().ms(CostCategory.OVERHEAD)).isGreaterThan(captured.cost().ms(CostCategory.OVERHEAD));
    }

    /** SGLang captures decode batches up to 256 below TP 4 and up to 512 from TP 4 (server_args.py). */
    @ParameterizedTest(name = "SGLang TP {0}, decode batch {1}: captured {2}")
    @CsvSource({"2, 256, true", "2, 257, false", "4, 384, true", "4, 512, true", "4, 513, false", "8, 512, true"})
    void sglangCapturesLargerDecodeBatchesFromTp4(int tp, int batch, boolean captured) {
        Deployment d = deploy("llama-3.1-8b", "h200-sxm", "sglang", tp, Precision.FP8);
        assertThat(d.explain(StepShape.decode(batch, 1024)).counters().get("cudaGraphDecode")).isEqualTo(captured);
    }

    @ParameterizedTest(name = "TensorRT-LLM decode batch {0}: captured {1}")
    @CsvSource({"31, true", "32, true", "33, false", "63, false", "64, true", "100, false", "128, true"})
    void tensorRtLlmReplaysGraphsOnlyForTheCapturedDecodeBatchSizes(int batch, boolean captured) {
        Deployment d = deploy("llama-3.1-8b", "h100-sxm", "trtllm", 8, Precision.BF16);
        StepExplanation e = d.explain(StepShape.decode(batch, 1024));
        assertThat(e.counters().get("cudaGraphDecode")).isEqualTo(captured);
        assertThat(eagerDispatch(e).isPresent()).isEqualTo(!captured);
    }

    @Test
    void paddingReplaysEveryDecodeBatchUpToTheCaptureLimit() {
        Deployment padded = deploy(TestModels.llama31_8b(), "h100-sxm", "trtllm", 8, Precision.BF16,
                Set.of("cuda-graph-padding"));
        Deployment unpadded = deploy("llama-3.1-8b", "h100-sxm", "trtllm", 8, Precision.BF16);
        StepShape decode = StepShape.decode(100, 1024);
        assertThat(padded.explain(decode).counters().get("cudaGraphDecode")).isEqualTo(true);
        // The eager step waits for the host: 32 layers x 350 us, more than the GPU work at TP 8.
        assertThat(unpadded.price(decode).timeMs()).isGreaterThan(32 * 0.35)
                .isGreaterThan(2 * padded.price(decode).timeMs());
        assertThat(padded.explain(StepShape.decode(129, 1024)).counters().get("cudaGraphDecode")).isEqualTo(false);
    }

    /** trtllm-bench captures graphs up to its max batch, so no decode batch the engine can hold runs eagerly. */
    @Test
    void graphsUpToTheMaxBatchReplayEveryDecodeBatch() {
        Deployment toMax = deploy(TestModels.llama31_8b(), "h100-sxm", "trtllm", 1, Precision.FP8,
                Set.of("cuda-graphs-to-max-batch"));
        Deployment padded = deploy(TestModels.llama31_8b(), "h100-sxm", "trtllm", 1, Precision.FP8,
                Set.of("cuda-graph-padding"));
        StepShape decode = StepShape.decode(500, 1500);
        assertThat(toMax.explain(decode).counters().get("cudaGraphDecode")).isEqualTo(true);
        assertThat(padded.explain(decode).counters().get("cudaGraphDecode")).isEqualTo(false);
        assertThat(toMax.explain(StepShape.decode(toMax.scheduling().maxNumSeqs(), 128)).counters()
                .get("cudaGraphDecode")).isEqualTo(true);
        // the eager step launches each kernel from the host; replayed, only the graph's kernel gaps remain
        assertThat(toMax.price(decode).timeMs()).isLessThan(padded.price(decode).timeMs());
        // a step with prompt tokens still runs eagerly: TensorRT-LLM graphs decode-only batches
        StepShape mixed = new StepShape(100, 1, 100L * 1500, 1500, 100L * 1500,
                List.of(new PrefillChunk(1000, 0)));
        assertThat(toMax.explain(mixed).counters().get("cudaGraphDecode")).isEqualTo(false);
    }

    @Test
    void tensorRtLlmRunsMixedStepsEagerlyWhereVllmReplaysPiecewiseGraphs() {
        StepShape mixed = new StepShape(32, 1, 32 * 1024L, 1024, 32 * 1024L, List.of(new PrefillChunk(64, 0)));
        StepExplanation trtllm = deploy("llama-3.1-8b", "h100-sxm", "trtllm", 8, Precision.BF16).explain(mixed);
        StepExplanation vllm = deploy("llama-3.1-8b", "h100-sxm", "vllm", 8, Precision.BF16).explain(mixed);
        assertThat(trtllm.operators()).filteredOn(o -> o.name().endsWith("o_proj"))
                .allMatch(o -> o.note().endsWith("eager launch"));
        assertThat(vllm.operators()).filteredOn(o -> o.name().endsWith("o_proj"))
                .allMatch(o -> o.note().endsWith("CUDA graph"));
        assertThat(eagerDispatch(trtllm)).hasValueSatisfying(o -> assertThat(o.timeMs()).isPositive());
        assertThat(eagerDispatch(vllm)).isEmpty();
    }

    @Test
    void theHostFloorOfAnEagerStepBindsOnlyWhenTheGpuWorkIsShorter() {
        // 8192 prompt tokens of a 70B model on one GPU: seconds of GPU work, far beyond 80 layers of dispatch.
        StepExplanation large = deploy("llama-3.1-70b", "h200-sxm", "trtllm", 1, Precision.FP8)
                .explain(StepShape.prefill(8192));
        StepExplanation small = deploy("llama-3.1-8b", "h100-sxm", "trtllm", 8, Precision.BF16)
                .explain(StepShape.prefill(512));
        assertThat(eagerDispatch(large)).isEmpty();
        OperatorTiming wait = eagerDispatch(small).orElseThrow();
        double gpuMs = small.cost().timeMs() - wait.timeMs() - small.cost().ms(CostCategory.HOST);
        assertThat(gpuMs + wait.timeMs()).isCloseTo(32 * 0.35 + kernels(small) * 0.008, within(1e-6));
    }

    @Test
    void aMoeBlockAddsItsOwnHostWorkToAnEagerTensorRtLlmStep() {
        // A 128-token prompt beside 4 decodes of Qwen3-235B-A22B at TP 8 runs eagerly, and the host binds: 94 layers
        // at eagerLayerHostUs and, being MoE layers, moeEagerHostUs each on top.
        StepShape mixed = new StepShape(4, 1, 4 * 1024L, 1024, 4 * 1024L, List.of(new PrefillChunk(128, 0)));
        StepExplanation moe = deploy(ModelCatalog.standard().get("qwen3-235b-a22b"), "h100-sxm", "trtllm", 8,
                Precision.FP8, Set.of("expert-parallel")).explain(mixed);
        OperatorTiming wait = eagerDispatch(moe).orElseThrow();
        double gpuMs = moe.cost().timeMs() - wait.timeMs() - moe.cost().ms(CostCategory.HOST);
        assertThat(gpuMs + wait.timeMs()).isCloseTo(94 * (0.35 + 0.55) + kernels(moe) * 0.008, within(1e-6));
        assertThat(wait.note()).contains("(51.700 ms of it the MoE blocks' own)");
        // gpt-oss's MXFP4 experts run through TensorRT-LLM's Triton backend: its own Python work, moeMxfp4EagerHostUs.
        StepExplanation mxfp4 = deploy(ModelCatalog.standard().get("gpt-oss-120b"), "h200-sxm", "trtllm", 8,
                Precision.MXFP4, null).explain(mixed);
        OperatorTiming triton = eagerDispatch(mxfp4).orElseThrow();
        assertThat(triton.note()).contains("(9.000 ms of it the MoE blocks' own)");
        double tritonGpuMs = mxfp4.cost().timeMs() - triton.timeMs() - mxfp4.cost().ms(CostCategory.HOST);
        assertThat(tritonGpuMs + triton.timeMs()).isCloseTo(36 * (0.35 + 0.25) + kernels(mxfp4) * 0.008,
                within(1e-6));
        // vLLM captures its mixed steps in piecewise graphs: no eager dispatch, whatever the MoE path.
        assertThat(eagerDispatch(deploy(ModelCatalog.standard().get("gpt-oss-120b"), "h200-sxm", "vllm", 8,
                Precision.MXFP4, null).explain(mixed))).isEmpty();
    }

    private static double kernels(StepExplanation e) {
        return ((Number) e.counters().get("kernelLaunches")).doubleValue();
    }

    private static java.util.Optional<OperatorTiming> eagerDispatch(StepExplanation e) {
        return e.operators().stream().filter(o -> o.name().equals("engine.eager_dispatch")).findFirst();
    }

    @Test
    void aProfileWithoutItsCudaGraphRuleIsRejected() {
        assertThatThrownBy(() -> CudaGraphCapture.of("broken", Map.of("mixedSteps", true)))
                .hasMessageContaining("broken").hasMessageContaining("source");
        assertThat(CudaGraphCapture.of("p", Map.of("mixedSteps", false, "source", "s", "decodeBatchSizes",
                List.of(1, 2, 4))).replays(3, 3, true, 128)).isFalse();
    }

    @ParameterizedTest(name = "{0} tokens")
    @ValueSource(ints = {1, 8, 64})
    void smallBatchGemmsStreamWeightsAndLargeOnesAreComputeBound(int tokens) {
        Deployment d = deploy("qwen3-32b", "h100-sxm", "vllm", 1, Precision.BF16);
        OperatorTiming decodeGemm = gemm(d.explain(StepShape.decode(tokens, 512)));
        OperatorTiming prefillGemm = gemm(d.explain(StepShape.prefill(4096)));
        assertThat(decodeGemm.msByCategory()).containsKey(CostCategory.MEMORY);
        assertThat(decodeGemm.note()).contains("weight streaming");
        assertThat(prefillGemm.msByCategory()).containsKey(CostCategory.COMPUTE);
    }

    @Test
    void gemmUtilisationPadsSmallMToTheTile() {
        GpuStepPricer pricer = new GpuStepPricer(GpuHardware.load("catalog/gpu/hardware/h100-sxm.json"),
                GpuProfile.load("catalog/gpu/profiles/vllm.json"), 1, Precision.BF16, Set.of());
        double m8 = pricer.gemmShapeUtilisation(gemmOp(8, 4096));
        double m64 = pricer.gemmShapeUtilisation(gemmOp(64, 4096));
        double m100 = pricer.gemmShapeUtilisation(gemmOp(100, 4096));
        assertThat(m8).isCloseTo(8.0 / 64, within(1e-9));
        assertThat(m64).isCloseTo(1.0, within(1e-9));
        assertThat(m100).isCloseTo(100.0 / 128, within(1e-9));
    }

    private static io.costbench.engine.graph.Operator gemmOp(long m, long n) {
        return io.costbench.engine.graph.Operator.of("t", io.costbench.engine.graph.OperatorKind.GEMM).rows(m)
                .gemm(n, 4096).build();
    }

    private static OperatorTiming gemm(StepExplanation e) {
        return e.operators().stream().filter(o -> o.name().endsWith("mlp.gate_up_proj")).findFirst().orElseThrow();
    }

    @Test
    void longerContextsMakeDecodeAttentionMoreEfficientPerToken() {
        Deployment d = deploy("qwen3-8b", "h100-sxm", "vllm", 1, Precision.BF16);
        OperatorTiming shortCtx = attention(d.explain(StepShape.decode(32, 64)));
        OperatorTiming longCtx = attention(d.explain(StepShape.decode(32, 8192)));
        double shortBandwidth = shortCtx.hbmBytes() / shortCtx.timeMs();
        double longBandwidth = longCtx.hbmBytes() / longCtx.timeMs();
        assertThat(longBandwidth).isGreaterThan(1.5 * shortBandwidth);
    }

    private static OperatorTiming attention(StepExplanation e) {
        return e.operators().stream().filter(o -> o.name().endsWith("attention.decode")).findFirst().orElseThrow();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"vllm", "trtllm"})
    void explanationAddsUpToThePriceAndIsDeterministic(String profile) {
        StepShape mixed = new StepShape(16, 1, 16L * 1500, 1500, 16L * 1500, List.of(new PrefillChunk(512, 0)));
        Deployment a = deploy("qwen3-32b", "h100-sxm", profile, 2, Precision.FP8);
        Deployment b = deploy("qwen3-32b", "h100-sxm", profile, 2, Precision.FP8);
        StepExplanation e = a.explain(mixed);
        assertThat(e.cost().timeMs()).isEqualTo(a.price(mixed).timeMs()).isEqualTo(b.price(mixed).timeMs());
        assertThat(e.operators().stream().mapToDouble(OperatorTiming::timeMs).sum())
                .isCloseTo(e.cost().timeMs(), within(1e-9));
        assertThat(((Number) e.counters().get("kernelLaunches")).longValue()).isGreaterThan(500);
        assertThat((double) e.counters().get("achievedHbmBandwidthBytesPerSecond")).isLessThan(3.35e12);
        assertThat(a.parametersSha256()).isEqualTo(b.parametersSha256());
        assertThat(a.parametersSha256()).isNotEqualTo(
                deploy("qwen3-32b", "h100-sxm", profile, 4, Precision.FP8).parametersSha256());
    }

    @Test
    void eagle3VerifiesSeveralTokensForLessThanSeveralSteps() {
        Deployment d = deploy(TestModels.qwen3_8b(), "h100-sxm", "vllm", 1, Precision.BF16,
                Set.of(GpuAcceleratorModel.EAGLE3));
        var spec = d.scheduling().speculative();
        assertThat(spec).isNotNull();
        assertThat(spec.expectedTokensPerStep()).isBetween(1.8, 2.6);
        int k = spec.draftTokens();
        StepShape verify = new StepShape(4, k + 1, 4L * 1024, 1024, 4L * 1024, List.of());
        StepExplanation e = d.explain(verify);
        double plain = d.price(StepShape.decode(4, 1024)).timeMs();
        assertThat(e.cost().timeMs()).isGreaterThan(plain).isLessThan(plain * spec.expectedTokensPerStep());
        assertThat(e.operators()).extracting(OperatorTiming::name).contains("eagle3.draft");
    }

    @ParameterizedTest(name = "concurrency {0}")
    @CsvSource({"1, 1.5, 2.0", "8, 1.4, 1.9", "128, 1.0, 1.5"})
    void eagle3SpeedupShrinksAsBatchesGrow(int concurrency, double minSpeedup, double maxSpeedup) {
        Deployment plain = deploy(TestModels.qwen3_8b(), "h100-sxm", "vllm", 1, Precision.BF16, null);
        Deployment eagle = deploy(TestModels.qwen3_8b(), "h100-sxm", "vllm", 1, Precision.BF16,
                Set.of(GpuAcceleratorModel.EAGLE3));
        io.costbench.engine.sim.Workload workload = io.costbench.engine.sim.Workload.closedLoop(1024, 256,
                concurrency, 0);
        double base = io.costbench.engine.sim.ServingSimulator.simulate(plain, workload).metric("output_throughput");
        double spec = io.costbench.engine.sim.ServingSimulator.simulate(eagle, workload).metric("output_throughput");
        // specs.md §4: Qwen3-8B EAGLE-3 1.7x at batch 1 (AngelSlim, acceptance length ~2); gains fade with batch.
        assertThat(spec / base).isBetween(minSpeedup, maxSpeedup);
    }

    @Test
    void rejectsUnknownIdsAndImpossibleParallelism() {
        ModelSpec m = TestModels.qwen3_8b();
        assertThatThrownBy(() -> GPU.deploy(m, new DeploymentRequest("b200", "vllm", 1, null, null, 4096)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("b200");
        assertThatThrownBy(() -> GPU.deploy(m, new DeploymentRequest("h100-sxm", "lmdeploy", 1, null, null, 4096)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("lmdeploy");
        assertThatThrownBy(() -> GPU.deploy(m, new DeploymentRequest("h100-sxm", "vllm", 1, null, Set.of("nki"),
                4096))).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("nki");
        assertThatThrownBy(() -> GPU.deploy(m, new DeploymentRequest("h100-sxm", "vllm", 3, null, null, 4096)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("heads");
        assertThatThrownBy(() -> GPU.deploy(m, new DeploymentRequest("h100-sxm", "vllm", 16, null, null, 4096)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("NVLink");
    }

    @Test
    void defaultsComeFromTheProfile() {
        Deployment d = GPU.deploy(TestModels.qwen3_8b(), new DeploymentRequest("h100-sxm", null, null, null, null, 0));
        assertThat(d.profileId()).isEqualTo("vllm");
        assertThat(d.tensorParallel()).isEqualTo(1);
        assertThat(d.precision()).isEqualTo(Precision.BF16);
        assertThat(d.optimizations()).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"vllm", "trtllm"})
    void everyParameterHasASourceAndPlausibleValue(String profile) {
        Deployment d = deploy("qwen3-8b", "h100-sxm", profile, 1, Precision.BF16);
        assertThat(d.parameters()).isNotEmpty().allSatisfy(p -> assertThat(p.source()).isNotBlank());
        for (Parameter p : d.parameters()) {
            if (p.name().toLowerCase().contains("efficiency") || p.name().startsWith("eagle3Acceptance")) {
                assertThat(p.value()).as(p.name()).isGreaterThan(0).isLessThan(1);
                assertThat(p.max()).as(p.name()).isLessThanOrEqualTo(1);
            }
            if (p.calibrated()) {
                assertThat(p.source()).as(p.name()).startsWith("calibrated on:");
                assertThat(p.min()).as(p.name()).isLessThan(p.max());
            }
            if (p.unit().equals("us")) {
                assertThat(p.value()).as(p.name()).isLessThan(5000);
            }
        }
        assertThat(d.parameters()).filteredOn(Parameter::calibrated).isNotEmpty();
    }

    @Test
    void calibrationSweepsStayInsidePlausibleRanges() {
        GpuAcceleratorModel varied = GPU.withProfileValues("vllm", java.util.Map.of("cpuStepOverheadUs", 1500.0));
        StepShape decode = StepShape.decode(8, 1024);
        assertThat(GpuAcceleratorModel.fromCatalog().withProfileValues("vllm", java.util.Map.of()).deploy(
                TestModels.qwen3_8b(), new DeploymentRequest("h100-sxm", "vllm", 1, null, null, 4096)).price(decode))
                .isEqualTo(deploy("qwen3-8b", "h100-sxm", "vllm", 1, Precision.BF16).price(decode));
        assertThat(varied.deploy(TestModels.qwen3_8b(), new DeploymentRequest("h100-sxm", "vllm", 1, null, null,
                4096)).price(decode).ms(CostCategory.HOST)).isGreaterThan(
                        deploy("qwen3-8b", "h100-sxm", "vllm", 1, Precision.BF16).price(decode).ms(CostCategory.HOST));
        assertThatThrownBy(() -> GPU.withProfileValues("vllm", java.util.Map.of("gemmBandwidthEfficiency", 1.2)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("plausible range");
    }

    @Test
    void overlappedHostWorkIsExposedOnlyBeyondTheGpuTime() {
        GpuAcceleratorModel overlapped = GPU.withProfileValues("trtllm", java.util.Map.of("hostOverlap", 1.0));
        Deployment exposed = deploy("llama-3.1-70b", "h100-sxm", "trtllm", 8, Precision.FP8);
        Deployment hidden = overlapped.deploy(TestModels.byId("llama-3.1-70b"),
                new DeploymentRequest("h100-sxm", "trtllm", 8, Precision.FP8, null, 8192));
        StepShape small = StepShape.decode(8, 1024);
        assertThat(exposed.price(small).ms(CostCategory.HOST)).isPositive();
        assertThat(hidden.price(small).ms(CostCategory.HOST)).isZero();
        assertThat(hidden.price(small).timeMs()).isLessThan(exposed.price(small).timeMs());
        // Host work that outgrows the GPU step shows through even when overlapped.
        GpuAcceleratorModel slowHost = GPU.withProfileValues("trtllm",
                java.util.Map.of("hostOverlap", 1.0, "cpuPerSequenceUs", 60.0));
        Deployment busy = slowHost.deploy(TestModels.byId("llama-3.1-8b"),
                new DeploymentRequest("h100-sxm", "trtllm", 8, Precision.FP8, null, 8192));
        assertThat(busy.price(StepShape.decode(1024, 256)).ms(CostCategory.HOST)).isPositive();
    }

    @Test
    void catalogListsHardwareProfilesAndSwitches() {
        assertThat(GPU.hardware()).extracting(c -> c.id()).containsExactly("h100-sxm", "h200-sxm");
        assertThat(GPU.profiles()).extracting(p -> p.id()).containsExactly("vllm", "trtllm", "sglang");
        assertThat(GPU.optimizations()).extracting(o -> o.id())
                .contains("eagle3", "fp8-kv-cache", "batch-waiting", "expert-parallel", "cuda-graph-padding",
                        "cuda-graphs-to-max-batch");
        assertThat(GPU.supportsHardware("h200-sxm")).isTrue();
        assertThat(GPU.supportsHardware("trn2")).isFalse();
    }
}
