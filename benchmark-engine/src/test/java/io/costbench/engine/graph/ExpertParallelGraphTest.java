package io.costbench.engine.graph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

import io.costbench.engine.model.ModelCatalog;
import io.costbench.engine.model.ModelSpec;
import io.costbench.engine.model.Precision;

/** Experts split over the TP ranks against experts spread whole over them: the per-rank MoE operator. */
class ExpertParallelGraphTest {

    private static final ModelSpec QWEN3_30B_A3B = ModelCatalog.standard().get("qwen3-30b-a3b");

    private static Operator experts(GraphOptions options, int tp, StepShape shape) {
        return GraphBuilder.build(QWEN3_30B_A3B, tp, Precision.BF16, options, shape).operators().stream()
                .filter(o -> o.kind() == OperatorKind.MOE_EXPERTS).findFirst().orElseThrow();
    }

    @Test
    void expertParallelKeepsExpertsWholeAndGivesEachRankItsShareOfTheRoutes() {
        // Qwen3-30B-A3B: 128 experts, top-8, expert width 768, hidden 2048
        StepShape decode = StepShape.decode(16, 1024);
        Operator split = experts(GraphOptions.standard(), 4, decode);
        Operator whole = experts(GraphOptions.standard().withExpertParallel(true), 4, decode);
        assertThat(split.experts()).isEqualTo(128);
        assertThat(split.outFeatures()).isEqualTo(3 * 768 / 4);
        assertThat(split.rows()).isEqualTo(16 * 8);
        assertThat(whole.experts()).isEqualTo(32);
        assertThat(whole.outFeatures()).isEqualTo(3 * 768);
        assertThat(whole.rows()).isEqualTo(16 * 8 / 4);
        // the same FLOPs and, on the mean rank, the same weight bytes per rank: a quarter of the touched experts, whole
        assertThat(whole.flops()).isCloseTo(split.flops(), within(1e-6 * split.flops()));
        assertThat(whole.expertsTouched()).isCloseTo(split.expertsTouched() / 4, within(1e-9));
        assertThat(whole.weightBytes()).isCloseTo(split.weightBytes(), within(1e-6 * split.weightBytes()));
    }

    @Test
    void oneRankIsTheSameGraphEitherWay() {
        StepShape prefill = StepShape.prefill(512);
        assertThat(experts(GraphOptions.standard().withExpertParallel(true), 1, prefill))
                .isEqualTo(experts(GraphOptions.standard(), 1, prefill));
    }
}
