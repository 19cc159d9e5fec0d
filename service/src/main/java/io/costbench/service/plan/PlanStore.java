package io.costbench.service.plan;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.stereotype.Repository;

import tools.jackson.databind.json.JsonMapper;

/** Plans in SQL: one row per computed plan, written once, with its request and result as JSON. */
@Repository
class PlanStore {

    private static final String COLUMNS = "id, created_at, model_id, catalog_version, verdict, cheapest_label, "
            + "cheapest_usd_per_month, candidate_count, request_json, result_json";

    private final JdbcClient jdbc;
    private final JsonMapper json;

    PlanStore(JdbcClient jdbc, JsonMapper json) {
        this.jdbc = jdbc;
        this.json = json;
    }

    StoredPlan insert(PlanRequest request, PlanResult result, OffsetDateTime now) {
        String requestJson = json.writeValueAsString(request);
        GeneratedKeyHolder keys = new GeneratedKeyHolder();
        jdbc.sql("insert into capacity_plan (created_at, model_id, catalog_version, verdict, cheapest_label, "
                        + "cheapest_usd_per_month, candidate_count, request_json, result_json) "
                        + "values (?, ?, ?, ?, ?, ?, ?, ?, ?)")
                .params(now, result.model(), result.catalogVersion(), result.verdict(),
                        result.cheapest() == null ? null : result.cheapest().label(),
                        result.cheapest() == null ? null : result.cheapest().usdPerMonth(),
                        result.candidates().size(), requestJson, json.writeValueAsString(result))
                .update(keys, "id");
        return new StoredPlan(keys.getKeyAs(Number.class).longValue(), now, request, result);
    }

    Optional<StoredPlan> find(long id) {
        return jdbc.sql("select " + COLUMNS + " from capacity_plan where id = ?").param(id).query(this::plan)
                .optional();
    }

    /** Newest first, without their results' candidate lists. */
    List<PlanSummary> page(int page, int size) {
        return jdbc.sql("select id, created_at, model_id, catalog_version, verdict, cheapest_label, "
                        + "cheapest_usd_per_month, candidate_count from capacity_plan "
                        + "order by created_at desc, id desc "
                        + "offset ? rows fetch next ? rows only")
                .params((long) page * size, size)
                .query((rs, n) -> new PlanSummary(rs.getLong("id"), rs.getObject("created_at", OffsetDateTime.class),
                        rs.getString("model_id"), rs.getString("catalog_version"), rs.getString("verdict"),
                        rs.getString("cheapest_label"), (Double) rs.getObject("cheapest_usd_per_month"),
                        rs.getInt("candidate_count"), "/api/v1/plans/" + rs.getLong("id")))
                .list();
    }

    long count() {
        return jdbc.sql("select count(*) from capacity_plan").query(Long.class).single();
    }

    private StoredPlan plan(ResultSet rs, int row) throws SQLException {
        return new StoredPlan(rs.getLong("id"), rs.getObject("created_at", OffsetDateTime.class),
                json.readValue(rs.getString("request_json"), PlanRequest.class),
                json.readValue(rs.getString("result_json"), PlanResult.class));
    }

    record StoredPlan(long id, OffsetDateTime createdAt, PlanRequest request, PlanResult result) {
    }

    record PlanSummary(long id, OffsetDateTime createdAt, String model, String catalogVersion, String verdict,
            String cheapest, Double cheapestUsdPerMonth, int candidates, String href) {
    }
}
