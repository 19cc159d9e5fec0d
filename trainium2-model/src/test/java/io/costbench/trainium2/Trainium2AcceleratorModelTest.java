package io.costbench.trainium2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.costbench.engine.graph.StepShape;
import io.costbench.engine.model.ModelCatalog;
import io.costbench.engine.model.ModelSpec;
import io.costbench.engine.model.Precision;
import io.costbench.engine.port.CatalogEntry;
import io.costbench.engine.port.DeploymentRequest;
import io.costbench.engine.port.DoesNotFitException;
import io.costbench.engine.port.Parameter;
import io.costbench.engine.port.PrefillPolicy;
import io.costbench.engine.port.ProfileEntry;
import io.costbench.engine.port.StaticShapes;

class Trainium2AcceleratorModelTest {

    static final Trainium2AcceleratorModel TRN2 = Trainium2AcceleratorModel.fromCatalog();

    static Trainium2Deployment deploy(ModelSpec model, String profile, Set<String> switches, int tp, int maxLen) {
        return TRN2.deploy(model, new DeploymentRequest("trn2", profile, tp, null, switches, maxLen));
    }

    @Test
    void catalogListsHardwareProfilesAndEverySwitchById() {
        assertThat(TRN2.hardware()).extracting(CatalogEntry::id).containsExactly("trn2", "trn2-lnc1");
        assertThat(TRN2.profiles()).extracting(ProfileEntry::id)
                .containsExactly("vllm-neuron-baseline", "vllm-neuron-optimized", "nxdi");
        assertThat(TRN2.optimizations()).extracting(CatalogEntry::id).containsExactly("gdn-head-sharding",
                "gdn-state-packing", "gdn-inproj-padding", "gdn-fused-kernel", "selective-expert-decode",
                "on-device-sampling", "eagle3", "fast-attention-head-dim-256", "kv-block-16", "swa-window",
                "nki-kernels", "sequence-parallel");
        assertThat(TRN2.profiles().get(0).defaultOptimizations()).containsExactly("nki-kernels");
        assertThat(TRN2.profiles().get(1).defaultOptimizations()).hasSize(11);
    }

    @Test
    void switchesAreInapplicableToModelsWithoutWhatTheyActOn() {
        var moe = TRN2.inapplicableOptimizations(TestModels.qwen3_30b_a3b());
        assertThat(moe).containsKeys("gdn-head-sharding", "gdn-state-packing", "gdn-inproj-padding",
                "gdn-fused-kernel", "swa-window").doesNotContainKeys("selective-expert-decode", "on-device-sampling",
                "kv-block-16");
        assertThat(moe.get("gdn-fused-kernel")).contains("no Gated DeltaNet layers");
        var hybrid = TRN2.inapplicableOptimizations(TestModels.qwen35_4b());
        assertThat(hybrid).containsKey("selective-expert-decode").doesNotContainKeys("gdn-head-sharding",
                "gdn-fused-kernel", "on-device-sampling");
        assertThat(hybrid.get("selective-expert-decode")).contains("dense");
        var gemma = TRN2.inapplicableOptimizations(TestModels.get("gemma4-31b"));
        assertThat(gemma).doesNotContainKeys("swa-window", "fast-attention-head-dim-256");
    }

    @ParameterizedTest
    @CsvSource({"trn2, 4, 1", "trn2, 8, 2", "trn2, 16, 4", "trn2, 64, 16", "trn2, 1, 1", "trn2-lnc1, 8, 1",
            "trn2-lnc1, 16, 2"})
    void chipsFollowFromTensorParallelAndLogicalCoreSize(String hardware, int tp, int chips) {
        Trainium2Deployment d = TRN2.deploy(TestModels.qwen35_2b(),
                new DeploymentRequest(hardware, null, tp, null, null, 2048));
        assertThat(d.chips()).isEqualTo(chips);
        assertThat(d.logicalCoreSize()).isEqualTo(hardware.equals("trn2") ? 2 : 1);
    }

    @Test
    void unknownIdsAndImpossibleParallelismAreRejected() {
        ModelSpec m = TestModels.qwen35_4b();
        assertThatThrownBy(() -> TRN2.deploy(m, new DeploymentRequest("h100-sxm", null, 4, null, null, 2048)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("hardware");
        assertThatThrownBy(() -> deploy(m, "trtllm", null, 4, 2048))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("profile");
        assertThatThrownBy(() -> deploy(m, null, Set.of("warp-speed"), 4, 2048))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("warp-speed");
        assertThatThrownBy(() -> deploy(m, null, null, 3, 2048)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> deploy(m, null, null, 128, 2048)).isInstanceOf(IllegalArgumentException.class);
        // no Neuron MXFP4 path is modelled: gpt-oss runs on Trainium2 from a bf16 copy
        assertThatThrownBy(() -> TRN2.deploy(ModelCatalog.standard().get("gpt-oss-120b"),
                new DeploymentRequest("trn2", null, 16, Precision.MXFP4, null, 2048)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("mxfp4");
    }

    @Test
    void aModelLargerThanTheRanksMemoryDoesNotFit() {
        assertThatThrownBy(() -> deploy(TestModels.llama33_70b(), null, null, 4, 2048))
                .isInstanceOf(DoesNotFitException.class).hasMessageContaining("llama-3.3-70b");
        assertThat(deploy(TestModels.llama33_70b(), null, null, 16, 2048).chips()).isEqualTo(4);
    }

    @Test
    void schedulingFollowsTheNeuronRules() {
        Trainium2Deployment d = deploy(TestModels.qwen35_4b(), "vllm-neuron-baseline", null, 4, 2048);
        assertThat(d.scheduling().prefillPolicy()).isEqualTo(PrefillPolicy.ONE_AT_A_TIME);
        assertThat(d.scheduling().batchBuckets()).startsWith(1, 2, 4, 8);
        assertThat(d.scheduling().maxNumSeqs()).isEqualTo(
                d.scheduling().batchBuckets().get(d.scheduling().batchBuckets().size() - 1));
        assertThat(d.scheduling().kvBlockTokens()).isEqualTo(32);
        assertThat(deploy(TestModels.qwen35_4b(), "vllm-neuron-optimized", null, 4, 2048).scheduling()
                .kvBlockTokens()).isEqualTo(16);
        assertThat(d.scheduling().speculative()).isNull();
    }

    @Test
    void theLargestCompiledBatchIsTheLargestWhoseCacheFits() {
        Trainium2Deployment gemma = deploy(TestModels.gemma4_31b(), "vllm-neuron-baseline", null, 4, 9216);
        double free = 23.5 * (1L << 30) - gemma.weightBytesPerRank();
        int max = gemma.scheduling().maxNumSeqs();
        assertThat(max * gemma.cacheBytesPerSequencePerRank()).isLessThanOrEqualTo(free);
        assertThat(2 * max * gemma.cacheBytesPerSequencePerRank()).isGreaterThan(free);
        assertThat(max).isLessThan(deploy(TestModels.gemma4_31b(), "vllm-neuron-baseline", null, 4, 2048)
                .scheduling().maxNumSeqs());
    }

    @Test
    void decodeBatchesPadToTheCompiledBucketAndKvReadsToTheContextBucket() {
        Trainium2Deployment d = deploy(TestModels.qwen3_30b_a3b(), "vllm-neuron-optimized", null, 4, 4096);
        var three = d.explain(StepShape.decode(3, 1000));
        var four = d.explain(StepShape.decode(4, 1000));
        assertThat(three.counters().get("compiled_batch_sequences")).isEqualTo(4.0);
        assertThat(three.counters().get("dma_transfers")).isEqualTo(four.counters().get("dma_transfers"));
        assertThat(three.counters().get("hbm_bytes")).isEqualTo(four.counters().get("hbm_bytes"));
        var longer = d.explain(StepShape.decode(4, 1020));
        assertThat(longer.counters().get("hbm_bytes")).isEqualTo(four.counters().get("hbm_bytes"));
        var nextBucket = d.explain(StepShape.decode(4, 1100));
        assertThat(nextBucket.counters().get("compiled_context_tokens")).isEqualTo(2048.0);
        assertThat((double) nextBucket.counters().get("hbm_bytes")).isGreaterThan((double) four.counters().get("hbm_bytes"));
    }

    @Test
    void promptsPadToPowerOfTwoBucketsFrom128() {
        Trainium2Deployment d = deploy(TestModels.qwen35_4b(), "vllm-neuron-baseline", null, 4, 4096);
        assertThat(d.price(StepShape.prefill(700)).timeMs()).isEqualTo(d.price(StepShape.prefill(1024)).timeMs());
        assertThat(d.price(StepShape.prefill(20)).timeMs()).isEqualTo(d.price(StepShape.prefill(128)).timeMs());
        assertThat(d.price(StepShape.prefill(1025)).timeMs()).isGreaterThan(d.price(StepShape.prefill(1024)).timeMs());
    }

    @Test
    void eagle3AppliesOnlyWhereADraftHeadExists() {
        Trainium2Deployment moe = deploy(TestModels.qwen3_30b_a3b(), "vllm-neuron-optimized", null, 4, 2048);
        assertThat(moe.optimizations()).contains("eagle3");
        assertThat(moe.scheduling().speculative().draftTokens()).isEqualTo(3);
        assertThat(moe.scheduling().speculative().expectedTokensPerStep()).isBetween(1.9, 2.2);
        Trainium2Deployment hybrid = deploy(TestModels.qwen35_4b(), "vllm-neuron-optimized", null, 4, 2048);
        assertThat(hybrid.optimizations()).doesNotContain("eagle3").contains("gdn-fused-kernel");
        assertThat(hybrid.notApplied()).containsKey("eagle3");
        assertThat(hybrid.scheduling().speculative()).isNull();
    }

    @Test
    void parametersCarrySourcesAndCalibratedOnesStayInTheirPlausibleRange() {
        List<Parameter> parameters = deploy(TestModels.qwen35_4b(), null, null, 4, 2048).parameters();
        // The value's range is enforced by Parameter's constructor (ParameterTest); the documented value is not.
        assertThat(parameters).isNotEmpty().allSatisfy(p -> {
            assertThat(p.source()).as(p.name()).isNotBlank();
            assertThat(p.documented()).as(p.name() + " documented value").isBetween(p.min(), p.max());
        });
        assertThat(parameters).filteredOn(Parameter::calibrated).extracting(Parameter::name)
                .contains("hbmEfficiency", "hostSamplingNsPerLogit", "interChipCollectiveSetupUs");
        assertThat(parameters).filteredOn(p -> p.name().equals("dmaFixedCostUs")).singleElement()
                .satisfies(p -> assertThat(p.value()).isEqualTo(1.3));
    }

    @Test
    void pricesAreDeterministicAndTheHashFollowsTheSwitches() {
        Trainium2Deployment a = deploy(TestModels.qwen35_4b(), "vllm-neuron-baseline", null, 4, 2048);
        Trainium2Deployment b = deploy(TestModels.qwen35_4b(), "vllm-neuron-baseline", null, 4, 2048);
        Trainium2Deployment c = deploy(TestModels.qwen35_4b(), "vllm-neuron-baseline", Set.of("kv-block-16"), 4, 2048);
        assertThat(a.price(StepShape.decode(8, 1500))).isEqualTo(b.price(StepShape.decode(8, 1500)));
        assertThat(a.parametersSha256()).isEqualTo(b.parametersSha256()).isNotEqualTo(c.parametersSha256());
    }

    @Test
    void theExplanationAddsUpAndNamesItsCountersWithUnits() {
        var e = deploy(TestModels.qwen35_4b(), "vllm-neuron-optimized", null, 4, 2048).explain(StepShape.decode(64, 1536));
        double sum = e.operators().stream().mapToDouble(o -> o.timeMs()).sum();
        assertThat(sum).isCloseTo(e.cost().timeMs(), org.assertj.core.data.Offset.offset(1e-6));
        assertThat(e.counters()).containsKeys("hbm_bytes", "dma_transfers", "dma_transfers_lt_256B_per_partition",
                "dma_transfers_256B_to_2KiB_per_partition", "dma_transfers_2KiB_to_4KiB_per_partition",
                "dma_transfers_ge_4KiB_per_partition", "tensor_engine_tiles_128x128",
                "tensor_engine_utilisation_fraction", "collective_ms", "host_ms");
        double histogram = (double) e.counters().get("dma_transfers_lt_256B_per_partition")
                + (double) e.counters().get("dma_transfers_256B_to_2KiB_per_partition")
                + (double) e.counters().get("dma_transfers_2KiB_to_4KiB_per_partition")
                + (double) e.counters().get("dma_transfers_ge_4KiB_per_partition");
        assertThat(histogram).isEqualTo(e.counters().get("dma_transfers"));
    }

    @Test
    void staticShapesFromTheScenarioSetTheCompiledBatchSequenceLengthAndBuckets() {
        ModelSpec llama = TestModels.llama31_8b();
        Trainium2Deployment compiled = TRN2.deploy(llama, new DeploymentRequest("trn2", "nxdi", 4, null, null, 1750,
                new StaticShapes(List.of(32), 4096, List.of(512, 1024, 2048, 4096))));
        assertThat(compiled.scheduling().maxNumSeqs()).isEqualTo(32);
        // one real sequence still runs the static 32-row batch at the 2048-token context bucket
        var step = compiled.explain(StepShape.decode(1, 1500));
        assertThat(step.counters()).containsEntry("compiled_batch_sequences", 32.0)
                .containsEntry("compiled_context_tokens", 2048.0);
        assertThat(compiled.explain(StepShape.prefill(600)).counters())
                .containsEntry("compiled_prefill_tokens", 1024.0);
        Trainium2Deployment stackDefaults = TRN2.deploy(llama, new DeploymentRequest("trn2", "nxdi", 4, null, null,
                1750));
        assertThat(stackDefaults.price(StepShape.decode(1, 1500)).timeMs())
                .isLessThan(compiled.price(StepShape.decode(1, 1500)).timeMs());
        assertThatThrownBy(() -> TRN2.deploy(llama, new DeploymentRequest("trn2", "nxdi", 4, null, null, 8192,
                new StaticShapes(null, 4096, null)))).hasMessageContaining("shorter than the 8192 tokens");
    }

    @Test
    void withParametersReplacesChipKernelAndStackValuesByName() {
        var changed = TRN2.withParameters(java.util.Map.of("interChipCollectiveSetupUs", 100.0,
                "nxdi/stepRuntimeOverheadUs", 1000.0));
        assertThat(changed.allParameters()).filteredOn(p -> p.name().equals("interChipCollectiveSetupUs"))
                .singleElement().satisfies(p -> assertThat(p.value()).isEqualTo(100.0));
        assertThat(changed.allParameters()).filteredOn(p -> p.name().equals("nxdi/stepRuntimeOverheadUs"))
                .singleElement().satisfies(p -> assertThat(p.value()).isEqualTo(1000.0));
        assertThat(changed.allParameters()).filteredOn(p -> p.name().equals("vllm-neuron/stepRuntimeOverheadUs"))
                .singleElement().satisfies(p -> assertThat(p.value()).isEqualTo(250.0));
        assertThatThrownBy(() -> TRN2.withParameters(java.util.Map.of("compilerGemmEfficiency", 5.0)))
                .hasMessageContaining("outside its plausible range");
    }

    @Test
    void fittedParametersNameTheirSourcesPerProfile() {
        var nxdi = TRN2.calibrationSources("nxdi");
        assertThat(nxdi).containsKeys("interChipCollectiveSetupUs", "compilerGemmEfficiency", "expertGatherSetupUs",
                "stepRuntimeOverheadUs");
        assertThat(nxdi.get("expertGatherSetupUs")).containsExactly("public trn2 nxdi qwen3-235b-a22b");
        // the vllm-neuron stack's own parameters are set from the write-up and a README sweep, not fitted here
        assertThat(TRN2.calibrationSources("vllm-neuron-baseline")).doesNotContainKey("stepRuntimeOverheadUs");
        var changed = TRN2.withProfileValues("nxdi", java.util.Map.of("stepRuntimeOverheadUs", 500.0));
        assertThat(changed.allParameters()).filteredOn(p -> p.name().equals("nxdi/stepRuntimeOverheadUs"))
                .singleElement().satisfies(p -> assertThat(p.value()).isEqualTo(500.0));
    }
}
