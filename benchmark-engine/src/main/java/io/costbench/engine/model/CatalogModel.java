package io.costbench.engine.model;

/**
 * A catalog model: its spec, the architecture its config names, the published active parameter count (equal to the
 * total for dense models), and the SHA-256 of its data files (config.json then model.json) for tracing results.
 */
public record CatalogModel(ModelSpec spec, String architecture, long publishedActiveParams, String contentSha256) {

    public String id() {
        return spec.id();
    }
}
