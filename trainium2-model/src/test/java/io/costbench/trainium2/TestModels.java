package io.costbench.trainium2;

import java.util.ArrayList;
import java.util.List;

import io.costbench.engine.model.AttentionMixer;
import io.costbench.engine.model.DenseMlp;
import io.costbench.engine.model.FeedForward;
import io.costbench.engine.model.GatedDeltaNetMixer;
import io.costbench.engine.model.LayerSpec;
import io.costbench.engine.model.Mixer;
import io.costbench.engine.model.ModelSpec;
import io.costbench.engine.model.MoeMlp;

/**
 * Model specs built from the dims in shared/reference/specs.md section 1, for tests that must not wait for the
 * engine's model catalog. Ids match the catalog's.
 */
final class TestModels {

    private TestModels() {
    }

    static ModelSpec qwen35_4b() {
        return gdnHybrid("qwen3.5-4b", 2560, 32, 16, 4, 256, 16, 32, 9216, 4_206_000_000L);
    }

    static ModelSpec qwen35_2b() {
        return gdnHybrid("qwen3.5-2b", 2048, 24, 8, 2, 256, 16, 16, 6144, 1_880_000_000L);
    }

    static ModelSpec qwen3_30b_a3b() {
        List<LayerSpec> layers = new ArrayList<>();
        for (int i = 0; i < 48; i++) {
            layers.add(new LayerSpec(i, new AttentionMixer(32, 4, 128, 0, false, false), new MoeMlp(128, 8, 768, 0, 0)));
        }
        return new ModelSpec("qwen3-30b-a3b", "Qwen3-30B-A3B", "specs.md 1b", 30_500_000_000L, 2048, 151936, false,
                40960, layers);
    }

    static ModelSpec qwen3_235b() {
        List<LayerSpec> layers = new ArrayList<>();
        for (int i = 0; i < 94; i++) {
            layers.add(new LayerSpec(i, new AttentionMixer(64, 4, 128, 0, false, false),
                    new MoeMlp(128, 8, 1536, 0, 0)));
        }
        return new ModelSpec("qwen3-235b-a22b", "Qwen3-235B-A22B", "Qwen3-235B-A22B config", 235_000_000_000L, 4096,
                151936, false, 40960, layers);
    }

    static ModelSpec gemma4_31b() {
        List<LayerSpec> layers = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            boolean global = i % 6 == 5;
            Mixer mixer = global ? new AttentionMixer(32, 4, 512, 0, true, false)
                    : new AttentionMixer(32, 16, 256, 1024, false, false);
            layers.add(new LayerSpec(i, mixer, new DenseMlp(21504)));
        }
        return new ModelSpec("gemma4-31b", "Gemma 4 31B", "specs.md 1c", 30_700_000_000L, 5376, 262144, true,
                262144, layers);
    }

    static ModelSpec llama31_8b() {
        return dense("llama-3.1-8b", 4096, 32, 32, 8, 128, 14336, 128256, 8_030_000_000L);
    }

    static ModelSpec llama33_70b() {
        return dense("llama-3.3-70b", 8192, 80, 64, 8, 128, 28672, 128256, 70_550_000_000L);
    }

    static ModelSpec qwen3_32b() {
        return dense("qwen3-32b", 5120, 64, 64, 8, 128, 25600, 151936, 32_800_000_000L);
    }

    private static ModelSpec dense(String id, int hidden, int layers, int heads, int kvHeads, int headDim, int inter,
            int vocab, long params) {
        List<LayerSpec> list = new ArrayList<>();
        for (int i = 0; i < layers; i++) {
            list.add(new LayerSpec(i, new AttentionMixer(heads, kvHeads, headDim, 0, false, false), new DenseMlp(inter)));
        }
        return new ModelSpec(id, id, "specs.md 1e", params, hidden, vocab, false, 131072, list);
    }

    private static ModelSpec gdnHybrid(String id, int hidden, int layers, int heads, int kvHeads, int headDim,
            int linearKeyHeads, int linearValueHeads, int inter, long params) {
        List<LayerSpec> list = new ArrayList<>();
        FeedForward mlp = new DenseMlp(inter);
        for (int i = 0; i < layers; i++) {
            Mixer mixer = i % 4 == 3 ? new AttentionMixer(heads, kvHeads, headDim, 0, false, true)
                    : new GatedDeltaNetMixer(linearKeyHeads, linearValueHeads, 128, 128, 4, 4);
            list.add(new LayerSpec(i, mixer, mlp));
        }
        return new ModelSpec(id, id, "specs.md 1a", params, hidden, 248320, true, 262144, list);
    }
}
