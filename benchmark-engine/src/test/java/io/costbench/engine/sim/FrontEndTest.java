package io.costbench.engine.sim;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.costbench.engine.model.ModelCatalog;
import io.costbench.engine.model.ModelSpec;
import io.costbench.engine.port.FrontEnd;
import io.costbench.engine.port.PrefillPolicy;
import io.costbench.engine.port.SchedulingRules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The request path in front of the engine: latency every request pays, and serial tokenization that staggers. */
class FrontEndTest {

    private static final ModelSpec LLAMA = ModelCatalog.standard().get("llama-3.1-8b");
    private static final SchedulingRules RULES = new SchedulingRules(256, 8192, 1_000_000, 16,
            PrefillPolicy.CHUNKED_MIXED, List.of(), null);

    private static SimulationResult run(FrontEnd frontEnd, Workload workload) {
        return ServingSimulator.simulate(new FakeDeployment(LLAMA, RULES, FakeDeployment.linear(5, 0.01), frontEnd),
                workload);
    }

    @Test
    void everyRequestPaysTheFrontEndBeforeTheEngineSeesIt() {
        // 20 ms fixed + 100 tokens x 10 us = 21 ms before the 6 ms prefill step; decodes 5.01 ms.
        SimulationResult r = run(new FrontEnd(20, 10), new Workload(100, 10, 1.0, 1, 0, 20, 0));
        assertThat(r.metric("mean_ttft_ms")).isCloseTo(27.0, within(1e-9));
        assertThat(r.metric("median_tpot_ms")).isCloseTo(5.01, within(1e-9));
        assertThat(r.metric("mean_e2el_ms")).isCloseTo(27.0 + 9 * 5.01, within(1e-9));
        // The client waits for each answer before sending the next, so the front end stretches the run.
        assertThat(r.metric("duration")).isCloseTo(20 * (27.0 + 9 * 5.01) / 1000, within(1e-9));
    }

    @Test
    void anIdleEngineStartsTheFirstRequestWhileTheOthersAreStillBeingTokenized() {
        // Four requests sent at once reach the engine at 1, 2, 3 and 4 ms (1 ms of tokenization each). The idle
        // engine prefills the first alone (ends at 7 ms); the other three join the next step with its decode
        // (301 tokens, 8.01 ms, ending at 15.01 ms).
        SimulationResult staggered = run(new FrontEnd(0, 10), new Workload(100, 10, 1.0, 4, 0, 4, 0));
        assertThat(staggered.metric("mean_ttft_ms")).isCloseTo((7.0 + 3 * 15.01) / 4, within(1e-9));
        // Without a front end the four arrive together and share one 400-token step.
        SimulationResult together = run(FrontEnd.NONE, new Workload(100, 10, 1.0, 4, 0, 4, 0));
        assertThat(together.metric("mean_ttft_ms")).isCloseTo(9.0, within(1e-9));
    }
}
