package io.costbench.service.sweep;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Component;

import io.costbench.engine.port.DoesNotFitException;
import tools.jackson.databind.json.JsonMapper;

/**
 * Runs one chunk of a sweep: simulates the points not stored yet and writes them in batches. Safe to run again (after
 * a crash, or twice at once after a false failure detection): stored points are skipped, and the unique key on
 * (sweep, scenario) turns a racing duplicate into a re-read instead of a second row.
 */
@Component
class ChunkRunner {

    private static final Logger log = LoggerFactory.getLogger(ChunkRunner.class);

    private final SweepStore store;
    private final PointSimulator simulator;
    private final SweepProperties properties;
    private final JsonMapper json;

    ChunkRunner(SweepStore store, PointSimulator simulator, SweepProperties properties, JsonMapper json) {
        this.store = store;
        this.simulator = simulator;
        this.properties = properties;
        this.json = json;
    }

    /** @param executedBy the Quartz instance id, stored with every point */
    void run(long sweepId, int chunkIndex, String executedBy) {
        Sweep sweep = store.find(sweepId).orElse(null);
        if (sweep == null || sweep.status().finished()) {
            return;
        }
        store.markRunning(sweepId, now());
        SweepDefinition definition = json.readValue(sweep.definitionJson(), SweepDefinition.class);
        int from = chunkIndex * sweep.chunkSize();
        int to = Math.min(sweep.totalPoints(), from + sweep.chunkSize());
        Set<String> stored = store.existingKeys(sweepId, from, to);
        List<SweepScenario> pending = definition.scenarios(from, to).stream()
                .filter(scenario -> !stored.contains(scenario.key())).toList();
        String catalogVersion = simulator.catalogVersion();

        List<SweepPoint> batch = new ArrayList<>(properties.writeBatchSize());
        long started = System.nanoTime();
        long storageNanos = 0;
        for (SweepScenario scenario : pending) {
            if (batch.isEmpty() && stopped(sweepId)) {
                log.info("sweep {} chunk {}: stopped, the sweep is no longer running", sweepId, chunkIndex);
                return;
            }
            batch.add(simulate(scenario, catalogVersion, chunkIndex, executedBy));
            if (batch.size() == properties.writeBatchSize()) {
                storageNanos += write(sweepId, batch);
                batch.clear();
            }
        }
        storageNanos += write(sweepId, batch);
        long totalMs = (System.nanoTime() - started) / 1_000_000;
        log.info("sweep {} chunk {}: {} points ({} already stored) in {} ms, storage {} ms, on {}", sweepId,
                chunkIndex, pending.size(), to - from - pending.size(), totalMs, storageNanos / 1_000_000, executedBy);
    }

    private SweepPoint simulate(SweepScenario scenario, String catalogVersion, int chunkIndex, String executedBy) {
        try {
            PointOutcome outcome = simulator.simulate(scenario);
            return SweepPoint.succeeded(scenario, outcome, catalogVersion, chunkIndex, executedBy, now());
        } catch (DoesNotFitException e) {
            return SweepPoint.withoutResult(scenario, PointStatus.SKIPPED, e.getMessage(), catalogVersion, chunkIndex,
                    executedBy, now());
        } catch (RuntimeException e) {
            log.warn("sweep point {} failed", scenario.key(), e);
            String reason = e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
            return SweepPoint.withoutResult(scenario, PointStatus.FAILED, reason, catalogVersion, chunkIndex,
                    executedBy, now());
        }
    }

    /** @return nanoseconds spent storing */
    private long write(long sweepId, List<SweepPoint> batch) {
        if (batch.isEmpty()) {
            return 0;
        }
        long started = System.nanoTime();
        try {
            store.record(sweepId, batch, now());
        } catch (DuplicateKeyException e) {
            // Another executor stored some of these meanwhile: keep theirs, write the rest.
            int from = batch.stream().mapToInt(SweepPoint::index).min().orElseThrow();
            int to = batch.stream().mapToInt(SweepPoint::index).max().orElseThrow() + 1;
            Set<String> stored = store.existingKeys(sweepId, from, to);
            store.record(sweepId, batch.stream().filter(p -> !stored.contains(p.scenarioKey())).toList(), now());
        }
        return System.nanoTime() - started;
    }

    private boolean stopped(long sweepId) {
        return store.status(sweepId).map(SweepStatus::finished).orElse(true);
    }

    private static OffsetDateTime now() {
        return OffsetDateTime.now(ZoneOffset.UTC);
    }
}
