package io.costbench.service.validation;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * How the names in measurement files map onto catalog ids: Hugging Face model paths, hardware names and engines.
 * One table per kind, so a family that brings new rows only adds entries here.
 */
public final class CatalogIds {

    private static final Map<String, String> MODELS = Map.ofEntries(
            Map.entry("qwen/qwen3-8b", "qwen3-8b"),
            Map.entry("qwen/qwen3-32b", "qwen3-32b"),
            Map.entry("qwen/qwen3-30b-a3b", "qwen3-30b-a3b"),
            Map.entry("qwen/qwen3-235b-a22b", "qwen3-235b-a22b"),
            Map.entry("qwen/qwen3-235b-a22b-fp8", "qwen3-235b-a22b"),
            Map.entry("qwen/qwen3-235b-a22b-instruct-2507", "qwen3-235b-a22b"),
            Map.entry("nvidia/qwen3-235b-a22b-fp8", "qwen3-235b-a22b"),
            Map.entry("qwen/qwen3.5-4b", "qwen3.5-4b"),
            Map.entry("qwen/qwen3.5-2b", "qwen3.5-2b"),
            Map.entry("google/gemma-4-31b", "gemma4-31b"),
            Map.entry("meta-llama/llama-3.1-8b", "llama-3.1-8b"),
            Map.entry("meta-llama/llama-3.1-8b-instruct", "llama-3.1-8b"),
            Map.entry("nvidia/llama-3.1-8b-instruct-fp8", "llama-3.1-8b"),
            Map.entry("meta-llama/llama-3.1-70b", "llama-3.1-70b"),
            Map.entry("meta-llama/llama-3.1-70b-instruct", "llama-3.1-70b"),
            Map.entry("meta-llama/llama-3.3-70b-instruct", "llama-3.3-70b"),
            Map.entry("meta-llama/llama-3.1-405b-instruct", "llama-3.1-405b"));

    private static final Map<String, String> HARDWARE = Map.of(
            "h100", "h100-sxm", "h100_sxm", "h100-sxm", "h100 sxm", "h100-sxm",
            "h200", "h200-sxm", "h200_sxm", "h200-sxm",
            "trainium2", "trn2", "trn2", "trn2");

    private CatalogIds() {
    }

    public static Optional<String> model(String name) {
        return Optional.ofNullable(MODELS.get(name.trim().toLowerCase(Locale.ROOT)));
    }

    public static Optional<String> hardware(String name) {
        return Optional.ofNullable(HARDWARE.get(name.trim().toLowerCase(Locale.ROOT)));
    }

    /** The serving profile an engine's rows are compared with; empty for engines no profile represents. */
    public static Optional<String> profile(String engine) {
        String e = engine.trim().toLowerCase(Locale.ROOT);
        if (e.startsWith("tensorrt-llm") || e.equals("trtllm")) {
            return Optional.of("trtllm");
        }
        if (e.contains("neuron")) {
            return Optional.of("vllm-neuron-baseline");
        }
        if (e.startsWith("vllm")) {
            return Optional.of("vllm");
        }
        return Optional.empty();
    }

    /** bf16 or fp8 from a precision column ("BF16", "FP8 (per table header)", "" for the default bf16). */
    public static Optional<String> precision(String value) {
        String p = value.trim().toLowerCase(Locale.ROOT);
        if (p.isEmpty() || p.equals("bf16") || p.equals("fp16")) {
            return Optional.of("bf16");
        }
        if (p.startsWith("fp8") && !p.contains("mxfp4")) {
            return Optional.of("fp8");
        }
        return Optional.empty();
    }
}
