package io.costbench.service.sweep;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.quartz.Scheduler;
import org.quartz.impl.matchers.GroupMatcher;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/** Sweeps through the clustered Quartz store on the test database, with a fake simulator. */
@Tag("database")
@SpringBootTest(properties = {
        // Its own scheduler name: no other test context's scheduler picks up these chunks.
        "spring.quartz.scheduler-name=sweep-execution-test",
        "costbench.sweeps.chunk-size=4",
        "costbench.sweeps.write-batch-size=3"})
@Import(FakeSimulatorConfig.class)
class SweepExecutionTest {

    @Autowired
    SweepService sweeps;
    @Autowired
    SweepStore store;
    @Autowired
    ChunkRunner runner;
    @Autowired
    Scheduler scheduler;
    @Autowired
    JdbcClient jdbc;

    @Test
    void aSweepRunsToSucceededWithExactlyOnePointPerScenario() throws Exception {
        SweepDefinition definition = SweepTesting.definition(List.of("alpha-7b", "huge-400b"), List.of(1, 8, 64));
        Sweep started = sweeps.start(definition, SweepTrigger.MANUAL, "test", null);
        assertThat(started.status()).isEqualTo(SweepStatus.QUEUED);
        assertThat(started.totalPoints()).isEqualTo(24);
        assertThat(started.chunkCount()).isEqualTo(6);

        Sweep done = SweepTesting.awaitFinished(store, started.id());

        assertThat(done.status()).isEqualTo(SweepStatus.SUCCEEDED);
        assertThat(done.progress()).isEqualTo(new Sweep.Progress(24, 24, 0, 12));
        assertThat(done.startedAt()).isNotNull();
        assertThat(done.finishedAt()).isAfterOrEqualTo(done.startedAt());
        assertThat(store.countPoints(started.id())).isEqualTo(24);
        List<SweepPoint> points = store.points(started.id(), 0, 100);
        assertThat(points).extracting(SweepPoint::index).containsExactlyElementsOf(IntStream.range(0, 24).boxed()
                .toList());
        assertThat(points).extracting(SweepPoint::scenarioKey).doesNotHaveDuplicates();

        SweepPoint fitted = points.stream().filter(p -> p.model().equals("alpha-7b") && p.concurrency() == 8)
                .findFirst().orElseThrow();
        assertThat(fitted.status()).isEqualTo(PointStatus.SUCCEEDED);
        assertThat(fitted.chips()).isEqualTo(1);
        assertThat(fitted.metric("median_tpot_ms")).isEqualTo(10.8);
        assertThat(fitted.profileSha256()).hasSize(64);
        assertThat(fitted.catalogVersion()).isEqualTo("fake-catalog-1");
        assertThat(fitted.executedBy()).isNotBlank();
        Map<String, Object> columns = jdbc.sql("select chips, output_throughput, total_token_throughput, "
                + "median_ttft_ms, median_tpot_ms from sweep_point where sweep_id = ? and point_index = ?")
                .params(started.id(), fitted.index()).query().singleRow();
        assertThat(columns.values()).doesNotContainNull();

        SweepPoint skipped = points.stream().filter(p -> p.model().equals("huge-400b")).findFirst().orElseThrow();
        assertThat(skipped.status()).isEqualTo(PointStatus.SKIPPED);
        assertThat(skipped.errorMessage()).contains("needs 80 GB");
        assertThat(skipped.chips()).isNull();
        // Quartz deletes a non-durable chunk job after its execute() returns, a moment after its last point landed.
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(50))
                .untilAsserted(() -> assertThat(jobsOf(started.id())).isEmpty());
    }

    @Test
    void aPointThatThrowsMarksTheSweepPartialAndKeepsTheError() throws Exception {
        Sweep started = sweeps.start(SweepTesting.definition(List.of("alpha-7b", "boom-1b"), List.of(1, 2)),
                SweepTrigger.API, "test", null);

        Sweep done = SweepTesting.awaitFinished(store, started.id());

        assertThat(done.status()).isEqualTo(SweepStatus.PARTIAL);
        assertThat(done.progress()).isEqualTo(new Sweep.Progress(16, 16, 8, 0));
        List<SweepPoint> failed = store.points(started.id(), 0, 100).stream()
                .filter(p -> p.status() == PointStatus.FAILED).toList();
        assertThat(failed).hasSize(8).allSatisfy(p -> {
            assertThat(p.model()).isEqualTo("boom-1b");
            assertThat(p.errorMessage()).startsWith("IllegalStateException: boom: simulated failure");
        });
    }

    @Test
    void aChunkThatKeepsTakingItsInstanceDownIsGivenUpWithItsReason() throws Exception {
        scheduler.standby();
        Sweep started;
        try {
            started = sweeps.start(SweepTesting.definition(List.of("alpha-7b"), List.of(1, 2)), SweepTrigger.API,
                    "test", null);
            // Chunk 0 was started three times (the configured attempts) and its instance died each time.
            jdbc.sql("insert into sweep_chunk_start (sweep_id, chunk_index, starts) values (?, 0, 3)")
                    .params(started.id()).update();
            runner.run(started.id(), 0, "test-instance");
        } finally {
            scheduler.start();
        }
        Sweep done = SweepTesting.awaitFinished(store, started.id());
        List<SweepPoint> chunk0 = store.points(started.id(), 0, 100).stream().filter(p -> p.chunkIndex() == 0)
                .toList();
        assertThat(chunk0).hasSize(4).allSatisfy(p -> {
            assertThat(p.status()).isEqualTo(PointStatus.FAILED);
            assertThat(p.errorMessage()).contains("chunk 0 was started 3 times without finishing")
                    .contains("out of memory");
        });
        assertThat(done.status()).isEqualTo(SweepStatus.PARTIAL);
        assertThat(done.progress().done()).isEqualTo(done.totalPoints());
    }

    @Test
    void aSweepWhosePointsAllFailIsFailed() throws Exception {
        Sweep started = sweeps.start(SweepTesting.definition(List.of("boom-2b"), List.of(4)), SweepTrigger.API,
                "test", null);

        assertThat(SweepTesting.awaitFinished(store, started.id()).status()).isEqualTo(SweepStatus.FAILED);
    }

    @Test
    void cancelStopsTheRemainingChunksAndKeepsWhatFinished() throws Exception {
        List<Integer> concurrencies = IntStream.rangeClosed(1, 15).boxed().toList();
        Sweep started = sweeps.start(SweepTesting.definition(List.of("slow-1b", "slow-2b"), concurrencies),
                SweepTrigger.MANUAL, "test", null);
        SweepTesting.await(store, started.id(), s -> s.donePoints() >= 3, Duration.ofSeconds(30));

        Sweep cancelled = sweeps.cancel(started.id()).orElseThrow();

        assertThat(cancelled.status()).isEqualTo(SweepStatus.CANCELLED);
        assertThat(jobsOf(started.id())).isEmpty();
        // Chunks that were running stop before their next batch; give them that long, then nothing moves.
        Thread.sleep(1500);
        Sweep settled = store.find(started.id()).orElseThrow();
        Thread.sleep(500);
        Sweep later = store.find(started.id()).orElseThrow();
        assertThat(later.donePoints()).isEqualTo(settled.donePoints()).isLessThan(started.totalPoints());
        assertThat(later.status()).isEqualTo(SweepStatus.CANCELLED);
        assertThat(store.countPoints(started.id())).isEqualTo(later.donePoints()).isGreaterThanOrEqualTo(3);
        assertThatThrownBy(() -> sweeps.cancel(started.id())).isInstanceOf(SweepFinishedException.class);
    }

    @Test
    void reRunningAChunkSkipsItsStoredPoints() {
        SweepDefinition definition = SweepTesting.definition(List.of("alpha-7b"), List.of(1, 2, 4));
        long id = store.insert("rerun", SweepTrigger.API, "test", "{}", null, 12, "fake-catalog-1", 4, 3, null, now());
        jdbc.sql("update sweep set definition_json = ? where id = ?")
                .params(tools.jackson.databind.json.JsonMapper.builder().build().writeValueAsString(definition), id)
                .update();

        runner.run(id, 1, "first");
        runner.run(id, 1, "recovered");

        assertThat(store.countPoints(id)).isEqualTo(4);
        assertThat(store.find(id).orElseThrow().donePoints()).isEqualTo(4);
        assertThat(store.points(id, 0, 100)).extracting(SweepPoint::executedBy).containsOnly("first");
        assertThat(store.points(id, 0, 100)).extracting(SweepPoint::index).containsExactly(4, 5, 6, 7);
    }

    @Test
    void aBatchWithAStoredPointWritesNothingAndCountsNothing() {
        SweepDefinition definition = SweepTesting.definition(List.of("alpha-7b"), List.of(1, 2));
        long id = store.insert("dup", SweepTrigger.API, "test", "{}", null, 8, "v", 8, 1, null, now());
        List<SweepPoint> points = definition.scenarios(0, 3).stream()
                .map(s -> SweepPoint.withoutResult(s, PointStatus.SKIPPED, "test", "v", 0, "me", now())).toList();
        store.record(id, points.subList(0, 1), now());

        assertThatThrownBy(() -> store.record(id, points, now())).isInstanceOf(DuplicateKeyException.class);

        assertThat(store.countPoints(id)).isEqualTo(1);
        assertThat(store.find(id).orElseThrow().progress()).isEqualTo(new Sweep.Progress(1, 8, 0, 1));
    }

    @Test
    void theSameIdempotencyKeyStartsOneSweep() {
        SweepDefinition definition = SweepTesting.definition(List.of("alpha-7b"), List.of(1));
        String key = "nightly:test-" + System.nanoTime();
        Sweep first = sweeps.start(definition, SweepTrigger.NIGHTLY, "cron", key);
        Sweep second = sweeps.start(definition, SweepTrigger.NIGHTLY, "cron", key);

        assertThat(second.id()).isEqualTo(first.id());
    }

    private List<?> jobsOf(long sweepId) throws Exception {
        return List.copyOf(scheduler.getJobKeys(GroupMatcher.jobGroupEquals(SweepService.chunkGroup(sweepId))));
    }

    private static OffsetDateTime now() {
        return OffsetDateTime.now(ZoneOffset.UTC);
    }
}
