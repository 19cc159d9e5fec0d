package io.costbench.service.catalog;

import jakarta.persistence.AttributeOverride;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

/** What the service loaded for one hardware spec; its grouping is the vendor family. */
@Entity
@Table(name = "catalog_hardware")
@AttributeOverride(name = "grouping", column = @Column(name = "vendor"))
public class HardwareEntry extends CatalogRow {

    protected HardwareEntry() {
    }

    HardwareEntry(String id) {
        super(id);
    }
}
