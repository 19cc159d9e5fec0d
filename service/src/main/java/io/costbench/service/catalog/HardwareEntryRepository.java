package io.costbench.service.catalog;

import org.springframework.data.jpa.repository.JpaRepository;

public interface HardwareEntryRepository extends JpaRepository<HardwareEntry, String> {
}
