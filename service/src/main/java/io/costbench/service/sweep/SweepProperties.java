package io.costbench.service.sweep;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * How sweeps are cut and stored.
 *
 * @param chunkSize        points per Quartz chunk job (the unit of sharing between instances and of recovery)
 * @param maxChunks        at most this many chunks per sweep; large sweeps get larger chunks
 * @param writeBatchSize   points per batch insert (and per progress update)
 * @param maxPoints        largest sweep accepted
 * @param chunkAttempts    attempts of a chunk that fails for a reason other than a point (database down, ...)
 * @param chunkRetryDelay  wait before such a retry
 */
@ConfigurationProperties("costbench.sweeps")
public record SweepProperties(int chunkSize, int maxChunks, int writeBatchSize, int maxPoints, int chunkAttempts,
        Duration chunkRetryDelay) {

    public SweepProperties {
        if (chunkSize < 1 || maxChunks < 1 || writeBatchSize < 1 || maxPoints < 1 || chunkAttempts < 1) {
            throw new IllegalArgumentException("costbench.sweeps: sizes and attempts must be >= 1");
        }
    }

    /** Points per chunk for a sweep of this size. */
    int chunkSizeFor(long points) {
        return (int) Math.max(chunkSize, (points + maxChunks - 1) / maxChunks);
    }
}
