package io.costbench.engine.sim;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SweepExpansionTest {

    private static final SweepTarget H100 = new SweepTarget("h100-sxm", "vllm", 1, "bf16", null);
    private static final SweepTarget TRN2 = new SweepTarget("trn2", null, null, null, List.of("b", "a", "a"));

    @Test
    void expandsTheCrossProductInNestingOrderWithSweepDefaults() {
        List<Scenario> scenarios = SweepExpansion.expand(new SweepDefinition(List.of("qwen3-8b", "llama-3.1-8b"),
                List.of(H100, TRN2), List.of(WorkloadShape.fixed(1024, 1024), new WorkloadShape(8192, 1024, 0.8)),
                List.of(1, 64), null, 7));
        assertThat(scenarios).hasSize(2 * 2 * 2 * 2);
        assertThat(scenarios.get(0).modelId()).isEqualTo("qwen3-8b");
        assertThat(scenarios.get(0).concurrency()).isEqualTo(1);
        assertThat(scenarios.get(0).numPrompts()).isEqualTo(20);
        assertThat(scenarios.get(1).numPrompts()).isEqualTo(640);
        assertThat(scenarios.get(1).workload()).isEqualTo(new Workload(1024, 1024, 1.0, 64, 0, 640, 7));
        assertThat(scenarios.get(4).target().optimizations()).containsExactly("a", "b");
        assertThat(scenarios).extracting(Scenario::key).doesNotHaveDuplicates();
    }

    @Test
    void duplicatesCollapse() {
        List<Scenario> scenarios = SweepExpansion.expand(new SweepDefinition(List.of("qwen3-8b", "qwen3-8b"),
                List.of(H100), List.of(WorkloadShape.fixed(128, 128)), List.of(4, 4), 100, 0));
        assertThat(scenarios).hasSize(1);
        assertThat(scenarios.get(0).numPrompts()).isEqualTo(100);
    }

    @Test
    void outOfRangeValuesNameTheirField() {
        assertThatThrownBy(() -> SweepExpansion.expand(new SweepDefinition(List.of("m"), List.of(H100),
                List.of(WorkloadShape.fixed(1024, 1024)), List.of(0), null, 0)))
                .isInstanceOfSatisfying(SweepExpansion.InvalidSweepException.class,
                        e -> assertThat(e.field()).isEqualTo("concurrencies"));
        assertThatThrownBy(() -> SweepExpansion.expand(new SweepDefinition(List.of("m"), List.of(H100),
                List.of(WorkloadShape.fixed(200_000, 1)), List.of(1), null, 0)))
                .hasMessageContaining("workloads.inputTokens");
        assertThatThrownBy(() -> SweepExpansion.expand(new SweepDefinition(List.of(), List.of(H100),
                List.of(WorkloadShape.fixed(1, 1)), List.of(1), null, 0))).hasMessageContaining("models");
        List<Integer> many = java.util.stream.IntStream.rangeClosed(1, 4096).boxed().toList();
        assertThatThrownBy(() -> SweepExpansion.expand(new SweepDefinition(List.of("a", "b"), List.of(H100),
                List.of(WorkloadShape.fixed(1, 1)), many, null, 0))).hasMessageContaining("exceed the limit");
    }
}
