package io.costbench.engine.sim;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.costbench.engine.model.ModelCatalog;
import io.costbench.engine.model.ModelSpec;
import io.costbench.engine.port.FrontEnd;
import io.costbench.engine.port.PrefillPolicy;
import io.costbench.engine.port.SchedulingRules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** AIPerf's {@code --concurrency-ramp-duration}: the client's cap opens one slot at a time. */
class ConcurrencyRampTest {

    private static final ModelSpec LLAMA = ModelCatalog.standard().get("llama-3.1-8b");
    private static final SchedulingRules RULES = new SchedulingRules(256, 8192, 1_000_000, 16,
            PrefillPolicy.CHUNKED_MIXED, List.of(), null);

    /** Steps cost 5 ms plus 0.01 ms a token; no front end. */
    private static SimulationResult run(Workload workload) {
        return ServingSimulator.simulate(new FakeDeployment(LLAMA, RULES, FakeDeployment.linear(5, 0.01)), workload);
    }

    @Test
    void theCapStartsAtOneAndOpensASlotAtEvenIntervalsUntilTheRampEnds() {
        // AIPerf's own example: 100 concurrent over 30 s opens one more slot every 30 / 99 s.
        Workload ramped = new Workload(100, 10, 1.0, 100, 0, 1000, 0).withConcurrencyRamp(30);
        assertThat(ramped.concurrencyCapAt(0)).isEqualTo(1);
        assertThat(ramped.concurrencySlotOpensMs(2)).isCloseTo(30_000.0 / 99, within(1e-9));
        assertThat(ramped.concurrencyCapAt(ramped.concurrencySlotOpensMs(2))).isEqualTo(2);
        assertThat(ramped.concurrencyCapAt(Math.nextDown(ramped.concurrencySlotOpensMs(2)))).isEqualTo(1);
        assertThat(ramped.concurrencyCapAt(15_000)).isEqualTo(50);
        assertThat(ramped.concurrencySlotOpensMs(100)).isEqualTo(30_000.0);
        assertThat(ramped.concurrencyCapAt(30_000)).isEqualTo(100);
        for (int slot = 2; slot <= 100; slot++) {
            assertThat(ramped.concurrencyCapAt(ramped.concurrencySlotOpensMs(slot))).as("slot %d", slot)
                    .isEqualTo(slot);
        }
        // Without a ramp every slot is open from the start.
        assertThat(new Workload(100, 10, 1.0, 100, 0, 1000, 0).concurrencyCapAt(0)).isEqualTo(100);
    }

    @Test
    void aRampLongerThanTheRunSendsOneRequestAtATime() {
        // The cap never reaches a second slot: each request goes when the one before completes.
        SimulationResult ramped = run(new Workload(300, 20, 1.0, 4, 0, 8, 0).withConcurrencyRamp(1000));
        SimulationResult single = run(new Workload(300, 20, 1.0, 1, 0, 8, 0));
        assertThat(ramped.metrics()).isEqualTo(single.metrics());
        // Sent together, four share their steps: a slower answer each, and the run takes less time.
        SimulationResult together = run(new Workload(300, 20, 1.0, 4, 0, 8, 0));
        assertThat(together.metric("mean_tpot_ms")).isGreaterThan(single.metric("mean_tpot_ms"));
        assertThat(together.metric("duration")).isLessThan(single.metric("duration"));
    }

    @Test
    void aSlotThatOpensDuringAStepIsSentThenAndWaitsForTheStepToEnd() {
        // The slot opens at 20 ms, inside the first request's decode step of 16.02-21.03 ms; the request joins the
        // next step with that decode (101 tokens, 6.01 ms, ending at 27.04 ms): 7.04 ms after it was sent.
        SimulationResult r = run(new Workload(100, 10, 1.0, 2, 0, 2, 0).withConcurrencyRamp(0.02));
        assertThat(r.metric("mean_ttft_ms")).isCloseTo((6.0 + 7.04) / 2, within(1e-9));
    }

    @Test
    void aRampedClosedLoopOfIdenticalRequestsDoesNotRunInWaves() {
        // Long prompts, short answers, a step budget of one prompt and a front end of 20 ms. Sent at once, the
        // requests finish a 5 ms decode step apart, so their successors, 20 ms behind, reach the engine together
        // and queue for each other's 25 ms prefills, round after round. Ramped over about one request's time, each
        // arrives while the others decode and waits only for the front end and its own prefill (45 ms).
        SchedulingRules onePrompt = new SchedulingRules(256, 2100, 1_000_000, 16, PrefillPolicy.CHUNKED_MIXED,
                List.of(), null);
        Workload burst = new Workload(2000, 50, 1.0, 8, 0, 80, 0);
        SimulationResult together = ServingSimulator.simulate(new FakeDeployment(LLAMA, onePrompt,
                FakeDeployment.linear(5, 0.01), new FrontEnd(20, 0)), burst);
        SimulationResult ramped = ServingSimulator.simulate(new FakeDeployment(LLAMA, onePrompt,
                FakeDeployment.linear(5, 0.01), new FrontEnd(20, 0)), burst.withConcurrencyRamp(0.5));
        assertThat(together.metric("median_ttft_ms")).isGreaterThan(100);
        assertThat(ramped.metric("median_ttft_ms")).isBetween(45.0, 50.0);
        assertThat(ramped.metric("completed")).isEqualTo(80);
    }

    @Test
    void aRampNeedsACapToClimbToAndAFiniteLength() {
        assertThatThrownBy(() -> new Workload(100, 10, 1.0, 0, 5, 10, 0).withConcurrencyRamp(10))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("max concurrency");
        assertThatThrownBy(() -> new Workload(100, 10, 1.0, 4, 0, 10, 0).withConcurrencyRamp(-1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("finite number of seconds");
        assertThatThrownBy(() -> new Workload(100, 10, 1.0, 4, 0, 10, 0).withConcurrencyRamp(Double.NaN))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
