package io.costbench.service.sweep;

import java.time.OffsetDateTime;
import java.util.Map;

/**
 * One stored point: its scenario, its outcome (vLLM metrics, or why it was skipped or failed), and what produced it
 * (profile parameters' hash, catalog version, the chunk and the Quartz instance that ran it).
 */
public record SweepPoint(int index, String scenarioKey, String model, String hardware, String profile,
        String optimizations, Integer tensorParallel, String precision, int inputTokens, int outputTokens,
        int concurrency, PointStatus status, String errorMessage, Integer chips, Map<String, Double> metrics,
        String profileSha256, String catalogVersion, int chunkIndex, String executedBy, OffsetDateTime completedAt) {

    static final int MAX_ERROR_CHARS = 2000;

    public SweepPoint {
        metrics = metrics == null ? Map.of() : Map.copyOf(metrics);
        if (errorMessage != null && errorMessage.length() > MAX_ERROR_CHARS) {
            errorMessage = errorMessage.substring(0, MAX_ERROR_CHARS - 1) + "…";
        }
    }

    static SweepPoint succeeded(SweepScenario scenario, PointOutcome outcome, String catalogVersion, int chunkIndex,
            String executedBy, OffsetDateTime completedAt) {
        return new SweepPoint(scenario.index(), scenario.key(), scenario.model(), scenario.target().hardware(),
                scenario.target().profile(), scenario.optimizationsLabel(), outcome.tensorParallel(),
                outcome.precision(), scenario.inputTokens(), scenario.outputTokens(), scenario.concurrency(),
                PointStatus.SUCCEEDED, null, outcome.chips(), outcome.metrics(), outcome.profileSha256(),
                catalogVersion, chunkIndex, executedBy, completedAt);
    }

    /** A point without a result: SKIPPED (does not fit) or FAILED, with the reason. */
    static SweepPoint withoutResult(SweepScenario scenario, PointStatus status, String reason, String catalogVersion,
            int chunkIndex, String executedBy, OffsetDateTime completedAt) {
        return new SweepPoint(scenario.index(), scenario.key(), scenario.model(), scenario.target().hardware(),
                scenario.target().profile(), scenario.optimizationsLabel(), scenario.target().tensorParallel(),
                scenario.target().precision(), scenario.inputTokens(), scenario.outputTokens(),
                scenario.concurrency(), status, reason, null, Map.of(), null, catalogVersion, chunkIndex, executedBy,
                completedAt);
    }

    public Double metric(String name) {
        return metrics.get(name);
    }
}
