package io.costbench.service.dashboard;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The reads behind the dashboards. Every query is bounded to one sweep or one series and served by an index
 * (V5__dashboard_indexes.sql), so page time does not grow with the number of stored results.
 */
@Repository
class DashboardQueries {

    /** A sweep whose results the dashboards show: it finished cleanly, or it is a nightly that finished partly. */
    private static final String USABLE = "(s.status = 'SUCCEEDED' or (s.trigger_kind = 'NIGHTLY' and s.status = 'PARTIAL'))";

    private static final String POINT_COLUMNS = "p.sweep_id, p.model_id, p.hardware_id, p.profile_id, p.optimizations,"
            + " p.input_tokens, p.output_tokens, p.concurrency, p.chips, p.output_throughput,"
            + " p.total_token_throughput, p.median_ttft_ms, p.median_tpot_ms";

    private static final String SWEEP_COLUMNS = "s.id, s.name, s.status, s.trigger_kind, s.finished_at, s.preset";

    private final JdbcClient jdbc;

    DashboardQueries(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    Optional<SweepRef> latestUsableSweep() {
        return jdbc.sql("select " + SWEEP_COLUMNS + " from sweep s where " + USABLE
                + " order by s.id desc limit 1").query(DashboardQueries::sweep).optional();
    }

    /**
     * The newest usable run of the default study (nightly or by hand), else the newest usable sweep: the overview
     * keeps the full comparison when someone runs a one-model sweep.
     */
    Optional<SweepRef> latestComparison() {
        return jdbc.sql("select " + SWEEP_COLUMNS + " from sweep s where " + USABLE + " and s.preset = 'default'"
                + " order by s.id desc limit 1").query(DashboardQueries::sweep).optional()
                .or(this::latestUsableSweep);
    }

    /** The newest usable sweeps, for the overview's sweep selector. */
    List<SweepRef> recentUsableSweeps(int limit) {
        return jdbc.sql("select " + SWEEP_COLUMNS + " from sweep s where " + USABLE + " order by s.id desc limit :limit")
                .param("limit", limit).query(DashboardQueries::sweep).list();
    }

    /** The newest usable sweep holding a successful point of {@code modelId}. */
    Optional<SweepRef> latestUsableSweepWith(String modelId) {
        return jdbc.sql("select " + SWEEP_COLUMNS + " from sweep s where " + USABLE
                + " and exists (select 1 from sweep_point p where p.sweep_id = s.id and p.model_id = :model"
                + " and p.status = 'SUCCEEDED') order by s.id desc limit 1")
                .param("model", modelId).query(DashboardQueries::sweep).optional();
    }

    Optional<SweepRef> sweep(long id) {
        return jdbc.sql("select " + SWEEP_COLUMNS + " from sweep s where s.id = :id")
                .param("id", id).query(DashboardQueries::sweep).optional();
    }

    /** The successful points of one sweep and workload, every model. */
    List<ResultPoint> points(long sweepId, TokenLengths workload) {
        return jdbc.sql("select " + POINT_COLUMNS + ", null as metrics_json from sweep_point p where p.sweep_id = :sweep"
                + " and p.input_tokens = :in and p.output_tokens = :out and p.status = 'SUCCEEDED'"
                + " order by p.model_id, p.hardware_id, p.profile_id, p.optimizations, p.concurrency")
                .param("sweep", sweepId).param("in", workload.inputTokens()).param("out", workload.outputTokens())
                .query(DashboardQueries::point).list();
    }

    /** The successful points of one model in one sweep and workload, with their full metrics. */
    List<ResultPoint> modelPoints(long sweepId, String modelId, TokenLengths workload) {
        return jdbc.sql("select " + POINT_COLUMNS + ", p.metrics_json from sweep_point p where p.sweep_id = :sweep"
                + " and p.model_id = :model and p.input_tokens = :in and p.output_tokens = :out"
                + " and p.status = 'SUCCEEDED' order by p.hardware_id, p.profile_id, p.optimizations, p.concurrency")
                .param("sweep", sweepId).param("model", modelId).param("in", workload.inputTokens())
                .param("out", workload.outputTokens()).query(DashboardQueries::point).list();
    }

    /** One scenario's default-study results (nightly and by hand), newest {@code limit}, returned oldest first. */
    List<TrendPoint> defaultStudyTrend(String modelId, Target target, TokenLengths workload, int concurrency, int limit) {
        List<TrendPoint> newestFirst = jdbc.sql("select s.id, s.finished_at, s.trigger_kind, " + POINT_COLUMNS
                        + ", null as metrics_json from sweep_point p join sweep s on s.id = p.sweep_id"
                        + " where p.model_id = :model and p.input_tokens = :in and p.output_tokens = :out"
                        + " and p.concurrency = :c and p.hardware_id = :hw and p.profile_id = :profile"
                        + " and p.optimizations = :opts and p.status = 'SUCCEEDED' and s.preset = 'default'"
                        + " and s.finished_at is not null order by s.id desc limit :limit")
                .param("model", modelId).param("in", workload.inputTokens()).param("out", workload.outputTokens())
                .param("c", concurrency).param("hw", target.hardwareId()).param("profile", target.profileId())
                .param("opts", target.optimizations()).param("limit", limit)
                .query((rs, row) -> new TrendPoint(rs.getLong(1), instant(rs, "finished_at"),
                        !"NIGHTLY".equals(rs.getString("trigger_kind")), point(rs, row)))
                .list();
        List<TrendPoint> oldestFirst = new ArrayList<>(newestFirst);
        Collections.reverse(oldestFirst);
        return oldestFirst;
    }

    /** The targets and concurrencies a model ran with in a sweep, for the trend selectors. */
    List<ResultPoint> seriesOf(long sweepId, String modelId) {
        return jdbc.sql("select " + POINT_COLUMNS + ", null as metrics_json from sweep_point p where p.sweep_id = :sweep"
                + " and p.model_id = :model and p.status = 'SUCCEEDED'")
                .param("sweep", sweepId).param("model", modelId).query(DashboardQueries::point).list();
    }

    /** @param manual the default study started by hand (page or API), not by the nightly cron */
    record TrendPoint(long sweepId, Instant finishedAt, boolean manual, ResultPoint point) {
    }

    private static SweepRef sweep(ResultSet rs, int row) throws SQLException {
        return new SweepRef(rs.getLong("id"), rs.getString("name"), rs.getString("status"),
                rs.getString("trigger_kind"), instant(rs, "finished_at"), rs.getString("preset"));
    }

    private static ResultPoint point(ResultSet rs, int row) throws SQLException {
        return new ResultPoint(rs.getLong("sweep_id"), rs.getString("model_id"),
                new Target(rs.getString("hardware_id"), rs.getString("profile_id"), rs.getString("optimizations")),
                rs.getInt("input_tokens"), rs.getInt("output_tokens"), rs.getInt("concurrency"),
                rs.getObject("chips") == null ? 1 : rs.getInt("chips"), rs.getDouble("output_throughput"),
                rs.getDouble("total_token_throughput"), nullableDouble(rs, "median_ttft_ms"),
                nullableDouble(rs, "median_tpot_ms"), rs.getString("metrics_json"));
    }

    private static Double nullableDouble(ResultSet rs, String column) throws SQLException {
        double value = rs.getDouble(column);
        return rs.wasNull() ? null : value;
    }

    private static Instant instant(ResultSet rs, String column) throws SQLException {
        OffsetDateTime value = rs.getObject(column, OffsetDateTime.class);
        return value == null ? null : value.toInstant();
    }
}
