package io.costbench.engine.port;

import java.util.List;

/**
 * An id with a human name and where it comes from, for listing hardware, profiles and switches.
 *
 * @param aliases other names of the same thing ({@code H100 SXM}, {@code p5.48xlarge}), as the catalog file lists them
 */
public record CatalogEntry(String id, String displayName, String description, String source, List<String> aliases) {

    public CatalogEntry {
        aliases = List.copyOf(aliases);
    }

    public CatalogEntry(String id, String displayName, String description, String source) {
        this(id, displayName, description, source, List.of());
    }
}
