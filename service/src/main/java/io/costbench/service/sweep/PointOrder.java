package io.costbench.service.sweep;

import java.util.Arrays;
import java.util.Optional;

/**
 * The orders the sweep page can sort its points by, each a fixed SQL order (never built from the request). Points
 * without the value (skipped, failed) sort last either way; ties keep the expansion order.
 */
public enum PointOrder {
    POINT("point", "point_index"),
    MODEL("model", "model_id"),
    TARGET("target", "hardware_id", "profile_id", "optimizations"),
    WORKLOAD("workload", "input_tokens", "output_tokens"),
    CONCURRENCY("concurrency", "concurrency"),
    STATUS("status", "status"),
    THROUGHPUT("throughput", "output_throughput"),
    TTFT("ttft", "median_ttft_ms"),
    TPOT("tpot", "median_tpot_ms");

    private final String key;
    private final String[] columns;

    PointOrder(String key, String... columns) {
        this.key = key;
        this.columns = columns;
    }

    public String key() {
        return key;
    }

    /** The order for a {@code sort} parameter; empty for anything unknown. */
    static Optional<PointOrder> ofKey(String key) {
        return Arrays.stream(values()).filter(o -> o.key.equals(key)).findFirst();
    }

    String sql(boolean descending) {
        StringBuilder sql = new StringBuilder();
        for (String column : columns) {
            sql.append("case when ").append(column).append(" is null then 1 else 0 end, ").append(column)
                    .append(descending ? " desc, " : ", ");
        }
        return sql.append("point_index").toString();
    }
}
