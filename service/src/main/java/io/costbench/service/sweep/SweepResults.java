package io.costbench.service.sweep;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The query API over stored sweep results, owned by the sweep package: the dashboards and the CSV export read sweeps
 * and points only through it, so the sweep tables can change without them. Every query is bounded to one sweep or one
 * series and served by an index (V5__dashboard_indexes.sql, {@code sweep_point_order}), so its time does not grow
 * with the number of stored results.
 */
@Repository
public class SweepResults {

    /** A sweep whose results the dashboards show: it finished cleanly, or it is a nightly that finished partly. */
    private static final String USABLE = "(s.status = 'SUCCEEDED' or (s.trigger_kind = 'NIGHTLY' and s.status = 'PARTIAL'))";

    private static final String SUMMARY_COLUMNS = "s.id, s.name, s.status, s.trigger_kind, s.finished_at, s.preset";

    private static final String POINT_COLUMNS = "p.sweep_id, p.model_id, p.hardware_id, p.profile_id, p.optimizations,"
            + " p.input_tokens, p.output_tokens, p.concurrency, p.chips, p.output_throughput,"
            + " p.total_token_throughput, p.median_ttft_ms, p.median_tpot_ms";

    /**
     * The columns of {@link #pointPageQuery}, in this order: completed_at, sweep_id, point_index, status, model_id,
     * hardware_id, profile_id, optimizations, tensor_parallel, chips, precision_name, input_tokens, output_tokens,
     * concurrency, output_throughput, total_token_throughput, median_ttft_ms, median_tpot_ms.
     */
    private static final String PAGE_SELECT = "select p.completed_at, p.sweep_id, p.point_index, p.status, "
            + "p.model_id, p.hardware_id, p.profile_id, p.optimizations, p.tensor_parallel, p.chips, "
            + "p.precision_name, p.input_tokens, p.output_tokens, p.concurrency, p.output_throughput, "
            + "p.total_token_throughput, p.median_ttft_ms, p.median_tpot_ms "
            + "from sweep_point p";

    /**
     * Newest sweep first, in the columns of the index {@code sweep_point_series} (V5__dashboard_indexes.sql): with
     * the series fixed, the database reads the index backwards and stops at the limit, so a trend reads its newest
     * results however many are stored. H2 sees that the index gives the order only when every one of its columns is
     * named (ordered by {@code s.id} it read the whole series and sorted it; PostgreSQL plans both orders alike).
     */
    private static final String SERIES_NEWEST_FIRST = "p.model_id desc, p.input_tokens desc, p.output_tokens desc,"
            + " p.concurrency desc, p.hardware_id desc, p.profile_id desc, p.optimizations desc, p.sweep_id desc";

    private final JdbcClient jdbc;

    SweepResults(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * A sweep as a results page names it.
     *
     * @param preset "default" when the sweep ran the default study (SweepPresets.presetOf), else null
     */
    public record SweepSummary(long id, String name, String status, String triggerKind, Instant finishedAt,
            String preset) {
    }

    /**
     * One successful stored point. Throughputs in tokens/s, latencies in ms.
     *
     * @param chips       null for a point stored before chips were recorded
     * @param metricsJson every vLLM metric of the point; null unless the query says it reads them
     */
    public record StoredPoint(long sweepId, String modelId, String hardwareId, String profileId, String optimizations,
            int inputTokens, int outputTokens, int concurrency, Integer chips, double outputThroughput,
            double totalTokenThroughput, Double medianTtftMs, Double medianTpotMs, String metricsJson) {
    }

    /**
     * A point of a default-study sweep with when that sweep finished.
     *
     * @param manual the default study started by hand (page or API), not by the nightly cron
     */
    public record StudyPoint(long sweepId, Instant finishedAt, boolean manual, StoredPoint point) {
    }

    /** The point columns the export may filter on. */
    public enum PointField {
        MODEL("model_id"), HARDWARE("hardware_id"), PROFILE("profile_id");

        private final String column;

        PointField(String column) {
            this.column = column;
        }
    }

    public Optional<SweepSummary> latestUsable() {
        return jdbc.sql("select " + SUMMARY_COLUMNS + " from sweep s where " + USABLE + " order by s.id desc limit 1")
                .query(SweepResults::summary).optional();
    }

    /**
     * The newest usable run of the default study (nightly or by hand), else the newest usable sweep: the overview
     * keeps the full comparison when someone runs a one-model sweep.
     */
    public Optional<SweepSummary> latestComparison() {
        return jdbc.sql("select " + SUMMARY_COLUMNS + " from sweep s where " + USABLE + " and s.preset = 'default'"
                + " order by s.id desc limit 1").query(SweepResults::summary).optional().or(this::latestUsable);
    }

    /** The newest usable sweeps, for a sweep selector. */
    public List<SweepSummary> recentUsable(int limit) {
        return jdbc.sql("select " + SUMMARY_COLUMNS + " from sweep s where " + USABLE
                + " order by s.id desc limit :limit").param("limit", limit).query(SweepResults::summary).list();
    }

    /** The newest usable sweep holding a successful point of {@code modelId}. */
    public Optional<SweepSummary> latestUsableWith(String modelId) {
        return jdbc.sql("select " + SUMMARY_COLUMNS + " from sweep s where " + USABLE
                + " and exists (select 1 from sweep_point p where p.sweep_id = s.id and p.model_id = :model"
                + " and p.status = 'SUCCEEDED') order by s.id desc limit 1")
                .param("model", modelId).query(SweepResults::summary).optional();
    }

    public Optional<SweepSummary> summary(long id) {
        return jdbc.sql("select " + SUMMARY_COLUMNS + " from sweep s where s.id = :id")
                .param("id", id).query(SweepResults::summary).optional();
    }

    /** The successful points of one sweep and workload, every model, without their full metrics. */
    public List<StoredPoint> points(long sweepId, int inputTokens, int outputTokens) {
        return jdbc.sql("select " + POINT_COLUMNS + ", null as metrics_json from sweep_point p where p.sweep_id = :sweep"
                + " and p.input_tokens = :in and p.output_tokens = :out and p.status = 'SUCCEEDED'"
                + " order by p.model_id, p.hardware_id, p.profile_id, p.optimizations, p.concurrency")
                .param("sweep", sweepId).param("in", inputTokens).param("out", outputTokens)
                .query(SweepResults::point).list();
    }

    /** The successful points of one model in one sweep and workload, with their full metrics. */
    public List<StoredPoint> modelPoints(long sweepId, String modelId, int inputTokens, int outputTokens) {
        return jdbc.sql("select " + POINT_COLUMNS + ", p.metrics_json from sweep_point p where p.sweep_id = :sweep"
                + " and p.model_id = :model and p.input_tokens = :in and p.output_tokens = :out"
                + " and p.status = 'SUCCEEDED' order by p.hardware_id, p.profile_id, p.optimizations, p.concurrency")
                .param("sweep", sweepId).param("model", modelId).param("in", inputTokens)
                .param("out", outputTokens).query(SweepResults::point).list();
    }

    /** One scenario's default-study results (nightly and by hand), newest {@code limit}, returned oldest first. */
    public List<StudyPoint> defaultStudyTrend(String modelId, String hardwareId, String profileId,
            String optimizations, int inputTokens, int outputTokens, int concurrency, int limit) {
        List<StudyPoint> newestFirst = jdbc.sql("select s.id, s.finished_at, s.trigger_kind, " + POINT_COLUMNS
                        + ", null as metrics_json from sweep_point p join sweep s on s.id = p.sweep_id"
                        + " where p.model_id = :model and p.input_tokens = :in and p.output_tokens = :out"
                        + " and p.concurrency = :c and p.hardware_id = :hw and p.profile_id = :profile"
                        + " and p.optimizations = :opts and p.status = 'SUCCEEDED' and s.preset = 'default'"
                        + " and s.finished_at is not null order by " + SERIES_NEWEST_FIRST + " limit :limit")
                .param("model", modelId).param("in", inputTokens).param("out", outputTokens)
                .param("c", concurrency).param("hw", hardwareId).param("profile", profileId)
                .param("opts", optimizations).param("limit", limit)
                .query((rs, row) -> new StudyPoint(rs.getLong(1), instant(rs, "finished_at"),
                        !"NIGHTLY".equals(rs.getString("trigger_kind")), point(rs, row)))
                .list();
        List<StudyPoint> oldestFirst = new ArrayList<>(newestFirst);
        Collections.reverse(oldestFirst);
        return oldestFirst;
    }

    /** The successful points of a model in a sweep, every workload (the targets and concurrencies it ran). */
    public List<StoredPoint> modelSeries(long sweepId, String modelId) {
        return jdbc.sql("select " + POINT_COLUMNS + ", null as metrics_json from sweep_point p where p.sweep_id = :sweep"
                + " and p.model_id = :model and p.status = 'SUCCEEDED'")
                .param("sweep", sweepId).param("model", modelId).query(SweepResults::point).list();
    }

    /** Sweep names by id: of one sweep, or of every sweep when {@code sweepId} is null. */
    public Map<Long, String> names(Long sweepId) {
        Map<Long, String> names = new HashMap<>();
        var select = sweepId == null ? jdbc.sql("select id, name from sweep")
                : jdbc.sql("select id, name from sweep where id = ?").param(sweepId);
        select.query((ResultSet rs) -> {
            names.put(rs.getLong(1), rs.getString(2));
        });
        return names;
    }

    public Optional<String> name(long sweepId) {
        return jdbc.sql("select name from sweep where id = ?").param(sweepId).query(String.class).optional();
    }

    /** Every sweep id, ascending. */
    public List<Long> ids() {
        return jdbc.sql("select id from sweep order by id").query(Long.class).list();
    }

    /** Whether any stored point (of any status) has {@code value} in {@code field}. */
    public boolean anyPointWith(PointField field, String value) {
        return jdbc.sql("select 1 from sweep_point where " + field.column + " = ? fetch first 1 rows only")
                .param(value).query(Integer.class).optional().isPresent();
    }

    /**
     * The query of one page of one sweep's points for a keyset reader, in the order of the unique index
     * {@code sweep_point_order (sweep_id, point_index)}: the database reads a page straight off the index without
     * sorting (the order names both columns although the sweep is fixed: H2 sees that the index gives the order only
     * then). Its parameters are the sweep id, then those this adds to {@code params} for the filters given (null:
     * no filter), then the point index to continue after; its columns are listed at {@link #PAGE_SELECT}, the point
     * index third.
     *
     * @param completedFrom  first completion time included
     * @param completedUntil first completion time excluded
     */
    public static String pointPageQuery(String model, String hardware, String profile, OffsetDateTime completedFrom,
            OffsetDateTime completedUntil, List<Object> params) {
        StringBuilder conditions = new StringBuilder();
        if (model != null) {
            conditions.append(" and p.model_id = ?");
            params.add(model);
        }
        if (hardware != null) {
            conditions.append(" and p.hardware_id = ?");
            params.add(hardware);
        }
        if (profile != null) {
            conditions.append(" and p.profile_id = ?");
            params.add(profile);
        }
        if (completedFrom != null) {
            conditions.append(" and p.completed_at >= ?");
            params.add(completedFrom);
        }
        if (completedUntil != null) {
            conditions.append(" and p.completed_at < ?");
            params.add(completedUntil);
        }
        return PAGE_SELECT + " where p.sweep_id = ?" + conditions
                + " and p.point_index > ? order by p.sweep_id, p.point_index";
    }

    private static SweepSummary summary(ResultSet rs, int row) throws SQLException {
        return new SweepSummary(rs.getLong("id"), rs.getString("name"), rs.getString("status"),
                rs.getString("trigger_kind"), instant(rs, "finished_at"), rs.getString("preset"));
    }

    private static StoredPoint point(ResultSet rs, int row) throws SQLException {
        return new StoredPoint(rs.getLong("sweep_id"), rs.getString("model_id"), rs.getString("hardware_id"),
                rs.getString("profile_id"), rs.getString("optimizations"), rs.getInt("input_tokens"),
                rs.getInt("output_tokens"), rs.getInt("concurrency"),
                rs.getObject("chips") == null ? null : rs.getInt("chips"), rs.getDouble("output_throughput"),
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
