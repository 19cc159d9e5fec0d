package io.costbench.engine.sim;

import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.costbench.engine.model.ModelCatalog;
import io.costbench.engine.model.ModelSpec;
import io.costbench.engine.port.PrefillPolicy;
import io.costbench.engine.port.SchedulingRules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

/**
 * An engine that admits a request only with room for its prompt and whole answer (TensorRT-LLM's GUARANTEED_NO_EVICT)
 * against one that admits by the prompt and grows the cache as requests decode.
 */
class ReserveToCompletionTest {

    private static final ModelSpec LLAMA = ModelCatalog.standard().get("llama-3.1-8b");
    /** 1,000 blocks of 16 tokens; a request of 1,000 + 3,000 tokens holds 250 of them by its end: 4 at once. */
    private static final long CACHE_TOKENS = 16_000;
    /** Six clients, two rounds each: two requests more than the cache holds to completion are always in flight. */
    private static final Workload SIX_CLIENTS = new Workload(1000, 3000, 1.0, 6, 0, 12, 0);

    private static SimulationResult run(SchedulingRules rules) {
        return ServingSimulator.simulate(new FakeDeployment(LLAMA, rules, FakeDeployment.linear(5, 0.01)),
                SIX_CLIENTS);
    }

    private static SchedulingRules growing(PrefillPolicy policy) {
        return new SchedulingRules(256, 8192, CACHE_TOKENS, 16, policy, List.of(), null);
    }

    @ParameterizedTest
    @EnumSource(value = PrefillPolicy.class, names = {"CHUNKED_MIXED", "WHOLE_PROMPTS", "PREFILL_FIRST",
        "ONE_AT_A_TIME"})
    void admitsOnlyWhatTheCacheHoldsToTheEndAndNeverPreempts(PrefillPolicy policy) {
        SimulationResult grown = run(growing(policy));
        SimulationResult reserved = run(growing(policy).reservingToCompletion());

        // Admitted by their prompts, all six start and the cache runs out as they decode.
        assertThat(grown.stats().preemptions()).isPositive();
        // Reserved to completion, four run at a time, holding the whole cache, and the other two wait for one to end.
        assertThat(reserved.stats().preemptions()).isZero();
        assertThat(reserved.stats().peakKvBlocksUsed()).isEqualTo(reserved.stats().kvBlocksTotal()).isEqualTo(1000);
        assertThat(reserved.stats().meanDecodeBatch()).isLessThanOrEqualTo(4.0).isGreaterThan(3.0);
        assertThat(reserved.metric("completed")).isEqualTo(12);
        // Four at a time, the rest wait for whole requests to end: a third of a request's time on the mean (admitted
        // by their prompts, they start at once).
        double requestMs = reserved.metric("mean_e2el_ms") - reserved.metric("mean_ttft_ms");
        assertThat(reserved.metric("mean_ttft_ms")).isCloseTo(requestMs / 3, withinPercentage(5));
        assertThat(grown.metric("mean_ttft_ms")).isLessThan(requestMs / 20);
    }

    @ParameterizedTest
    @EnumSource(value = PrefillPolicy.class, names = {"CHUNKED_MIXED", "PREFILL_FIRST"})
    void changesNothingWhereTheCacheHoldsEveryRequestToTheEnd(PrefillPolicy policy) {
        SchedulingRules ample = new SchedulingRules(256, 8192, 10 * 6 * 4000, 16, policy, List.of(), null);
        assertThat(run(ample.reservingToCompletion()).metrics()).isEqualTo(run(ample).metrics());
    }
}
