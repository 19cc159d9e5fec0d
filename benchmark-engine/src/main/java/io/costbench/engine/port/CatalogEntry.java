package io.costbench.engine.port;

/** An id with a human name and where it comes from, for listing hardware, profiles and switches. */
public record CatalogEntry(String id, String displayName, String description, String source) {
}
