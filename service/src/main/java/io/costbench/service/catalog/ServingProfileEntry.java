package io.costbench.service.catalog;

import jakarta.persistence.AttributeOverride;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

/** What the service loaded for one serving-stack profile; its grouping is the engine. */
@Entity
@Table(name = "catalog_profile")
@AttributeOverride(name = "grouping", column = @Column(name = "engine"))
public class ServingProfileEntry extends CatalogRow {

    protected ServingProfileEntry() {
    }

    ServingProfileEntry(String id) {
        super(id);
    }
}
