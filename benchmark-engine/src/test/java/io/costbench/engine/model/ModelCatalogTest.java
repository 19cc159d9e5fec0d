package io.costbench.engine.model;

import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.data.Percentage.withPercentage;

class ModelCatalogTest {

    private static final ModelCatalog CATALOG = ModelCatalog.standard();

    @Test
    void shipsEveryModelTheApiNames() {
        assertThat(CATALOG.ids()).containsExactly("qwen3.5-4b", "qwen3.5-2b", "qwen3-30b-a3b", "gemma4-31b",
                "qwen3-8b", "qwen3-32b", "qwen3-235b-a22b", "minimax-m2.5", "gpt-oss-120b", "llama-3.1-8b",
                "llama-3.1-70b", "llama-3.3-70b", "llama-3.1-405b");
        assertThat(CATALOG.models()).allSatisfy(m -> assertThat(m.contentSha256()).hasSize(64));
        assertThatThrownBy(() -> CATALOG.get("gpt-5")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown model gpt-5");
    }

    static Stream<String> ids() {
        return CATALOG.ids().stream();
    }

    @ParameterizedTest
    @MethodSource("ids")
    void totalAndActiveParamsMatchThePublishedSizeWithin2Percent(String id) {
        CatalogModel model = CATALOG.entry(id);
        assertThat((double) model.spec().totalParams()).isCloseTo(model.spec().publishedParams(), withPercentage(2));
        assertThat((double) model.spec().activeParams()).isCloseTo(model.publishedActiveParams(), withPercentage(2));
    }

    @ParameterizedTest
    @MethodSource("ids")
    void mxfp4ShrinksOnlyTheRoutedExperts(String id) {
        ModelSpec spec = CATALOG.get(id);
        // 4-bit values plus one 1-byte scale per 32 against 2 bytes: every other weight stays bf16
        assertThat(spec.weightBytes(Precision.BF16) - spec.weightBytes(Precision.MXFP4))
                .isCloseTo(spec.routedExpertParams() * (2 - 0.53125), within(1.0));
        assertThat(spec.servableAt(Precision.MXFP4)).isEqualTo(spec.checkpointPrecision() == Precision.MXFP4);
        assertThat(spec.servableAt(Precision.BF16)).isTrue();
    }

    @Test
    void gptOssAlternatesSlidingAndFullAttentionOverMxfp4Experts() {
        ModelSpec gptOss = CATALOG.get("gpt-oss-120b");
        assertThat(gptOss.checkpointPrecision()).isEqualTo(Precision.MXFP4);
        assertThat(gptOss.layers().get(0).feedForward()).isEqualTo(new MoeMlp(128, 4, 2880, 0, 0));
        assertThat(((AttentionMixer) gptOss.layers().get(0).mixer()).slidingWindowTokens()).isEqualTo(128);
        assertThat(((AttentionMixer) gptOss.layers().get(1).mixer()).isSliding()).isFalse();
        assertThat(gptOss.layers()).filteredOn(l -> ((AttentionMixer) l.mixer()).isSliding()).hasSize(18);
        // 36 layers x 128 experts x 3 x 2880 x 2880
        assertThat(gptOss.routedExpertParams()).isEqualTo(114_661_785_600L);
        // the release's safetensors hold about 65 GB: 60.9 GB of MXFP4 experts, the rest bf16
        assertThat(gptOss.weightBytes(Precision.MXFP4) / 1e9).isCloseTo(65.3, within(0.3));
        // 18 full-attention layers x K and V x 8 heads x 64 x 2 B; the sliding layers hold 128 tokens at most
        assertThat(gptOss.kvBytesPerTokenGlobalLayers(2)).isEqualTo(18 * 2 * 8 * 64 * 2.0);
        assertThat(gptOss.kvBytesForContext(2048, true, 2))
                .isEqualTo(2048 * 18 * 2 * 8 * 64 * 2.0 + 128 * 18 * 2 * 8 * 64 * 2.0);
    }

    @ParameterizedTest
    @MethodSource("ids")
    void fp8HalvesTheLinearWeightsButKeepsEmbeddingsInBf16(String id) {
        ModelSpec spec = CATALOG.get(id);
        double linear = spec.totalParams() - spec.embeddingParams();
        assertThat(spec.weightBytes(Precision.BF16)).isEqualTo(2.0 * spec.totalParams());
        assertThat(spec.weightBytes(Precision.FP8)).isEqualTo(linear + 2.0 * spec.embeddingParams());
    }

    static Stream<Arguments> kvAndState() {
        return Stream.of(
                // id, KV bytes per token (global + sliding, bf16), recurrent state (B/seq), conv state bf16 (B/seq)
                Arguments.of("qwen3-8b", 36 * 2 * 8 * 128 * 2, 0, 0),
                Arguments.of("qwen3-32b", 64 * 2 * 8 * 128 * 2, 0, 0),
                Arguments.of("qwen3-30b-a3b", 96 * 1024, 0, 0),
                Arguments.of("qwen3-235b-a22b", 94 * 2 * 4 * 128 * 2, 0, 0),
                Arguments.of("minimax-m2.5", 62 * 2 * 8 * 128 * 2, 0, 0),
                Arguments.of("llama-3.1-8b", 128 * 1024, 0, 0),
                Arguments.of("llama-3.3-70b", 320 * 1024, 0, 0),
                Arguments.of("llama-3.1-405b", 126 * 2 * 8 * 128 * 2, 0, 0),
                // specs.md 1a: 32 KiB per token; 48 MiB fp32 recurrent state; 24 x 8192 x 3 x 2 B conv state
                Arguments.of("qwen3.5-4b", 32 * 1024, 48 * 1024 * 1024, 24 * 8192 * 3 * 2),
                Arguments.of("qwen3.5-2b", 6 * 2 * 2 * 256 * 2, 18 * 16 * 128 * 128 * 4, 18 * 6144 * 3 * 2),
                // specs.md 1c: 16 KiB per token per sliding layer, 8 KiB per global layer (K and V stored)
                Arguments.of("gemma4-31b", 50 * 16 * 1024 + 10 * 8 * 1024, 0, 0));
    }

    @ParameterizedTest
    @MethodSource("kvAndState")
    void kvCacheAndRecurrentStateSizes(String id, long kvBytesPerToken, long stateBytes, long convBytes) {
        ModelSpec spec = CATALOG.get(id);
        assertThat(spec.kvBytesPerTokenGlobalLayers(2) + spec.kvBytesPerTokenSlidingLayers(2))
                .isEqualTo((double) kvBytesPerToken);
        assertThat(spec.recurrentStateBytesPerSequence()).isEqualTo((double) stateBytes);
        assertThat(spec.convStateBytesPerSequence(2)).isEqualTo((double) convBytes);
    }

    @Test
    void gemma4SlidingLayersCapTheirCacheAtTheWindow() {
        ModelSpec gemma = CATALOG.get("gemma4-31b");
        assertThat(gemma.slidingWindowTokens()).isEqualTo(1024);
        assertThat(gemma.tiedEmbeddings()).isTrue();
        // specs.md 1c: 0.92 GB per sequence at 1k, 1.17 GB at 4k, 3.52 GB at 32k
        assertThat(gemma.kvBytesForContext(1024, true, 2) / 1e9).isCloseTo(0.92, within(0.01));
        assertThat(gemma.kvBytesForContext(4096, true, 2) / 1e9).isCloseTo(1.17, within(0.01));
        assertThat(gemma.kvBytesForContext(32768, true, 2) / 1e9).isCloseTo(3.52, within(0.01));
        AttentionMixer global = (AttentionMixer) gemma.layers().get(5).mixer();
        assertThat(global.numKvHeads()).isEqualTo(4);
        assertThat(global.headDim()).isEqualTo(512);
        assertThat(global.valueSharesKey()).isTrue();
        assertThat(((AttentionMixer) gemma.layers().get(0).mixer()).slidingWindowTokens()).isEqualTo(1024);
    }

    @Test
    void qwen35IsAHybridWithThreeLinearLayersPerFullOne() {
        ModelSpec qwen = CATALOG.get("qwen3.5-4b");
        assertThat(qwen.layers()).filteredOn(l -> l.mixer() instanceof GatedDeltaNetMixer).hasSize(24);
        assertThat(qwen.layers().get(3).mixer()).isInstanceOf(AttentionMixer.class);
        assertThat(((AttentionMixer) qwen.layers().get(3).mixer()).outputGate()).isTrue();
        assertThat(qwen.tiedEmbeddings()).isTrue();
        assertThat(qwen.hasLinearAttention()).isTrue();
        // specs.md 1a: 4.206 B parameters tied
        assertThat(qwen.totalParams() / 1e9).isCloseTo(4.206, within(0.01));
        assertThat(CATALOG.get("qwen3.5-2b").totalParams() / 1e9).isBetween(1.85, 2.3);
    }

    @Test
    void moeModelsCountOnlyRoutedExpertsAsActive() {
        ModelSpec moe = CATALOG.get("qwen3-30b-a3b");
        assertThat(moe.isMixtureOfExperts()).isTrue();
        assertThat(moe.layers().get(0).feedForward()).isEqualTo(new MoeMlp(128, 8, 768, 0, 0));
        assertThat(moe.activeParams() / 1e9).isCloseTo(3.35, within(0.02));
        assertThat(CATALOG.get("llama-3.1-70b").layers()).isEqualTo(CATALOG.get("llama-3.3-70b").layers());
    }
}
