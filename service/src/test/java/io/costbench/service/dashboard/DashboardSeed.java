package io.costbench.service.dashboard;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.jdbc.support.KeyHolder;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Seeds finished sweeps and their points straight into the tables, with metrics from a simple saturating curve per
 * target (TPOT grows with concurrency from a per-target floor). Test data for the pages, not a performance model.
 */
final class DashboardSeed {

    record SeedTarget(String hardware, String profile, double tpotFloorMs, double saturation, int chips) {
    }

    static final List<SeedTarget> WRITE_UP_TARGETS = List.of(
            new SeedTarget("trn2", "vllm-neuron-baseline", 22, 48, 1),
            new SeedTarget("trn2", "vllm-neuron-optimized", 9, 40, 1),
            new SeedTarget("h100-sxm", "vllm", 6, 160, 1));
    static final List<String> WRITE_UP_MODELS = List.of("qwen3.5-4b", "qwen3-30b-a3b", "gemma4-31b");
    static final List<Integer> CONCURRENCIES = List.of(1, 2, 4, 8, 16, 32, 64, 128, 256);
    static final List<TokenLengths> WORKLOADS = TokenLengths.STANDARD;

    private DashboardSeed() {
    }

    static long sweep(JdbcTemplate jdbc, String name, String trigger, Instant finishedAt, List<String> models,
            List<SeedTarget> targets, List<Integer> concurrencies, List<TokenLengths> workloads, double speed) {
        int total = models.size() * targets.size() * concurrencies.size() * workloads.size();
        long id = insertSweep(jdbc, name, trigger, "SUCCEEDED", finishedAt, total, total);
        List<Object[]> rows = new ArrayList<>(total);
        int index = 0;
        for (String model : models) {
            for (SeedTarget target : targets) {
                for (TokenLengths workload : workloads) {
                    for (int c : concurrencies) {
                        rows.add(point(id, index++, model, target, workload, c, speed, finishedAt));
                    }
                }
            }
        }
        insertPoints(jdbc, rows);
        return id;
    }

    static long insertSweep(JdbcTemplate jdbc, String name, String trigger, String status, Instant finishedAt,
            int total, int done) {
        KeyHolder key = new GeneratedKeyHolder();
        Timestamp at = Timestamp.from(finishedAt);
        jdbc.update(connection -> {
            var ps = connection.prepareStatement("insert into sweep (name, status, trigger_kind, requested_by,"
                    + " definition_json, total_points, done_points, failed_points, skipped_points, catalog_version,"
                    + " created_at, started_at, finished_at, chunk_size, chunk_count, preset) values"
                    + " (?, ?, ?, 'seed', '{}', ?, ?, 0, 0, 'seed', ?, ?, ?, 9, 1, ?)", new String[] {"id"});
            ps.setString(1, name);
            ps.setString(2, status);
            ps.setString(3, trigger);
            ps.setInt(4, total);
            ps.setInt(5, done);
            ps.setTimestamp(6, at);
            ps.setTimestamp(7, at);
            ps.setTimestamp(8, at);
            // Nightlies run the default study; the seed marks them as SweepService does.
            ps.setString(9, "NIGHTLY".equals(trigger) ? "default" : null);
            return ps;
        }, key);
        return key.getKey().longValue();
    }

    static Object[] point(long sweepId, int index, String model, SeedTarget target, TokenLengths workload, int c,
            double speed, Instant at) {
        double tpot = target.tpotFloorMs() * (1 + c / target.saturation()) * (1 + workload.inputTokens() / 65536.0)
                / speed;
        double output = c * 1000.0 / tpot;
        double ttft = 40 + workload.inputTokens() / 40.0 * (1 + c / 64.0);
        String metrics = String.format(java.util.Locale.ROOT, "{\"output_throughput\":%.4f,\"median_tpot_ms\":%.4f,"
                + "\"mean_tpot_ms\":%.4f,\"p99_tpot_ms\":%.4f,\"median_ttft_ms\":%.4f,\"mean_ttft_ms\":%.4f,"
                + "\"p99_ttft_ms\":%.4f}", output, tpot, tpot * 1.02, tpot * 1.3, ttft, ttft * 1.1, ttft * 2.5);
        String key = model + "|" + target.hardware() + "|" + target.profile() + "|" + workload.key() + "|c=" + c;
        return new Object[] {sweepId, key, model, target.hardware(), target.profile(), "", 1, "bf16",
                workload.inputTokens(), workload.outputTokens(), c, "SUCCEEDED", target.chips(), output,
                output * (workload.inputTokens() + workload.outputTokens()) / workload.outputTokens(), ttft, tpot,
                metrics, "f".repeat(64), "seed", Timestamp.from(at), index, 0};
    }

    /** One transaction per call: a commit per row would dominate bulk loads. */
    static void insertPoints(JdbcTemplate jdbc, List<Object[]> rows) {
        new TransactionTemplate(new DataSourceTransactionManager(jdbc.getDataSource())).executeWithoutResult(status -> jdbc.batchUpdate("insert into sweep_point (sweep_id, scenario_key, model_id, hardware_id, profile_id,"
                + " optimizations, tensor_parallel, precision_name, input_tokens, output_tokens, concurrency, status,"
                + " chips, output_throughput, total_token_throughput, median_ttft_ms, median_tpot_ms, metrics_json,"
                + " profile_sha256, catalog_version, completed_at, point_index, chunk_index)"
                + " values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows));
    }
}
