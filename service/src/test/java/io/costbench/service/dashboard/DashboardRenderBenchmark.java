package io.costbench.service.dashboard;

import java.io.IOException;
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
 *   ... the same with -Ppostgres                                      # PostgreSQL
 * </pre>
 * Prints p50/p95/max per page and writes them to target/dashboard-render-benchmark-{database}.txt.
 */
@Tag("benchmark")
@Tag("database")
@SpringBootTest(properties = "spring.quartz.scheduler-name=dashboard-render-benchmark")
@AutoConfigureMockMvc
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
        List<Object[]> batch = new ArrayList<>();
        for (int s = 0; s < sweeps; s++) {
            Instant at = now.minus(sweeps - s, ChronoUnit.HOURS);
            long id = DashboardSeed.insertSweep(jdbc, "bench " + s, s % 4 == 0 ? "MANUAL" : "NIGHTLY", "SUCCEEDED",
                    at, perSweep, perSweep);
            int index = 0;
            double speed = 1.0 + (s % 7) * 0.01;
            for (String model : DashboardSeed.WRITE_UP_MODELS) {
                for (DashboardSeed.SeedTarget target : DashboardSeed.WRITE_UP_TARGETS) {
                    for (TokenLengths workload : DashboardSeed.WORKLOADS) {
                        for (int c : DashboardSeed.CONCURRENCIES) {
                            batch.add(DashboardSeed.point(id, index++, model, target, workload, c, speed, at));
                        }
                    }
                }
            }
            if (batch.size() >= 20_000) {
                DashboardSeed.insertPoints(jdbc, batch);
                batch.clear();
            }
        }
        if (!batch.isEmpty()) {
            DashboardSeed.insertPoints(jdbc, batch);
        }
        long rows = jdbc.queryForObject("select count(*) from sweep_point", Long.class);
        double loadSeconds = (System.nanoTime() - started) / 1e9;
        String database = System.getProperty("costbench.test.database", "h2");
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

    private String time(String path, String label) throws Exception {
        for (int i = 0; i < 30; i++) {
            mvc.perform(get(path)).andExpect(status().isOk());
        }
        double[] ms = new double[RENDERS];
        for (int i = 0; i < RENDERS; i++) {
            long t0 = System.nanoTime();
            mvc.perform(get(path)).andExpect(status().isOk());
            ms[i] = (System.nanoTime() - t0) / 1e6;
        }
        Arrays.sort(ms);
        return String.format(Locale.ROOT, "%-22s p50 %7.2f ms  p95 %7.2f ms  p99 %7.2f ms  max %7.2f ms", label,
                ms[RENDERS / 2], ms[(int) Math.ceil(RENDERS * 0.95) - 1], ms[(int) Math.ceil(RENDERS * 0.99) - 1],
                ms[RENDERS - 1]);
    }
}
