package io.costbench.service.catalog;

import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** What the service loaded for one serving-stack profile, with the hash of its catalog entry. */
@Entity
@Table(name = "catalog_profile")
public class ServingProfileEntry {

    @Id
    private String id;
    @Column(name = "display_name")
    private String displayName;
    private String engine;
    private String source;
    @Column(name = "content_sha256")
    private String contentSha256;
    @Column(name = "updated_at")
    private Instant updatedAt;

    protected ServingProfileEntry() {
    }

    public static ServingProfileEntry of(String id, String displayName, String engine, String source,
            String contentSha256, Instant updatedAt) {
        ServingProfileEntry entry = new ServingProfileEntry();
        entry.id = id;
        entry.refresh(displayName, engine, source, contentSha256, updatedAt);
        return entry;
    }

    public void refresh(String displayName, String engine, String source, String contentSha256, Instant updatedAt) {
        this.displayName = displayName;
        this.engine = engine;
        this.source = source;
        this.contentSha256 = contentSha256;
        this.updatedAt = updatedAt;
    }

    public String getId() { return id; }
    public String getDisplayName() { return displayName; }
    public String getEngine() { return engine; }
    public String getSource() { return source; }
    public String getContentSha256() { return contentSha256; }
    public Instant getUpdatedAt() { return updatedAt; }
}
