package io.costbench.service.plan;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** Ranking, savings and the summary line, on hand-made candidate results. */
class PlanRankingTest {

    private static CandidateResult meets(String hardware, String label, int replicas, int perReplica, double price) {
        return new CandidateResult(0, label, hardware, "p", 1, "bf16", List.of(), CandidateResult.MEETS, null, 64,
                null, 1.0, 100.0, replicas, perReplica, replicas * perReplica, price, replicas * perReplica * price,
                replicas * perReplica * price * 730, 1.0, 0.0, null, "h", List.of(), List.of());
    }

    private static CandidateResult pruned(String hardware, String label, int perReplica, double price) {
        return new CandidateResult(0, label, hardware, "p", 8, "bf16", List.of(), CandidateResult.PRUNED, "pruned",
                null, null, null, null, null, perReplica, null, price, null, null, null, null, null, "h", List.of(),
                List.of());
    }

    private static CandidateResult misses(String hardware, String label) {
        return new CandidateResult(0, label, hardware, "p", 1, "bf16", List.of(), CandidateResult.MISSES,
                "SLO missed even at concurrency 1", null, null, null, null, null, 1, null, 1.0, null, null, null, null,
                null, "h", List.of(), List.of());
    }

    @Test
    void meetingCandidatesComeFirstByMonthlyCostThenMissesThenPruned() {
        List<CandidateResult> ranked = Planner.rank(List.of(misses("a", "a-miss"), pruned("b", "b-big", 8, 5),
                meets("b", "b-one", 3, 1, 5.19), meets("a", "a-one", 7, 1, 2.23)));
        assertThat(ranked).extracting(CandidateResult::label).containsExactly("b-one", "a-one", "a-miss", "b-big");
        assertThat(ranked).extracting(CandidateResult::rank).containsExactly(1, 2, 3, 4);
    }

    @Test
    void savingsCompareWithTheCheapestOfEveryOtherHardwareAndBoundFullyPrunedHardware() {
        CandidateResult cheapest = meets("h100", "h100 one", 3, 1, 5.19);        // 3 x 5.19 x 730 = 11,366.1
        List<CandidateResult> ranked = Planner.rank(List.of(cheapest, meets("trn2", "trn2 one", 7, 1, 2.23),
                meets("trn2", "trn2 two", 5, 2, 2.23), pruned("h200", "h200 eight", 8, 6.0)));
        List<PlanResult.Saving> savings = Planner.savings(ranked.get(0), ranked, 730);
        assertThat(savings).hasSize(2);
        PlanResult.Saving trn2 = savings.get(0);
        assertThat(trn2.against()).isEqualTo("trn2 one");
        assertThat(trn2.againstUsdPerMonth()).isCloseTo(7 * 2.23 * 730, within(1e-9));
        assertThat(trn2.savingUsdPerMonth()).isCloseTo(7 * 2.23 * 730 - 3 * 5.19 * 730, within(1e-9));
        assertThat(trn2.lowerBound()).isFalse();
        PlanResult.Saving h200 = savings.get(1);
        assertThat(h200.againstUsdPerMonth()).isCloseTo(8 * 6.0 * 730, within(1e-9));
        assertThat(h200.lowerBound()).isTrue();
        assertThat(Planner.summary(ranked.get(0), savings, "p90 TTFT <= 2000 ms")).isEqualTo("Cheapest meeting p90 "
                + "TTFT <= 2000 ms: h100 one, 3 replicas x 1 accelerator at concurrency 64, $11,366 per month ($1.00 "
                + "per million output tokens); 0.3% cheaper than trn2 one ($11,395); at least 68% cheaper than h200 "
                + "eight (at least $35,040).");
    }

    @Test
    void withoutAMeetingCandidateThereIsNoCheapestAndTheSummarySaysSo() {
        List<CandidateResult> ranked = Planner.rank(List.of(misses("a", "a-miss")));
        assertThat(Planner.savings(null, ranked, 730)).isEmpty();
        assertThat(Planner.summary(null, List.of(), "interactivity >= 5000 tok/s/user"))
                .isEqualTo("No candidate meets interactivity >= 5000 tok/s/user.");
    }
}
