package io.costbench.engine.sim;

import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import io.costbench.engine.graph.StepShape;
import io.costbench.engine.model.ModelCatalog;
import io.costbench.engine.model.ModelSpec;
import io.costbench.engine.port.PrefillPolicy;
import io.costbench.engine.port.SchedulingRules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

/** Advancing runs of decode steps at once must give what stepping one at a time gives. */
class DecodeRunEquivalenceTest {

    private static final ModelSpec LLAMA = ModelCatalog.standard().get("llama-3.1-8b");
    private static final ModelSpec GEMMA = ModelCatalog.standard().get("gemma4-31b");
    private static final ToDoubleFunction<StepShape> COST =
            s -> 5 + 0.01 * s.totalTokens() + 2e-5 * s.decodeWindowedContextTokensSum() + 1e-3 * s.decodeContextTokensMax();

    static Stream<Arguments> cases() {
        SchedulingRules ample = new SchedulingRules(64, 2048, 10_000_000, 16, PrefillPolicy.CHUNKED_MIXED, List.of(),
                null);
        SchedulingRules tight = new SchedulingRules(64, 2048, 20_000, 16, PrefillPolicy.CHUNKED_MIXED, List.of(), null);
        SchedulingRules neuron = new SchedulingRules(16, 4096, 10_000_000, 32, PrefillPolicy.ONE_AT_A_TIME, List.of(),
                null);
        SchedulingRules prefillFirst = new SchedulingRules(64, 2048, 10_000_000, 1, PrefillPolicy.PREFILL_FIRST,
                List.of(), null);
        SchedulingRules prefillFirstTight = new SchedulingRules(64, 2048, 30_000, 1, PrefillPolicy.PREFILL_FIRST,
                List.of(), null);
        return Stream.of(
                Arguments.of("prefill first", LLAMA, prefillFirst, new Workload(1024, 300, 0.8, 32, 0, 200, 7)),
                Arguments.of("prefill first, kv-bound", LLAMA, prefillFirstTight,
                        Workload.closedLoop(1000, 400, 48, 8)),
                Arguments.of("closed loop", LLAMA, ample, new Workload(1024, 300, 0.8, 32, 0, 200, 1)),
                Arguments.of("kv-bound with preemption", LLAMA, tight, Workload.closedLoop(1000, 400, 48, 2)),
                Arguments.of("one at a time", LLAMA, neuron, new Workload(700, 200, 0.8, 16, 0, 100, 3)),
                Arguments.of("poisson", LLAMA, ample, new Workload(500, 200, 0.8, 0, 20, 300, 4)),
                Arguments.of("closed loop, concurrency ramped", LLAMA, ample,
                        new Workload(1024, 300, 0.8, 32, 0, 200, 1).withConcurrencyRamp(2)),
                Arguments.of("closed loop, scheduled a step ahead", LLAMA, ample.schedulingAhead(),
                        new Workload(1024, 300, 0.8, 32, 0, 200, 1)),
                Arguments.of("poisson, scheduled a step ahead", LLAMA, ample.schedulingAhead(),
                        new Workload(500, 200, 0.8, 0, 20, 300, 4)),
                Arguments.of("poisson capped", LLAMA, ample, new Workload(500, 200, 1.0, 8, 50, 300, 5)),
                Arguments.of("sliding window", GEMMA, ample, new Workload(900, 400, 0.8, 8, 0, 60, 6)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void batchedDecodeRunsChangeNothing(String name, ModelSpec model, SchedulingRules rules, Workload workload) {
        SimulationResult stepped = new ServingSimulator(new FakeDeployment(model, rules, COST),
                ShapeQuantizer.standard(), false).run(workload);
        SimulationResult batched = new ServingSimulator(new FakeDeployment(model, rules, COST)).run(workload);
        for (Map.Entry<String, Double> metric : stepped.metrics().entrySet()) {
            assertThat(batched.metric(metric.getKey())).as(metric.getKey())
                    .isCloseTo(metric.getValue(), offset(1e-9 * Math.max(1, Math.abs(metric.getValue()))));
        }
        assertThat(batched.stats().steps()).isEqualTo(stepped.stats().steps());
        assertThat(stepped.stats().batchedSteps()).isZero();
        assertThat(batched.stats().batchedSteps()).isGreaterThan(batched.stats().steps() / 4);
        assertThat(batched.stats().preemptions()).isEqualTo(stepped.stats().preemptions());
        assertThat(batched.medianDecodeStep()).isEqualTo(stepped.medianDecodeStep());
    }
}
