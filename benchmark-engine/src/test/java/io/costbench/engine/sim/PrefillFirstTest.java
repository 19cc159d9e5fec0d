package io.costbench.engine.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.costbench.engine.graph.PrefillChunk;
import io.costbench.engine.model.ModelCatalog;
import io.costbench.engine.port.PrefillPolicy;
import io.costbench.engine.port.SchedulingRules;

/**
 * SGLang's default loop: prompts run in steps of their own, decodes paused, as many as the budget takes with the last
 * one chunked; decodes run only when no prompt can be admitted.
 */
class PrefillFirstTest {

    private static final int BUDGET = 1000;

    private static SchedulingRules rules() {
        return new SchedulingRules(256, BUDGET, 1_000_000, 1, PrefillPolicy.PREFILL_FIRST, List.of(), null);
    }

    private static List<Integer> chunkTokens(Scheduler scheduler) {
        return scheduler.prefillChunks().stream().map(PrefillChunk::tokens).toList();
    }

    @Test
    void queuedPromptsTakeTheWholeStepAndTheDecodesWait() {
        // 10 decodes are running: the step is 600 and the first 400 of the 500, no decode; the vLLM loop would
        // run the 10 decodes, 600 and 390
        Scheduler scheduler = SchedulerFixtures.withQueue(rules(), 10, 600, 500, 100);
        scheduler.scheduleStep();
        assertThat(scheduler.decodeSequences()).isZero();
        assertThat(chunkTokens(scheduler)).containsExactly(600, 400);
        assertThat(scheduler.waiting).hasSize(1);

        // the rest of the chunked prompt goes first in the next step, then the 100 behind it
        scheduler.scheduled(0).computed += 600;
        scheduler.scheduled(0).generated = 1;
        scheduler.scheduled(1).computed += 400;
        scheduler.scheduleStep();
        assertThat(chunkTokens(scheduler)).containsExactly(100, 100);
        assertThat(scheduler.decodeSequences()).isZero();
    }

    @Test
    void withNothingToAdmitEveryRunningSequenceDecodes() {
        Scheduler scheduler = SchedulerFixtures.withQueue(rules(), 10);
        assertThat(scheduler.headAdmissible(scheduler.decodeBudget(10))).isFalse();
        scheduler.scheduleStep();
        assertThat(scheduler.decodeSequences()).isEqualTo(10);
        assertThat(chunkTokens(scheduler)).isEmpty();
    }

    @Test
    void aClosedLoopPrefillsTheWaveBeforeAnyoneDecodes() {
        // 2 ms per step, two 600-token prompts together: step 1 takes 600 and 400 of the second, step 2 its last
        // 200; every decode waits for both, so the first token of each comes at 2 and 4 ms and the 8 tokens of each
        // answer end with 7 shared decode steps at 18 ms
        FakeDeployment deployment = new FakeDeployment(ModelCatalog.standard().get("llama-3.1-8b"), rules(),
                shape -> 2.0);
        SimulationResult wave = ServingSimulator.simulate(deployment, new Workload(600, 8, 1.0, 2, 0, 2, 0));
        assertThat(wave.metric("completed")).isEqualTo(2);
        assertThat(wave.metric("mean_ttft_ms")).isEqualTo((2.0 + 4.0) / 2);
        assertThat(wave.metric("mean_e2el_ms")).isEqualTo(18.0);
    }
}
