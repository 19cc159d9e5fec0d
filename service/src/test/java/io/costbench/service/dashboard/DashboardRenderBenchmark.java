package io.costbench.service.dashboard;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.boot.webmvc.test.autoconfigure.MockMvcPrint;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.web.servlet.MockMvc;

import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * Server-side render time of the overview, a model page and the trends page with at least 1,000,000 stored sweep
 * points: bulk-inserts nightly sweeps of the default shape (243 points each), then times renders through the whole
 * MVC stack (security filters, controller, queries, Thymeleaf) with MockMvc. Not part of the default run:
 * <pre>
 *   mvn -B -pl service -am verify -Dcostbench.test.excludedGroups=browser -Dtest=DashboardRenderBenchmark \
 *       -Dsurefire.failIfNoSpecifiedTests=false                      # H2 (in memory)
 *   ... the same with -Ppostgres -Dgroups=benchmark                   # PostgreSQL
 *   ... and -Dcostbench.benchmark.rows=10000000                       # ten million points (PostgreSQL)
 * </pre>
 * Prints p50/p95/max per page, with the rendering thread's CPU time, and writes them to
 * target/dashboard-render-benchmark-{database}.txt. On PostgreSQL the points are loaded by the database itself
 * ({@link #bulkLoad}).
 * <p>
 * A benchmark, not a test: it measures, it proves nothing about what the pages show. Its only check is that every
 * render answers 200 (a timed error page would be a meaningless figure); the pages' content is asserted by
 * DashboardPagesTest and the browser tests.
 */
@Tag("benchmark")
@Tag("database")
@SpringBootTest(properties = "spring.quartz.scheduler-name=dashboard-render-benchmark")
// No result printing: Boot's default prints only on failure, but formats every model and body it might print first,
// which the timed renders would include (1-2 % of a trends render).
@AutoConfigureMockMvc(print = MockMvcPrint.NONE)
class DashboardRenderBenchmark {

    static final int TARGET_ROWS = Integer.getInteger("costbench.benchmark.rows", 1_000_000);
    static final int RENDERS = Integer.getInteger("costbench.benchmark.renders", 100);

    @Autowired
    MockMvc mvc;
    @Autowired
    JdbcTemplate jdbc;

    @Test
    void renderTimesWithAMillionStoredResults() throws Exception {
        long existing = jdbc.queryForObject("select count(*) from sweep_point", Long.class);
        long started = System.nanoTime();
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        int perSweep = DashboardSeed.WRITE_UP_MODELS.size() * DashboardSeed.WRITE_UP_TARGETS.size()
                * DashboardSeed.CONCURRENCIES.size() * DashboardSeed.WORKLOADS.size();
        int sweeps = (int) Math.max(0, (TARGET_ROWS - existing + perSweep - 1) / perSweep);
        String database = System.getProperty("costbench.test.database", "h2");
        if ("postgresql".equals(database)) {
            bulkLoad(sweeps, perSweep, now);
        } else {
            batchLoad(sweeps, perSweep, now);
        }
        long rows = jdbc.queryForObject("select count(*) from sweep_point", Long.class);
        double loadSeconds = (System.nanoTime() - started) / 1e9;
        if ("postgresql".equals(database)) {
            jdbc.execute("analyze sweep_point");
            jdbc.execute("analyze sweep");
        }
        List<String> lines = new ArrayList<>();
        lines.add(String.format(Locale.ROOT, "database=%s sweep_point rows=%d (inserted %d sweeps in %.1f s),"
                + " renders per page=%d", database, rows, sweeps, loadSeconds, RENDERS));
        lines.add(time("/", "overview"));
        lines.add(time("/?workload=8192x1024", "overview 8k/1k"));
        lines.add(time("/models/qwen3-30b-a3b", "model qwen3-30b-a3b"));
        lines.add(time("/trends?model=qwen3-30b-a3b&target=trn2%7Cvllm-neuron-optimized%7C&workload=1024x1024"
                + "&concurrency=32", "trends (400 nights)"));
        lines.forEach(System.out::println);
        Path out = Path.of("target", "dashboard-render-benchmark-" + database + ".txt");
        try {
            Files.createDirectories(out.getParent());
            Files.write(out, lines);
        } catch (IOException e) {
            System.err.println("could not write " + out + ": " + e);
        }
    }

    /** Sweep s of n finished n - s hours ago, a quarter of them by hand; each 1 % to 7 % faster than the base. */
    private void batchLoad(int sweeps, int perSweep, Instant now) {
        List<Object[]> batch = new ArrayList<>();
        for (int s = 0; s < sweeps; s++) {
            Instant at = now.minus(sweeps - s, ChronoUnit.HOURS);
            long id = DashboardSeed.insertSweep(jdbc, "bench " + s, s % 4 == 0 ? "MANUAL" : "NIGHTLY", "SUCCEEDED",
                    at, perSweep, perSweep);
            addPoints(batch, id, speed(s), at);
            if (batch.size() >= 20_000) {
                DashboardSeed.insertPoints(jdbc, batch);
                batch.clear();
            }
        }
        if (!batch.isEmpty()) {
            DashboardSeed.insertPoints(jdbc, batch);
        }
    }

    /**
     * The same sweeps and points as {@link #batchLoad}, written by the database itself (PostgreSQL): the sweeps from
     * generate_series, the first sweep's points from here, and every other sweep's as a copy of them at its own time
     * and speed (their metrics JSON, read only for the latest sweep's SLO panel, is the first sweep's). Ten million
     * points load in minutes instead of an hour of JDBC batches.
     */
    private void bulkLoad(int sweeps, int perSweep, Instant now) {
        if (sweeps == 0) {
            return;
        }
        long first = jdbc.queryForObject("select coalesce(max(id), 0) from sweep", Long.class) + 1;
        jdbc.update("insert into sweep (name, status, trigger_kind, requested_by, definition_json, total_points,"
                + " done_points, failed_points, skipped_points, catalog_version, created_at, started_at, finished_at,"
                + " chunk_size, chunk_count, preset) select 'bench ' || g, 'SUCCEEDED',"
                + " case when g % 4 = 0 then 'MANUAL' else 'NIGHTLY' end, 'seed', '{}', ?, ?, 0, 0, 'seed', at, at,"
                + " at, 9, 1, case when g % 4 = 0 then null else 'default' end from (select g,"
                + " cast(? as timestamp with time zone) - (? - g) * interval '1 hour' as at"
                + " from generate_series(0, ? - 1) g) x", perSweep, perSweep, java.sql.Timestamp.from(now), sweeps,
                sweeps);
        long template = jdbc.queryForObject("select id from sweep where name = 'bench 0' and id >= ?", Long.class,
                first);
        Instant at = now.minus(sweeps, ChronoUnit.HOURS);
        List<Object[]> points = new ArrayList<>();
        addPoints(points, template, speed(0), at);
        DashboardSeed.insertPoints(jdbc, points);
        long last = jdbc.queryForObject("select max(id) from sweep", Long.class);
        for (long from = template + 1; from <= last; from += 2000) {
            jdbc.update("insert into sweep_point (sweep_id, scenario_key, model_id, hardware_id, profile_id,"
                    + " optimizations, tensor_parallel, precision_name, input_tokens, output_tokens, concurrency,"
                    + " status, chips, output_throughput, total_token_throughput, median_ttft_ms, median_tpot_ms,"
                    + " metrics_json, profile_sha256, catalog_version, completed_at, point_index, chunk_index)"
                    + " select s.id, t.scenario_key, t.model_id, t.hardware_id, t.profile_id, t.optimizations,"
                    + " t.tensor_parallel, t.precision_name, t.input_tokens, t.output_tokens, t.concurrency, t.status,"
                    + " t.chips, t.output_throughput * v.speed, t.total_token_throughput * v.speed, t.median_ttft_ms,"
                    + " t.median_tpot_ms / v.speed, t.metrics_json, t.profile_sha256, t.catalog_version,"
                    + " s.finished_at, t.point_index, t.chunk_index from sweep s"
                    + " cross join lateral (select 1 + mod(cast(substring(s.name from 7) as integer), 7) * 0.01"
                    + " as speed) v join sweep_point t on t.sweep_id = ? where s.id between ? and ?",
                    template, from, Math.min(last, from + 1999));
        }
    }

    private static double speed(int sweep) {
        return 1.0 + (sweep % 7) * 0.01;
    }

    private static void addPoints(List<Object[]> batch, long sweepId, double speed, Instant at) {
        int index = 0;
        for (String model : DashboardSeed.WRITE_UP_MODELS) {
            for (DashboardSeed.SeedTarget target : DashboardSeed.WRITE_UP_TARGETS) {
                for (TokenLengths workload : DashboardSeed.WORKLOADS) {
                    for (int c : DashboardSeed.CONCURRENCIES) {
                        batch.add(DashboardSeed.point(sweepId, index++, model, target, workload, c, speed, at));
                    }
                }
            }
        }
    }

    /** Wall time and the rendering thread's CPU time per render (MockMvc renders on the calling thread). */
    private String time(String path, String label) throws Exception {
        for (int i = 0; i < 30; i++) {
            mvc.perform(get(path)).andExpect(status().isOk());
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        double[] ms = new double[RENDERS];
        double[] cpuMs = new double[RENDERS];
        for (int i = 0; i < RENDERS; i++) {
            long cpu0 = threads.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            mvc.perform(get(path)).andExpect(status().isOk());
            ms[i] = (System.nanoTime() - t0) / 1e6;
            cpuMs[i] = (threads.getCurrentThreadCpuTime() - cpu0) / 1e6;
        }
        Arrays.sort(ms);
        Arrays.sort(cpuMs);
        return String.format(Locale.ROOT, "%-22s p50 %7.2f ms  p95 %7.2f ms  p99 %7.2f ms  max %7.2f ms"
                + "  (CPU p50 %6.2f ms, p95 %6.2f ms)", label, ms[RENDERS / 2], ms[percentile(95)], ms[percentile(99)],
                ms[RENDERS - 1], cpuMs[RENDERS / 2], cpuMs[percentile(95)]);
    }

    private static int percentile(int p) {
        return (int) Math.ceil(RENDERS * p / 100.0) - 1;
    }
}
