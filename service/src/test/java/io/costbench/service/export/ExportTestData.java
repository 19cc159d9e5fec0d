package io.costbench.service.export;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.util.UUID;

import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;

import static org.assertj.core.api.Assertions.assertThat;

/** Sweeps and points written straight into the tables, as the sweep runner stores them. */
final class ExportTestData {

    /** A stored point; null fields are stored as SQL null. */
    record Point(int index, String model, String hardware, String profile, String optimizations,
            Integer tensorParallel, String precision, int inputTokens, int outputTokens, int concurrency,
            String status, Integer chips, Double outputThroughput, Double totalThroughput, Double ttftMs,
            Double tpotMs, OffsetDateTime completedAt) {
    }

    private final JdbcClient jdbc;
    private final JdbcTemplate template;

    ExportTestData(JdbcClient jdbc, JdbcTemplate template) {
        this.jdbc = jdbc;
        this.template = template;
    }

    long sweep(String name, int totalPoints) {
        GeneratedKeyHolder keys = new GeneratedKeyHolder();
        jdbc.sql("insert into sweep (name, status, trigger_kind, requested_by, definition_json, total_points, "
                        + "done_points, catalog_version, created_at) values (?, 'RUNNING', 'API', 'export-test', '{}', ?, "
                        + "0, 'test', ?)")
                .params(name, totalPoints, OffsetDateTime.parse("2026-03-01T00:00:00Z")).update(keys, "id");
        return keys.getKeyAs(Number.class).longValue();
    }

    void point(long sweepId, Point p) {
        jdbc.sql("insert into sweep_point (sweep_id, scenario_key, point_index, model_id, hardware_id, profile_id, "
                        + "optimizations, tensor_parallel, precision_name, input_tokens, output_tokens, concurrency, "
                        + "status, chips, output_throughput, total_token_throughput, median_ttft_ms, median_tpot_ms, "
                        + "profile_sha256, catalog_version, completed_at) "
                        + "values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'test', ?)")
                .params(sweepId, "k" + p.index() + "-" + UUID.randomUUID(), p.index(), p.model(), p.hardware(),
                        p.profile(), p.optimizations(), p.tensorParallel(), p.precision(), p.inputTokens(),
                        p.outputTokens(), p.concurrency(), p.status(), p.chips(), p.outputThroughput(),
                        p.totalThroughput(), p.ttftMs(), p.tpotMs(), p.chips() == null ? null : "sha", p.completedAt())
                .update();
    }

    /**
     * Starts a download and reads only its first 4 KB: with more than the socket buffers hold still to come, the
     * export stalls until the returned socket is closed.
     */
    static Socket stalledDownload(int port, String path) throws IOException {
        Socket socket = new Socket("localhost", port);
        OutputStream request = socket.getOutputStream();
        request.write(("GET " + path + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        request.flush();
        InputStream in = socket.getInputStream();
        assertThat(new String(in.readNBytes(4096), StandardCharsets.US_ASCII)).startsWith("HTTP/1.1 200");
        return socket;
    }

    /**
     * {@code count} succeeded points in one statement (the database generates them): alternately on trn2 (1 chip)
     * and h100-sxm (1 GPU), throughput growing with the index.
     */
    void bulkPoints(long sweepId, String model, int count) {
        boolean postgres = Boolean.TRUE.equals(template.execute((ConnectionCallback<Boolean>) c ->
                "PostgreSQL".equalsIgnoreCase(c.getMetaData().getDatabaseProductName())));
        String rows = postgres ? "generate_series(0, ? - 1) as g(x)" : "system_range(0, ? - 1)";
        template.update("insert into sweep_point (sweep_id, scenario_key, point_index, model_id, hardware_id, "
                + "profile_id, optimizations, tensor_parallel, precision_name, input_tokens, output_tokens, concurrency, "
                + "status, chips, output_throughput, total_token_throughput, median_ttft_ms, median_tpot_ms, "
                + "profile_sha256, catalog_version, completed_at) "
                + "select ?, concat('bulk-', x), x, ?, case when mod(x, 2) = 0 then 'trn2' else 'h100-sxm' end, "
                + "'vllm', 'fused-qkv,bucketing', 4, 'bf16', 1024, 1024, 1 + mod(x, 256), 'SUCCEEDED', 1, "
                + "100.0 + x / 7.0, 200.0 + x / 7.0, 35.5 + mod(x, 100) / 3.0, 12.25 + mod(x, 50) / 9.0, 'sha', "
                + "'bulk', timestamp with time zone '2026-03-01 12:00:00+00' from " + rows,
                sweepId, model, count);
    }
}
