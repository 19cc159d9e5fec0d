package io.costbench.service.catalog;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.data.jpa.test.autoconfigure.DataJpaTest;
import org.springframework.boot.jdbc.test.autoconfigure.AutoConfigureTestDatabase;
import org.springframework.boot.jpa.test.autoconfigure.TestEntityManager;

import static org.assertj.core.api.Assertions.assertThat;

@Tag("database")
@DataJpaTest
@AutoConfigureTestDatabase(replace = AutoConfigureTestDatabase.Replace.NONE)
class ModelEntryRepositoryTest {

    @Autowired
    ModelEntryRepository repository;

    @Autowired
    TestEntityManager entityManager;

    @Test
    void writesAndReadsACatalogRow() {
        Instant loadedAt = Instant.parse("2026-11-30T02:00:00Z");
        repository.saveAndFlush(ModelEntry.of("test-model-rw", "Test Model", "dense", 8_030_000_000L,
                8_030_000_000L, "config.json of a test", "a".repeat(64), loadedAt));
        entityManager.clear();

        ModelEntry read = repository.findById("test-model-rw").orElseThrow();
        assertThat(read.getDisplayName()).isEqualTo("Test Model");
        assertThat(read.getTotalParams()).isEqualTo(8_030_000_000L);
        assertThat(read.getUpdatedAt().truncatedTo(ChronoUnit.SECONDS)).isEqualTo(loadedAt);
    }

    @Test
    void refreshKeepsTheIdAndReplacesTheHash() {
        repository.saveAndFlush(ModelEntry.of("test-model-refresh", "Old", "dense", 1, 1, "s", "b".repeat(64),
                Instant.parse("2026-01-01T00:00:00Z")));
        ModelEntry entry = repository.findById("test-model-refresh").orElseThrow();
        entry.refresh("New", "moe", 2, 1, "s2", "c".repeat(64), Instant.parse("2026-02-01T00:00:00Z"));
        repository.saveAndFlush(entry);
        entityManager.clear();

        ModelEntry read = repository.findById("test-model-refresh").orElseThrow();
        assertThat(read.getDisplayName()).isEqualTo("New");
        assertThat(read.getContentSha256()).isEqualTo("c".repeat(64));
    }
}
