package io.costbench.service.catalog;

import org.springframework.data.jpa.repository.JpaRepository;

public interface ModelEntryRepository extends JpaRepository<ModelEntry, String> {
}
