package io.costbench.engine.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.costbench.engine.model.ModelCatalog;
import io.costbench.engine.port.BatchWaiting;
import io.costbench.engine.port.PrefillPolicy;
import io.costbench.engine.port.SchedulingRules;

/** TensorRT-LLM's batch waiting as the chunked scheduler follows it. */
class BatchWaitingTest {

    private static SchedulingRules rules(BatchWaiting waiting) {
        return new SchedulingRules(256, 1000, 1_000_000, 16, PrefillPolicy.CHUNKED_MIXED, List.of(), null)
                .withBatchWaiting(waiting);
    }

    /** A scheduler with one request decoding (prompt 100, first token out) and the given prompts queued. */
    private static Scheduler decodingWithQueue(BatchWaiting waiting, int... queuedPrompts) {
        return SchedulerFixtures.withQueue(rules(waiting), 1, queuedPrompts);
    }

    @Test
    void promptsSitOutUpToTheTimeoutWhileOthersDecode() {
        Scheduler scheduler = decodingWithQueue(new BatchWaiting(3, 0.9), 200);
        for (int step = 0; step < 3; step++) {
            scheduler.scheduleStep();
            assertThat(scheduler.prefillChunks()).as("step " + step).isEmpty();
            assertThat(scheduler.decodeSequences()).isEqualTo(1);
        }
        scheduler.scheduleStep();
        assertThat(scheduler.prefillChunks()).hasSize(1);
        assertThat(scheduler.prefillChunks().get(0).tokens()).isEqualTo(200);
    }

    @Test
    void enoughTokensEndTheWaitAtOnce() {
        // 1 decode + 900 prompt tokens = 901 >= 0.9 x 1000
        Scheduler scheduler = decodingWithQueue(new BatchWaiting(20, 0.9), 500, 400);
        scheduler.scheduleStep();
        assertThat(scheduler.prefillChunks()).hasSize(2);
        // 1 + 898 = 899 < 900: held
        Scheduler short1 = decodingWithQueue(new BatchWaiting(20, 0.9), 500, 398);
        short1.scheduleStep();
        assertThat(short1.prefillChunks()).isEmpty();
    }

    @Test
    void nothingWaitsWhenNothingDecodesOrWaitingIsOff() {
        SchedulingRules rules = rules(new BatchWaiting(20, 0.9));
        KvBlockPool pool = new KvBlockPool(rules.kvCacheCapacityTokens(), rules.kvBlockTokens());
        Scheduler idle = Scheduler.forPolicy(rules, pool, 1, 0);
        idle.waiting.add(new SimulatedRequest(200, 50, 0));
        idle.scheduleStep();
        assertThat(idle.prefillChunks()).hasSize(1);

        Scheduler off = decodingWithQueue(BatchWaiting.NONE, 200);
        off.scheduleStep();
        assertThat(off.prefillChunks()).hasSize(1);
    }

    @Test
    void aClosedLoopPaysTheTimeoutInTtft() {
        // 2 ms per step whatever it holds; two clients whose requests overlap (the second starts while the first
        // decodes) after the first wave: every later prompt waits 5 decode steps before its prefill step.
        FakeDeployment plain = new FakeDeployment(ModelCatalog.standard().get("llama-3.1-8b"),
                new SchedulingRules(256, 8192, 1_000_000, 16, PrefillPolicy.CHUNKED_MIXED, List.of(), null),
                shape -> 2.0);
        FakeDeployment waiting = new FakeDeployment(plain.model(),
                plain.scheduling().withBatchWaiting(new BatchWaiting(5, 0.9)), shape -> 2.0);
        Workload staggered = new Workload(100, 40, 1.0, 2, 0, 2, 0);
        SimulationResult base = ServingSimulator.simulate(plain, staggered);
        SimulationResult held = ServingSimulator.simulate(waiting, staggered);
        // The first wave arrives together with nothing decoding: no wait, one 2 ms step.
        assertThat(base.metric("mean_ttft_ms")).isCloseTo(2.0, within(1e-9));
        assertThat(held.metric("mean_ttft_ms")).isCloseTo(2.0, within(1e-9));
        Workload overlapping = new Workload(100, 40, 1.0, 2, 500, 20, 3);
        SimulationResult baseRate = ServingSimulator.simulate(plain, overlapping);
        SimulationResult heldRate = ServingSimulator.simulate(waiting, overlapping);
        assertThat(heldRate.metric("mean_ttft_ms")).isGreaterThan(baseRate.metric("mean_ttft_ms"));
        // at most the 5 held steps more, plus the step already running when a prompt arrives
        assertThat(heldRate.metric("mean_ttft_ms")).isLessThanOrEqualTo(baseRate.metric("mean_ttft_ms") + 6 * 2.0);
    }

    @Test
    void rejectsNegativeTimeoutsAndRatiosOutsideZeroToOne() {
        assertThatThrownBy(() -> new BatchWaiting(-1, 0.5)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new BatchWaiting(5, 1.5)).isInstanceOf(IllegalArgumentException.class);
        assertThat(new BatchWaiting(0, 0.9).enabled()).isFalse();
    }
}
