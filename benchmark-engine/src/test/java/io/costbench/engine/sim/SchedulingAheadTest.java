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

/**
 * An engine that schedules step n+1 while step n runs (vLLM's async scheduling, the overlap schedulers): what reaches
 * it during a step joins the step after the next; an idle engine still starts a request at once.
 */
class SchedulingAheadTest {

    private static final ModelSpec LLAMA = ModelCatalog.standard().get("llama-3.1-8b");
    private static final SchedulingRules SYNCHRONOUS = new SchedulingRules(256, 8192, 1_000_000, 16,
            PrefillPolicy.CHUNKED_MIXED, List.of(), null);

    /** Steps of 5 ms plus 10 us a token; 1 ms of tokenization a 100-token prompt, no other front-end latency. */
    private static SimulationResult run(SchedulingRules rules, Workload workload) {
        return ServingSimulator.simulate(new FakeDeployment(LLAMA, rules, FakeDeployment.linear(5, 0.01),
                new FrontEnd(0, 10)), workload);
    }

    @Test
    void requestsThatArriveDuringAStepWaitOneStepMore() {
        // Four requests sent at once reach the engine at 1, 2, 3 and 4 ms. The idle engine prefills the first alone
        // (1-7 ms). In step: the other three join the next step with its decode (301 tokens, 7-15.01 ms). Scheduled
        // ahead: that step was filled at 1 ms with the decode alone (7-12.01 ms), and they join the one after it
        // (12.01-20.02 ms).
        Workload four = new Workload(100, 10, 1.0, 4, 0, 4, 0);
        assertThat(run(SYNCHRONOUS, four).metric("mean_ttft_ms")).isCloseTo((7.0 + 3 * 15.01) / 4, within(1e-9));
        assertThat(run(SYNCHRONOUS.schedulingAhead(), four).metric("mean_ttft_ms"))
                .isCloseTo((7.0 + 3 * 20.02) / 4, within(1e-9));
    }

    @Test
    void anIdleEngineStartsARequestAtOnce() {
        // One request at a time: each finds the engine idle, so scheduling ahead delays nothing.
        Workload oneByOne = new Workload(100, 10, 1.0, 1, 0, 5, 0);
        SimulationResult ahead = run(SYNCHRONOUS.schedulingAhead(), oneByOne);
        assertThat(ahead.metric("mean_ttft_ms")).isCloseTo(7.0, within(1e-9));
        assertThat(ahead.metrics()).isEqualTo(run(SYNCHRONOUS, oneByOne).metrics());
    }
}
