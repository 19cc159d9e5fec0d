package io.costbench.service.dashboard;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import org.springframework.stereotype.Component;

import io.costbench.service.sweep.SweepResults;

/**
 * The reads behind the dashboards, through the sweep package's query API ({@link SweepResults}): sweeps as
 * {@link SweepRef}, points as {@link ResultPoint}.
 */
@Component
class DashboardQueries {

    private final SweepResults results;

    DashboardQueries(SweepResults results) {
        this.results = results;
    }

    Optional<SweepRef> latestUsableSweep() {
        return results.latestUsable().map(DashboardQueries::ref);
    }

    /** The newest usable run of the default study, else the newest usable sweep (what the overview shows). */
    Optional<SweepRef> latestComparison() {
        return results.latestComparison().map(DashboardQueries::ref);
    }

    /** The newest usable sweeps, for the overview's sweep selector. */
    List<SweepRef> recentUsableSweeps(int limit) {
        return results.recentUsable(limit).stream().map(DashboardQueries::ref).toList();
    }

    /** The newest usable sweep holding a successful point of {@code modelId}. */
    Optional<SweepRef> latestUsableSweepWith(String modelId) {
        return results.latestUsableWith(modelId).map(DashboardQueries::ref);
    }

    Optional<SweepRef> sweep(long id) {
        return results.summary(id).map(DashboardQueries::ref);
    }

    /** The successful points of one sweep and workload, every model. */
    List<ResultPoint> points(long sweepId, TokenLengths workload) {
        return results.points(sweepId, workload.inputTokens(), workload.outputTokens()).stream()
                .map(DashboardQueries::point).toList();
    }

    /** The successful points of one model in one sweep and workload, with their full metrics. */
    List<ResultPoint> modelPoints(long sweepId, String modelId, TokenLengths workload) {
        return results.modelPoints(sweepId, modelId, workload.inputTokens(), workload.outputTokens()).stream()
                .map(DashboardQueries::point).toList();
    }

    /** One scenario's default-study results (nightly and by hand), newest {@code limit}, returned oldest first. */
    List<TrendPoint> defaultStudyTrend(String modelId, Target target, TokenLengths workload, int concurrency,
            int limit) {
        return results.defaultStudyTrend(modelId, target.hardwareId(), target.profileId(), target.optimizations(),
                        workload.inputTokens(), workload.outputTokens(), concurrency, limit).stream()
                .map(p -> new TrendPoint(p.sweepId(), p.finishedAt(), p.manual(), point(p.point()))).toList();
    }

    /** The targets and concurrencies a model ran with in a sweep, for the trend selectors. */
    List<ResultPoint> seriesOf(long sweepId, String modelId) {
        return results.modelSeries(sweepId, modelId).stream().map(DashboardQueries::point).toList();
    }

    /** @param manual the default study started by hand (page or API), not by the nightly cron */
    record TrendPoint(long sweepId, Instant finishedAt, boolean manual, ResultPoint point) {
    }

    private static SweepRef ref(SweepResults.SweepSummary sweep) {
        return new SweepRef(sweep.id(), sweep.name(), sweep.status(), sweep.triggerKind(), sweep.finishedAt(),
                sweep.preset());
    }

    private static ResultPoint point(SweepResults.StoredPoint p) {
        return new ResultPoint(p.sweepId(), p.modelId(), new Target(p.hardwareId(), p.profileId(), p.optimizations()),
                p.inputTokens(), p.outputTokens(), p.concurrency(), p.chips() == null ? 1 : p.chips(),
                p.outputThroughput(), p.totalTokenThroughput(), p.medianTtftMs(), p.medianTpotMs(), p.metricsJson());
    }
}
