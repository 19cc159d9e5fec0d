package io.costbench.engine.model;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reads a Hugging Face {@code config.json} (as a parsed JSON map) into the layer list of a {@link ModelSpec}, using
 * the real field names of the architectures we serve:
 * <ul>
 *   <li>dense GQA: {@code num_attention_heads}, {@code num_key_value_heads}, {@code head_dim} (else hidden / heads);</li>
 *   <li>sliding vs global layers: {@code layer_types} ("sliding_attention" / "full_attention"), else Gemma's
 *       {@code sliding_window_pattern}; Gemma 4 global layers with {@code num_global_key_value_heads},
 *       {@code global_head_dim}, {@code attention_k_eq_v};</li>
 *   <li>Gated DeltaNet hybrids (Qwen3.5 / Qwen3-Next): {@code layer_types} "linear_attention" or
 *       {@code full_attention_interval}, {@code linear_*} heads and dims, {@code linear_conv_kernel_dim},
 *       {@code mamba_ssm_dtype} for the recurrent state, {@code attn_output_gate};</li>
 *   <li>MoE: {@code num_experts} / {@code num_local_experts} / {@code n_routed_experts}, {@code num_experts_per_tok},
 *       {@code moe_intermediate_size}, {@code shared_expert_intermediate_size} / {@code n_shared_experts},
 *       {@code decoder_sparse_step}, {@code mlp_only_layers};</li>
 *   <li>tied embeddings, and multimodal configs whose text model sits under {@code text_config};</li>
 *   <li>the stored weights' format, {@code quantization_config.quant_method}.</li>
 * </ul>
 * Unknown layer types fail loudly rather than being priced as something they are not.
 */
public final class HuggingFaceConfig {

    private final Map<String, Object> root;
    private final Map<String, Object> text;

    private HuggingFaceConfig(Map<String, Object> root) {
        this.root = root;
        this.text = root.get("text_config") instanceof Map<?, ?> nested ? cast(nested) : root;
    }

    public static HuggingFaceConfig of(Map<String, Object> config) {
        return new HuggingFaceConfig(Map.copyOf(withoutNulls(config)));
    }

    /** The model spec this config describes, with the sidecar's identity and published size. */
    public ModelSpec toModelSpec(String id, String displayName, String source, long publishedParams) {
        int hidden = intField("hidden_size");
        return new ModelSpec(id, displayName, source, publishedParams, hidden, intField("vocab_size"),
                tiedEmbeddings(), intOr("max_position_embeddings", 0), layers(hidden), checkpointPrecision());
    }

    /**
     * The stored weights' format from {@code quantization_config.quant_method}: "mxfp4" (gpt-oss), "fp8"
     * (block-FP8 checkpoints); none is bf16. Other methods fail loudly rather than being priced as bf16.
     */
    private Precision checkpointPrecision() {
        Object quantization = root.get("quantization_config");
        if (!(quantization instanceof Map<?, ?> q) || q.get("quant_method") == null) {
            return Precision.BF16;
        }
        return switch (String.valueOf(q.get("quant_method")).toLowerCase(Locale.ROOT)) {
            case "mxfp4" -> Precision.MXFP4;
            case "fp8" -> Precision.FP8;
            default -> throw new IllegalArgumentException("unsupported quant_method " + q.get("quant_method"));
        };
    }

    /** A short architecture label for listings: the first entry of {@code architectures}, else the model type. */
    public String architecture() {
        if (root.get("architectures") instanceof List<?> list && !list.isEmpty()) {
            return String.valueOf(list.get(0));
        }
        return String.valueOf(root.getOrDefault("model_type", "unknown"));
    }

    private boolean tiedEmbeddings() {
        Object value = text.containsKey("tie_word_embeddings") ? text.get("tie_word_embeddings")
                : root.get("tie_word_embeddings");
        // transformers' PretrainedConfig default is tied.
        return value == null || Boolean.TRUE.equals(value);
    }

    private List<LayerSpec> layers(int hidden) {
        int count = intField("num_hidden_layers");
        List<String> types = layerTypes(count);
        int heads = intField("num_attention_heads");
        int kvHeads = intOr("num_key_value_heads", heads);
        int headDim = intOr("head_dim", hidden / heads);
        int window = intOr("sliding_window", 0);
        boolean outputGate = Boolean.TRUE.equals(text.get("attn_output_gate"));
        Set<Integer> denseOnly = new HashSet<>(intList("mlp_only_layers"));
        int sparseStep = intOr("decoder_sparse_step", 1);
        List<LayerSpec> layers = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            Mixer mixer = switch (types.get(i)) {
                case "full_attention" -> globalAttention(heads, kvHeads, headDim, outputGate);
                case "sliding_attention" -> {
                    if (window <= 0) {
                        throw new IllegalArgumentException("layer " + i + " is sliding but sliding_window is unset");
                    }
                    yield new AttentionMixer(heads, kvHeads, headDim, window, false, outputGate);
                }
                case "linear_attention" -> gatedDeltaNet();
                default -> throw new IllegalArgumentException("unsupported layer type " + types.get(i) + " at " + i);
            };
            boolean moe = experts() > 0 && !denseOnly.contains(i) && (i + 1) % sparseStep == 0;
            layers.add(new LayerSpec(i, mixer, moe ? moe() : new DenseMlp(intField("intermediate_size"))));
        }
        return layers;
    }

    /** Gemma 4's global layers carry their own KV heads and head dim, and may derive V from K. */
    private AttentionMixer globalAttention(int heads, int kvHeads, int headDim, boolean outputGate) {
        int globalKv = intOr("num_global_key_value_heads", kvHeads);
        int globalHeadDim = intOr("global_head_dim", headDim);
        boolean kEqV = Boolean.TRUE.equals(text.get("attention_k_eq_v"));
        return new AttentionMixer(heads, globalKv, globalHeadDim, 0, kEqV, outputGate);
    }

    private GatedDeltaNetMixer gatedDeltaNet() {
        return new GatedDeltaNetMixer(intField("linear_num_key_heads"), intField("linear_num_value_heads"),
                intField("linear_key_head_dim"), intField("linear_value_head_dim"),
                intOr("linear_conv_kernel_dim", 4), dtypeBytes(text.get("mamba_ssm_dtype")));
    }

    /** Recurrent-state element size; without mamba_ssm_dtype the state follows the model dtype (bf16). */
    static int dtypeBytes(Object dtype) {
        if (dtype == null) {
            return 2;
        }
        return switch (String.valueOf(dtype).toLowerCase(Locale.ROOT)) {
            case "float32", "fp32", "torch.float32" -> 4;
            case "bfloat16", "float16", "bf16", "fp16", "torch.bfloat16", "torch.float16" -> 2;
            default -> throw new IllegalArgumentException("unsupported mamba_ssm_dtype " + dtype);
        };
    }

    private int experts() {
        return intOr("num_experts", intOr("num_local_experts", intOr("n_routed_experts", 0)));
    }

    private MoeMlp moe() {
        int expertSize = intOr("moe_intermediate_size", intOr("intermediate_size", 0));
        int sharedSize = intOr("shared_expert_intermediate_size", 0);
        int sharedCount = sharedSize > 0 ? 1 : intOr("n_shared_experts", 0);
        if (sharedSize == 0 && sharedCount > 0) {
            sharedSize = expertSize;
        }
        return new MoeMlp(experts(), intField("num_experts_per_tok"), expertSize, sharedCount, sharedSize);
    }

    /** Per-layer mixer kinds from layer_types, or from the interval/pattern fields the families use instead. */
    private List<String> layerTypes(int count) {
        List<String> types = new ArrayList<>(count);
        if (text.get("layer_types") instanceof List<?> list) {
            if (list.size() != count) {
                throw new IllegalArgumentException(
                        "layer_types has " + list.size() + " entries for " + count + " layers");
            }
            list.forEach(t -> types.add(String.valueOf(t)));
            return types;
        }
        int fullInterval = intOr("full_attention_interval", 0);
        int slidingPattern = intOr("sliding_window_pattern", 0);
        for (int i = 0; i < count; i++) {
            if (fullInterval > 0) {
                types.add((i + 1) % fullInterval == 0 ? "full_attention" : "linear_attention");
            } else if (slidingPattern > 0 && intOr("sliding_window", 0) > 0) {
                types.add((i + 1) % slidingPattern == 0 ? "full_attention" : "sliding_attention");
            } else {
                types.add("full_attention");
            }
        }
        return types;
    }

    private int intField(String name) {
        Object value = text.containsKey(name) ? text.get(name) : root.get(name);
        if (!(value instanceof Number number)) {
            throw new IllegalArgumentException("config.json lacks the numeric field " + name);
        }
        return number.intValue();
    }

    private int intOr(String name, int fallback) {
        Object value = text.containsKey(name) ? text.get(name) : root.get(name);
        return value instanceof Number number ? number.intValue() : fallback;
    }

    private List<Integer> intList(String name) {
        List<Integer> values = new ArrayList<>();
        if (text.get(name) instanceof List<?> list) {
            for (Object item : list) {
                values.add(((Number) item).intValue());
            }
        }
        return values;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> cast(Map<?, ?> map) {
        return Map.copyOf(withoutNulls((Map<String, Object>) map));
    }

    private static Map<String, Object> withoutNulls(Map<String, Object> map) {
        Map<String, Object> copy = new java.util.LinkedHashMap<>(map);
        copy.values().removeIf(java.util.Objects::isNull);
        return copy;
    }
}
