package io.costbench.service.catalog;

import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.Id;
import jakarta.persistence.MappedSuperclass;

/**
 * A catalog entry the service loaded (hardware spec or serving profile), with the hash of its content. {@code group}
 * is the entry's family: the vendor of a hardware spec, the engine of a profile (column named by the subclass).
 */
@MappedSuperclass
public abstract class CatalogRow {

    @Id
    private String id;
    @Column(name = "display_name")
    private String displayName;
    private String grouping;
    private String source;
    @Column(name = "content_sha256")
    private String contentSha256;
    @Column(name = "updated_at")
    private Instant updatedAt;

    protected CatalogRow() {
    }

    protected CatalogRow(String id) {
        this.id = id;
    }

    public void refresh(String displayName, String grouping, String source, String contentSha256, Instant updatedAt) {
        this.displayName = displayName;
        this.grouping = grouping;
        this.source = source;
        this.contentSha256 = contentSha256;
        this.updatedAt = updatedAt;
    }

    public String getId() { return id; }
    public String getDisplayName() { return displayName; }
    public String getGrouping() { return grouping; }
    public String getSource() { return source; }
    public String getContentSha256() { return contentSha256; }
    public Instant getUpdatedAt() { return updatedAt; }
}
