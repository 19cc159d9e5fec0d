package io.costbench.service.catalog;

import org.springframework.data.jpa.repository.JpaRepository;

public interface ServingProfileEntryRepository extends JpaRepository<ServingProfileEntry, String> {
}
