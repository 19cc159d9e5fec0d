package io.costbench.gpu;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import io.costbench.engine.model.AttentionMixer;
import io.costbench.engine.model.DenseMlp;
import io.costbench.engine.model.FeedForward;
import io.costbench.engine.model.LayerSpec;
import io.costbench.engine.model.ModelSpec;
import io.costbench.engine.model.MoeMlp;

/**
 * Model specs built from the dimensions in specs.md and the Hugging Face configs, until the engine's model catalog
 * ships them as config.json files.
 */
final class TestModels {

    private TestModels() {
    }

    static final Map<String, Supplier<ModelSpec>> BY_ID = Map.of(
            "qwen3-8b", TestModels::qwen3_8b,
            "qwen3-32b", TestModels::qwen3_32b,
            "llama-3.1-8b", TestModels::llama31_8b,
            "llama-3.1-70b", TestModels::llama31_70b,
            "llama-3.1-405b", TestModels::llama31_405b,
            "qwen3-30b-a3b", TestModels::qwen3_30b_a3b);

    /** The engine's shipped config when it has one, else the spec built here from the same dimensions. */
    static ModelSpec byId(String id) {
        var shipped = io.costbench.engine.model.ModelCatalog.standard().find(id);
        if (shipped.isPresent()) {
            return io.costbench.engine.model.ModelCatalog.standard().get(id);
        }
        Supplier<ModelSpec> supplier = BY_ID.get(id);
        if (supplier == null) {
            throw new IllegalArgumentException("no test model " + id);
        }
        return supplier.get();
    }

    /** Qwen/Qwen3-8B config.json: 4096 hidden, 36 layers, 32/8 heads x 128, intermediate 12288, untied. */
    static ModelSpec qwen3_8b() {
        return dense("qwen3-8b", "Qwen3-8B", 8_190_000_000L, 4096, 151936, false, 40960, 36, 32, 8, 128, 12288);
    }

    /** Qwen/Qwen3-32B config.json: 5120 hidden, 64 layers, 64/8 heads x 128, intermediate 25600, untied. */
    static ModelSpec qwen3_32b() {
        return dense("qwen3-32b", "Qwen3-32B", 32_800_000_000L, 5120, 151936, false, 40960, 64, 64, 8, 128, 25600);
    }

    /** specs.md §1e Llama-3.1-8B: 4096 hidden, 32 layers, 32/8 heads, intermediate 14336, vocab 128256. */
    static ModelSpec llama31_8b() {
        return dense("llama-3.1-8b", "Llama-3.1-8B", 8_030_000_000L, 4096, 128256, false, 131072, 32, 32, 8, 128,
                14336);
    }

    /** specs.md §1e Llama-3.3-70B dims (shared by 3.1-70B): 8192 hidden, 80 layers, 64/8 heads, 28672. */
    static ModelSpec llama31_70b() {
        return dense("llama-3.1-70b", "Llama-3.1-70B", 70_550_000_000L, 8192, 128256, false, 131072, 80, 64, 8, 128,
                28672);
    }

    /** Llama-3.1-405B config.json: 16384 hidden, 126 layers, 128/8 heads, intermediate 53248. */
    static ModelSpec llama31_405b() {
        return dense("llama-3.1-405b", "Llama-3.1-405B", 405_000_000_000L, 16384, 128256, false, 131072, 126, 128,
                8, 128, 53248);
    }

    /** specs.md §1b Qwen3-30B-A3B: 2048 hidden, 48 layers, 32/4 heads, 128 experts top-8 of 768, untied. */
    static ModelSpec qwen3_30b_a3b() {
        return build("qwen3-30b-a3b", "Qwen3-30B-A3B", 30_500_000_000L, 2048, 151936, false, 40960, 48, 32, 4, 128,
                new MoeMlp(128, 8, 768, 0, 0));
    }

    /** The same MoE with a different expert count, for the routing mechanism tests. */
    static ModelSpec moe(int experts, int perToken) {
        return build("moe-" + experts + "x" + perToken, "MoE", 0, 2048, 151936, false, 40960, 48, 32, 4, 128,
                new MoeMlp(experts, perToken, 768, 0, 0));
    }

    private static ModelSpec dense(String id, String name, long params, int hidden, int vocab, boolean tied,
            int maxPos, int layers, int heads, int kvHeads, int headDim, int intermediate) {
        return build(id, name, params, hidden, vocab, tied, maxPos, layers, heads, kvHeads, headDim,
                new DenseMlp(intermediate));
    }

    private static ModelSpec build(String id, String name, long params, int hidden, int vocab, boolean tied,
            int maxPos, int layers, int heads, int kvHeads, int headDim, FeedForward ff) {
        List<LayerSpec> list = new ArrayList<>();
        for (int i = 0; i < layers; i++) {
            list.add(new LayerSpec(i, new AttentionMixer(heads, kvHeads, headDim, 0, false, false), ff));
        }
        return new ModelSpec(id, name, "specs.md / Hugging Face config.json", params, hidden, vocab, tied, maxPos,
                list);
    }
}
