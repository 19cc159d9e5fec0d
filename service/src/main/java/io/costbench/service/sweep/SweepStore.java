package io.costbench.service.sweep;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.OffsetDateTime;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.BatchPreparedStatementSetter;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * Sweeps and their points in SQL. Counters move only in the transaction that inserts the points they count, so a
 * crash can lose neither a point nor a count, and the last batch of a sweep decides its final status atomically.
 */
@Repository
public class SweepStore {

    private static final String SWEEP_COLUMNS = "id, name, status, trigger_kind, requested_by, definition_json, "
            + "total_points, done_points, failed_points, skipped_points, catalog_version, chunk_size, chunk_count, "
            + "error_message, created_at, started_at, finished_at";
    private static final String POINT_COLUMNS = "point_index, scenario_key, model_id, hardware_id, profile_id, "
            + "optimizations, tensor_parallel, precision_name, input_tokens, output_tokens, concurrency, status, "
            + "error_message, chips, metrics_json, profile_sha256, catalog_version, chunk_index, executed_by, "
            + "completed_at";
    private static final TypeReference<Map<String, Double>> METRICS = new TypeReference<>() {
    };

    private final JdbcClient jdbc;
    private final JdbcTemplate jdbcTemplate;
    private final JsonMapper json;

    SweepStore(JdbcClient jdbc, JdbcTemplate jdbcTemplate, JsonMapper json) {
        this.jdbc = jdbc;
        this.jdbcTemplate = jdbcTemplate;
        this.json = json;
    }

    /**
     * @throws DuplicateKeyException when a sweep with this idempotency key exists
     */
    long insert(String name, SweepTrigger trigger, String requestedBy, String definitionJson, String preset,
            int totalPoints, String catalogVersion, int chunkSize, int chunkCount, String idempotencyKey,
            OffsetDateTime now) {
        GeneratedKeyHolder keys = new GeneratedKeyHolder();
        jdbc.sql("insert into sweep (name, status, trigger_kind, requested_by, definition_json, preset, total_points, "
                        + "catalog_version, chunk_size, chunk_count, idempotency_key, created_at) "
                        + "values (?, 'QUEUED', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
                .params(name, trigger.name(), requestedBy, definitionJson, preset, totalPoints, catalogVersion,
                        chunkSize, chunkCount, idempotencyKey, now)
                .update(keys, "id");
        return keys.getKeyAs(Number.class).longValue();
    }

    public Optional<Sweep> find(long id) {
        return jdbc.sql("select " + SWEEP_COLUMNS + " from sweep where id = ?").param(id).query(this::sweep)
                .optional();
    }

    Optional<Sweep> findByIdempotencyKey(String key) {
        return jdbc.sql("select " + SWEEP_COLUMNS + " from sweep where idempotency_key = ?").param(key)
                .query(this::sweep).optional();
    }

    /** Newest first. */
    public List<Sweep> page(int page, int size) {
        return jdbc.sql("select " + SWEEP_COLUMNS + " from sweep order by id desc offset ? rows fetch next ? rows only")
                .params((long) page * size, size).query(this::sweep).list();
    }

    public long count() {
        return jdbc.sql("select count(*) from sweep").query(Long.class).single();
    }

    Optional<SweepStatus> status(long id) {
        return jdbc.sql("select status from sweep where id = ?").param(id).query(String.class).optional()
                .map(SweepStatus::valueOf);
    }

    /** QUEUED -> RUNNING when the first chunk starts. */
    void markRunning(long id, OffsetDateTime now) {
        jdbc.sql("update sweep set status = 'RUNNING', started_at = ? where id = ? and status = 'QUEUED'")
                .params(now, id).update();
    }

    /** @return whether the sweep was still queued or running */
    boolean cancel(long id, OffsetDateTime now) {
        return jdbc.sql("update sweep set status = 'CANCELLED', finished_at = ? "
                + "where id = ? and status in ('QUEUED', 'RUNNING')").params(now, id).update() == 1;
    }

    /** A sweep that cannot go on (its chunk kept failing outside any point). */
    boolean fail(long id, String error, OffsetDateTime now) {
        return jdbc.sql("update sweep set status = 'FAILED', error_message = ?, finished_at = ? "
                        + "where id = ? and status in ('QUEUED', 'RUNNING')")
                .params(truncate(error), now, id).update() == 1;
    }

    /** Counts one more start of a chunk (committed at once) and returns how many there have been. */
    int chunkStarted(long sweepId, int chunkIndex) {
        String update = "update sweep_chunk_start set starts = starts + 1 where sweep_id = ? and chunk_index = ?";
        if (jdbc.sql(update).params(sweepId, chunkIndex).update() == 0) {
            try {
                jdbc.sql("insert into sweep_chunk_start (sweep_id, chunk_index, starts) values (?, ?, 1)")
                        .params(sweepId, chunkIndex).update();
            } catch (DuplicateKeyException e) {
                jdbc.sql(update).params(sweepId, chunkIndex).update();
            }
        }
        return jdbc.sql("select starts from sweep_chunk_start where sweep_id = ? and chunk_index = ?")
                .params(sweepId, chunkIndex).query(Integer.class).single();
    }

    /** SweepScenario keys already stored for these point indexes: a re-run chunk skips them. */
    Set<String> existingKeys(long sweepId, int fromIndex, int toIndex) {
        return new HashSet<>(jdbc.sql("select scenario_key from sweep_point "
                        + "where sweep_id = ? and point_index >= ? and point_index < ?")
                .params(sweepId, fromIndex, toIndex).query(String.class).list());
    }

    /**
     * Inserts the points in one batch, counts them, and finishes the sweep if they were its last.
     *
     * @throws DuplicateKeyException if one of them was stored meanwhile (nothing of the batch is written)
     */
    @Transactional
    public void record(long sweepId, List<SweepPoint> points, OffsetDateTime now) {
        if (points.isEmpty()) {
            return;
        }
        jdbcTemplate.batchUpdate("insert into sweep_point (sweep_id, " + POINT_COLUMNS + ", output_throughput, "
                + "total_token_throughput, median_ttft_ms, median_tpot_ms) "
                + "values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                new BatchPreparedStatementSetter() {
                    @Override
                    public void setValues(PreparedStatement ps, int i) throws SQLException {
                        bind(ps, sweepId, points.get(i));
                    }

                    @Override
                    public int getBatchSize() {
                        return points.size();
                    }
                });
        int failed = (int) points.stream().filter(p -> p.status() == PointStatus.FAILED).count();
        int skipped = (int) points.stream().filter(p -> p.status() == PointStatus.SKIPPED).count();
        jdbc.sql("update sweep set done_points = done_points + ?, failed_points = failed_points + ?, "
                + "skipped_points = skipped_points + ? where id = ?")
                .params(points.size(), failed, skipped, sweepId).update();
        // No point succeeded -> FAILED; some failed -> PARTIAL. Skipped points (do not fit) are results, not failures.
        jdbc.sql("update sweep set finished_at = ?, status = case when failed_points = 0 then 'SUCCEEDED' "
                + "when failed_points + skipped_points >= total_points then 'FAILED' else 'PARTIAL' end "
                + "where id = ? and status = 'RUNNING' and done_points >= total_points")
                .params(now, sweepId).update();
    }

    /** Points of a sweep in expansion order. */
    public List<SweepPoint> points(long sweepId, int page, int size) {
        return points(sweepId, page, size, PointOrder.POINT, false);
    }

    /** Points of a sweep in {@code order} (expansion order breaks ties). */
    List<SweepPoint> points(long sweepId, int page, int size, PointOrder order, boolean descending) {
        return jdbc.sql("select " + POINT_COLUMNS + " from sweep_point where sweep_id = ? "
                        + "order by " + order.sql(descending) + " offset ? rows fetch next ? rows only")
                .params(sweepId, (long) page * size, size).query(this::point).list();
    }

    public long countPoints(long sweepId) {
        return jdbc.sql("select count(*) from sweep_point where sweep_id = ?").param(sweepId).query(Long.class)
                .single();
    }

    private void bind(PreparedStatement ps, long sweepId, SweepPoint p) throws SQLException {
        int i = 1;
        ps.setLong(i++, sweepId);
        ps.setInt(i++, p.index());
        ps.setString(i++, p.scenarioKey());
        ps.setString(i++, p.model());
        ps.setString(i++, p.hardware());
        ps.setString(i++, p.profile());
        ps.setString(i++, p.optimizations());
        setInteger(ps, i++, p.tensorParallel());
        ps.setString(i++, p.precision());
        ps.setInt(i++, p.inputTokens());
        ps.setInt(i++, p.outputTokens());
        ps.setInt(i++, p.concurrency());
        ps.setString(i++, p.status().name());
        ps.setString(i++, p.errorMessage());
        setInteger(ps, i++, p.chips());
        ps.setString(i++, p.metrics().isEmpty() ? null : json.writeValueAsString(p.metrics()));
        ps.setString(i++, p.profileSha256());
        ps.setString(i++, p.catalogVersion());
        ps.setInt(i++, p.chunkIndex());
        ps.setString(i++, p.executedBy());
        ps.setObject(i++, p.completedAt());
        setDouble(ps, i++, p.metric("output_throughput"));
        setDouble(ps, i++, p.metric("total_token_throughput"));
        setDouble(ps, i++, p.metric("median_ttft_ms"));
        setDouble(ps, i, p.metric("median_tpot_ms"));
    }

    private static void setInteger(PreparedStatement ps, int index, Integer value) throws SQLException {
        if (value == null) {
            ps.setNull(index, Types.INTEGER);
        } else {
            ps.setInt(index, value);
        }
    }

    private static void setDouble(PreparedStatement ps, int index, Double value) throws SQLException {
        if (value == null || value.isNaN() || value.isInfinite()) {
            ps.setNull(index, Types.DOUBLE);
        } else {
            ps.setDouble(index, value);
        }
    }

    private SweepPoint point(ResultSet rs, int row) throws SQLException {
        String metrics = rs.getString("metrics_json");
        return new SweepPoint(rs.getInt("point_index"), rs.getString("scenario_key"), rs.getString("model_id"),
                rs.getString("hardware_id"), rs.getString("profile_id"), rs.getString("optimizations"),
                rs.getObject("tensor_parallel", Integer.class), rs.getString("precision_name"),
                rs.getInt("input_tokens"), rs.getInt("output_tokens"), rs.getInt("concurrency"),
                PointStatus.valueOf(rs.getString("status")), rs.getString("error_message"),
                rs.getObject("chips", Integer.class), metrics == null ? Map.of() : json.readValue(metrics, METRICS),
                rs.getString("profile_sha256"), rs.getString("catalog_version"), rs.getInt("chunk_index"),
                rs.getString("executed_by"), rs.getObject("completed_at", OffsetDateTime.class));
    }

    private static String truncate(String error) {
        return error == null || error.length() <= SweepPoint.MAX_ERROR_CHARS ? error
                : error.substring(0, SweepPoint.MAX_ERROR_CHARS - 1) + "…";
    }

    private Sweep sweep(ResultSet rs, int row) throws SQLException {
        return new Sweep(rs.getLong("id"), rs.getString("name"), SweepStatus.valueOf(rs.getString("status")),
                SweepTrigger.valueOf(rs.getString("trigger_kind")), rs.getString("requested_by"),
                rs.getString("definition_json"), rs.getInt("total_points"), rs.getInt("done_points"),
                rs.getInt("failed_points"), rs.getInt("skipped_points"), rs.getString("catalog_version"),
                rs.getInt("chunk_size"), rs.getInt("chunk_count"), rs.getString("error_message"),
                rs.getObject("created_at", OffsetDateTime.class), rs.getObject("started_at", OffsetDateTime.class),
                rs.getObject("finished_at", OffsetDateTime.class));
    }
}
