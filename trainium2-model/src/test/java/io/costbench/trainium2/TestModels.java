package io.costbench.trainium2;

import io.costbench.engine.model.ModelCatalog;
import io.costbench.engine.model.ModelSpec;

/** The engine's shipped model catalog (Hugging Face configs plus sidecars), by the API's ids. */
final class TestModels {

    static final ModelCatalog CATALOG = ModelCatalog.standard();

    private TestModels() {
    }

    static ModelSpec get(String id) {
        return CATALOG.get(id);
    }

    static ModelSpec qwen35_4b() {
        return get("qwen3.5-4b");
    }

    static ModelSpec qwen35_2b() {
        return get("qwen3.5-2b");
    }

    static ModelSpec qwen3_30b_a3b() {
        return get("qwen3-30b-a3b");
    }

    static ModelSpec qwen3_235b() {
        return get("qwen3-235b-a22b");
    }

    static ModelSpec gemma4_31b() {
        return get("gemma4-31b");
    }

    static ModelSpec llama31_8b() {
        return get("llama-3.1-8b");
    }

    static ModelSpec llama33_70b() {
        return get("llama-3.3-70b");
    }

    static ModelSpec qwen3_32b() {
        return get("qwen3-32b");
    }
}
