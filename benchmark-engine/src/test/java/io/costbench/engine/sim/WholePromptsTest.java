package io.costbench.engine.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.costbench.engine.graph.PrefillChunk;
import io.costbench.engine.model.ModelCatalog;
import io.costbench.engine.port.BatchWaiting;
import io.costbench.engine.port.PrefillPolicy;
import io.costbench.engine.port.SchedulingRules;

/**
 * TensorRT-LLM's scheduling without chunked prefill: decodes first, then whole prompts in arrival order while the
 * token budget holds them; the first that does not fit waits, and so does everything behind it.
 */
class WholePromptsTest {

    private static final int BUDGET = 1000;

    private static SchedulingRules rules(PrefillPolicy policy) {
        return new SchedulingRules(256, BUDGET, 1_000_000, 16, policy, List.of(), null);
    }

    private static Scheduler withQueue(PrefillPolicy policy, int decoding, int... queuedPrompts) {
        return SchedulerFixtures.withQueue(rules(policy), decoding, queuedPrompts);
    }

    private static List<Integer> chunkTokens(Scheduler scheduler) {
        return scheduler.prefillChunks().stream().map(PrefillChunk::tokens).toList();
    }

    @Test
    void aPromptThatDoesNotFitWaitsAndHoldsBackTheOnesBehindIt() {
        // 10 decodes leave 990 tokens: 600 goes, 500 does not fit the 390 left, and 100 behind it waits too
        Scheduler whole = withQueue(PrefillPolicy.WHOLE_PROMPTS, 10, 600, 500, 100);
        whole.scheduleStep();
        assertThat(whole.decodeSequences()).isEqualTo(10);
        assertThat(chunkTokens(whole)).containsExactly(600);
        assertThat(whole.waiting).hasSize(2);

        // the chunked scheduler fills the budget instead: 600 and the first 390 of the 500
        Scheduler chunked = withQueue(PrefillPolicy.CHUNKED_MIXED, 10, 600, 500, 100);
        chunked.scheduleStep();
        assertThat(chunkTokens(chunked)).containsExactly(600, 390);
    }

    @Test
    void theWaitingPromptGoesWholeOnceTheBudgetHoldsIt() {
        Scheduler whole = withQueue(PrefillPolicy.WHOLE_PROMPTS, 10, 995);
        whole.scheduleStep();
        assertThat(chunkTokens(whole)).as("10 decodes + 995 > 1000").isEmpty();
        assertThat(whole.headAdmissible(whole.decodeBudget(10))).isFalse();

        Scheduler idle = withQueue(PrefillPolicy.WHOLE_PROMPTS, 0, 995);
        assertThat(idle.headAdmissible(idle.decodeBudget(0))).isTrue();
        idle.scheduleStep();
        assertThat(chunkTokens(idle)).containsExactly(995);
    }

    @Test
    void batchWaitingCountsOnlyThePromptsThatWouldGoWhole() {
        // 1 decode + 500 + 499 of the 600 = 1000 >= 0.9 x 1000 when chunking; 1 + 500 = 501 whole: held
        SchedulingRules chunked = rules(PrefillPolicy.CHUNKED_MIXED).withBatchWaiting(new BatchWaiting(20, 0.9));
        SchedulingRules whole = rules(PrefillPolicy.WHOLE_PROMPTS).withBatchWaiting(new BatchWaiting(20, 0.9));
        assertThat(chunkTokens(stepped(chunked, 500, 600))).containsExactly(500, 499);
        assertThat(chunkTokens(stepped(whole, 500, 600))).isEmpty();
    }

    private static Scheduler stepped(SchedulingRules rules, int... queuedPrompts) {
        Scheduler scheduler = SchedulerFixtures.withQueue(rules, 1, queuedPrompts);
        scheduler.scheduleStep();
        return scheduler;
    }

    @Test
    void aRecomputeLongerThanAnyStepStillRunsInChunks() {
        Scheduler whole = withQueue(PrefillPolicy.WHOLE_PROMPTS, 0);
        SimulatedRequest preempted = new SimulatedRequest(900, 300, 0);
        preempted.generated = 200;
        whole.waiting.add(preempted);
        whole.scheduleStep();
        assertThat(chunkTokens(whole)).containsExactly(BUDGET);
    }

    @Test
    void aClosedLoopWithWholePromptsFinishesAndAPromptAboveTheBudgetIsRefused() {
        // 2 ms per step: two 600-token prompts arrive together; the first goes alone (600 + 600 > 1000), the second
        // rides on its first decode step
        FakeDeployment deployment = new FakeDeployment(ModelCatalog.standard().get("llama-3.1-8b"),
                rules(PrefillPolicy.WHOLE_PROMPTS), shape -> 2.0);
        SimulationResult wave = ServingSimulator.simulate(deployment, new Workload(600, 8, 1.0, 2, 0, 2, 0));
        assertThat(wave.metric("completed")).isEqualTo(2);
        assertThat(wave.metric("mean_ttft_ms")).isEqualTo((2.0 + 4.0) / 2);

        assertThatThrownBy(() -> ServingSimulator.simulate(deployment, new Workload(1200, 8, 1.0, 1, 0, 1, 0)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("1200 tokens").hasMessageContaining("whole prompts");
    }
}
