package io.costbench.engine.sim;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;

import io.costbench.engine.model.ModelCatalog;
import io.costbench.engine.port.PrefillPolicy;
import io.costbench.engine.port.SchedulingRules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SimulationBudgetTest {

    private static final SchedulingRules RULES = new SchedulingRules(256, 8192, 10_000_000, 16,
            PrefillPolicy.CHUNKED_MIXED, List.of(), null);

    private static ServingSimulator simulator() {
        return new ServingSimulator(new FakeDeployment(ModelCatalog.standard().get("llama-3.1-8b"), RULES,
                FakeDeployment.linear(5, 0.01)));
    }

    @Test
    void theIssuesPredictionIsRefusedBeforeAnyWorkNamingFieldsAndTheLargestAcceptedCount() {
        // 1 input, 100,000 output tokens, concurrency 7, 2,684 prompts: about 2^28 simulated tokens.
        Workload heavy = new Workload(1, 100_000, 1.0, 7, 0, 2_684, 0);
        SimulationBudget budget = new SimulationBudget(1L << 28, 1L << 22);
        FakeDeployment deployment = new FakeDeployment(ModelCatalog.standard().get("llama-3.1-8b"), RULES,
                FakeDeployment.linear(5, 0.01));
        assertThatThrownBy(() -> new ServingSimulator(deployment).run(heavy, budget, Deadline.NONE))
                .isInstanceOf(OverBudgetException.class)
                .hasMessageContaining("decode steps").hasMessageContaining("at most 287 prompts")
                .satisfies(e -> assertThat(((OverBudgetException) e).fields())
                        .containsExactly("numPrompts", "outputTokens", "concurrency"));
        assertThat(deployment.priceCalls.get()).isZero();
        // The largest accepted count is accepted.
        assertThatCode(() -> budget.check(new Workload(1, 100_000, 1.0, 7, 0, 287, 0), RULES))
                .doesNotThrowAnyException();
    }

    @Test
    void simulatedTokensAreBoundedWithTheLargestAcceptedPromptCount() {
        SimulationBudget budget = new SimulationBudget(1_000_000, Long.MAX_VALUE);
        assertThatThrownBy(() -> budget.check(new Workload(1000, 1000, 1.0, 64, 0, 501, 0), RULES))
                .isInstanceOf(OverBudgetException.class)
                .hasMessageContaining("1,002,000 simulated tokens").hasMessageContaining("at most 500 prompts")
                .satisfies(e -> assertThat(((OverBudgetException) e).fields())
                        .containsExactly("numPrompts", "inputTokens", "outputTokens"));
        assertThatCode(() -> budget.check(new Workload(1000, 1000, 1.0, 64, 0, 500, 0), RULES))
                .doesNotThrowAnyException();
    }

    @Test
    void aLongOutputAloneNamesTheLargestOutputLength() {
        SimulationBudget budget = new SimulationBudget(Long.MAX_VALUE, 10_000);
        assertThatThrownBy(() -> budget.check(new Workload(10, 20_000, 1.0, 1, 0, 1, 0), RULES))
                .isInstanceOf(OverBudgetException.class).hasMessageContaining("outputTokens at most 10,000");
    }

    @Test
    void aPassedDeadlineStopsTheRun() {
        Workload long_ = Workload.closedLoop(100, 20_000, 4, 0);
        assertThatThrownBy(() -> simulator().run(long_, SimulationBudget.UNLIMITED,
                Deadline.in(Duration.ZERO, () -> false)))
                .isInstanceOf(SimulationCancelledException.class).hasMessageContaining("deadline of 0 ms");
    }

    @Test
    void anAbandonedRunStopsAndARunWithinItsDeadlineFinishes() {
        AtomicBoolean gone = new AtomicBoolean(true);
        Workload workload = Workload.closedLoop(100, 20_000, 4, 0);
        assertThatThrownBy(() -> simulator().run(workload, SimulationBudget.UNLIMITED,
                Deadline.in(Duration.ofMinutes(5), gone::get)))
                .isInstanceOf(SimulationCancelledException.class).hasMessageContaining("abandoned");
        gone.set(false);
        SimulationResult result = simulator().run(workload, SimulationBudget.UNLIMITED,
                Deadline.in(Duration.ofMinutes(5), gone::get));
        assertThat(result.metric("completed")).isEqualTo(40);
    }
}
