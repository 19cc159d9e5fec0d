package io.costbench.service.catalog;

import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** What the service loaded for one model of the catalog, with the hash of its data files. */
@Entity
@Table(name = "catalog_model")
public class ModelEntry {

    @Id
    private String id;
    @Column(name = "display_name")
    private String displayName;
    private String architecture;
    @Column(name = "total_params")
    private long totalParams;
    @Column(name = "active_params")
    private long activeParams;
    private String source;
    @Column(name = "content_sha256")
    private String contentSha256;
    @Column(name = "updated_at")
    private Instant updatedAt;

    protected ModelEntry() {
    }

    public static ModelEntry of(String id, String displayName, String architecture, long totalParams,
            long activeParams, String source, String contentSha256, Instant updatedAt) {
        ModelEntry entry = new ModelEntry();
        entry.id = id;
        entry.displayName = displayName;
        entry.architecture = architecture;
        entry.totalParams = totalParams;
        entry.activeParams = activeParams;
        entry.source = source;
        entry.contentSha256 = contentSha256;
        entry.updatedAt = updatedAt;
        return entry;
    }

    /** Records a new load of the same model: new figures, new hash, same id. */
    public void refresh(String displayName, String architecture, long totalParams, long activeParams, String source,
            String contentSha256, Instant updatedAt) {
        this.displayName = displayName;
        this.architecture = architecture;
        this.totalParams = totalParams;
        this.activeParams = activeParams;
        this.source = source;
        this.contentSha256 = contentSha256;
        this.updatedAt = updatedAt;
    }

    public String getId() { return id; }
    public String getDisplayName() { return displayName; }
    public String getArchitecture() { return architecture; }
    public long getTotalParams() { return totalParams; }
    public long getActiveParams() { return activeParams; }
    public String getSource() { return source; }
    public String getContentSha256() { return contentSha256; }
    public Instant getUpdatedAt() { return updatedAt; }
}
