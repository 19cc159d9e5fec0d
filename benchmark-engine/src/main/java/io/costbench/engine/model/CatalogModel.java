package io.costbench.engine.model;

import java.util.List;

/**
 * A catalog model: its spec, the architecture its config names, the published active parameter count (equal to the
 * total for dense models), the SHA-256 of its data files (config.json then model.json) for tracing results, and the
 * other names it goes by (Hugging Face ids such as {@code Qwen/Qwen3-8B}).
 */
public record CatalogModel(ModelSpec spec, String architecture, long publishedActiveParams, String contentSha256,
        List<String> aliases) {

    public CatalogModel {
        aliases = List.copyOf(aliases);
    }

    public String id() {
        return spec.id();
    }
}
