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
                "qwen3-8b", "qwen3-32b", "qwen3-235b-a22b", "minimax-m2.5", "llama-3.1-8b", "llama-3.1-70b",
                "llama-3.3-70b", "llama-3.1-405b");
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
