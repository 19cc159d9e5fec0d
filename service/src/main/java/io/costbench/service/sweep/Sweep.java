package io.costbench.service.sweep;

import java.time.OffsetDateTime;

/**
 * A sweep as stored. {@code donePoints} counts every point that has a result (succeeded, skipped or failed), so
 * progress is done / total; failed and skipped are the subsets.
 */
public record Sweep(long id, String name, SweepStatus status, SweepTrigger trigger, String requestedBy,
        String definitionJson, int totalPoints, int donePoints, int failedPoints, int skippedPoints,
        String catalogVersion, int chunkSize, int chunkCount, String errorMessage, OffsetDateTime createdAt,
        OffsetDateTime startedAt, OffsetDateTime finishedAt) {

    public Progress progress() {
        return new Progress(donePoints, totalPoints, failedPoints, skippedPoints);
    }

    public record Progress(int done, int total, int failed, int skipped) {

        /** Whole percent done, for the progress bar. */
        public int percent() {
            return total == 0 ? 100 : (int) (100L * done / total);
        }
    }
}
