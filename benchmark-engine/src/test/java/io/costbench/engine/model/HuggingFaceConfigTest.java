package io.costbench.engine.model;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class HuggingFaceConfigTest {

    private static Map<String, Object> base() {
        return new java.util.HashMap<>(Map.of("hidden_size", 1024, "num_hidden_layers", 6, "num_attention_heads", 8,
                "num_key_value_heads", 2, "intermediate_size", 4096, "vocab_size", 32000));
    }

    @Test
    void headDimDefaultsToHiddenOverHeadsAndEmbeddingsToTied() {
        ModelSpec spec = HuggingFaceConfig.of(base()).toModelSpec("m", "M", "test", 1);
        assertThat(((AttentionMixer) spec.layers().get(0).mixer()).headDim()).isEqualTo(128);
        assertThat(spec.tiedEmbeddings()).isTrue();
        assertThat(spec.slidingWindowTokens()).isZero();
    }

    @Test
    void gemmaSlidingWindowPatternMakesEveryNthLayerGlobal() {
        Map<String, Object> config = base();
        config.put("sliding_window", 512);
        config.put("sliding_window_pattern", 3);
        ModelSpec spec = HuggingFaceConfig.of(config).toModelSpec("m", "M", "test", 1);
        assertThat(spec.layers()).extracting(l -> ((AttentionMixer) l.mixer()).isSliding())
                .containsExactly(true, true, false, true, true, false);
    }

    @Test
    void fullAttentionIntervalWithoutLayerTypesBuildsTheHybridPattern() {
        Map<String, Object> config = base();
        config.putAll(Map.of("full_attention_interval", 2, "linear_num_key_heads", 4, "linear_num_value_heads", 8,
                "linear_key_head_dim", 64, "linear_value_head_dim", 64));
        ModelSpec spec = HuggingFaceConfig.of(config).toModelSpec("m", "M", "test", 1);
        assertThat(spec.layers()).extracting(l -> l.mixer() instanceof GatedDeltaNetMixer)
                .containsExactly(true, false, true, false, true, false);
        // No mamba_ssm_dtype: the state follows the bf16 model dtype; conv kernel defaults to 4.
        assertThat(spec.layers().get(0).mixer()).isEqualTo(new GatedDeltaNetMixer(4, 8, 64, 64, 4, 2));
    }

    @Test
    void sharedExpertsAndDenseOnlyLayers() {
        Map<String, Object> config = base();
        config.putAll(Map.of("num_experts", 64, "num_experts_per_tok", 4, "moe_intermediate_size", 256,
                "shared_expert_intermediate_size", 512, "mlp_only_layers", List.of(0), "tie_word_embeddings", false));
        ModelSpec spec = HuggingFaceConfig.of(config).toModelSpec("m", "M", "test", 1);
        assertThat(spec.layers().get(0).feedForward()).isEqualTo(new DenseMlp(4096));
        assertThat(spec.layers().get(1).feedForward()).isEqualTo(new MoeMlp(64, 4, 256, 1, 512));
        assertThat(spec.tiedEmbeddings()).isFalse();
    }

    @Test
    void unknownLayerTypesAndMissingFieldsFailLoudly() {
        Map<String, Object> config = base();
        config.put("layer_types", List.of("mamba", "full_attention", "full_attention", "full_attention",
                "full_attention", "full_attention"));
        assertThatThrownBy(() -> HuggingFaceConfig.of(config).toModelSpec("m", "M", "t", 1))
                .hasMessageContaining("unsupported layer type mamba");
        Map<String, Object> missing = base();
        missing.remove("vocab_size");
        assertThatThrownBy(() -> HuggingFaceConfig.of(missing).toModelSpec("m", "M", "t", 1))
                .hasMessageContaining("vocab_size");
    }

    @Test
    void quantizationConfigNamesTheCheckpointFormat() {
        assertThat(HuggingFaceConfig.of(base()).toModelSpec("m", "M", "t", 1).checkpointPrecision())
                .isEqualTo(Precision.BF16);
        Map<String, Object> mxfp4 = base();
        mxfp4.put("quantization_config", Map.of("quant_method", "mxfp4"));
        assertThat(HuggingFaceConfig.of(mxfp4).toModelSpec("m", "M", "t", 1).checkpointPrecision())
                .isEqualTo(Precision.MXFP4);
        Map<String, Object> fp8 = base();
        fp8.put("quantization_config", Map.of("quant_method", "fp8", "weight_block_size", List.of(128, 128)));
        assertThat(HuggingFaceConfig.of(fp8).toModelSpec("m", "M", "t", 1).checkpointPrecision())
                .isEqualTo(Precision.FP8);
        Map<String, Object> awq = base();
        awq.put("quantization_config", Map.of("quant_method", "awq"));
        assertThatThrownBy(() -> HuggingFaceConfig.of(awq).toModelSpec("m", "M", "t", 1))
                .hasMessageContaining("unsupported quant_method awq");
    }
}
