package io.costbench.service.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class OperatingPointSearchTest {

    private static final Slo TTFT_P90_1000 = new Slo(List.of(new SloBound("ttft_ms", "p90", 1000)), null);

    /** TTFT grows linearly with load (10 ms per user), throughput with load (up to 200 users). */
    private static Map<String, Double> linear(int c) {
        return Map.of("p90_ttft_ms", 10.0 * c, "output_throughput", 50.0 * Math.min(c, 200), "interactivity", 50.0);
    }

    @Test
    void gridHasFourPointsPerDoublingUpToTheMaximum() {
        List<Integer> grid = OperatingPointSearch.grid(512, 4);
        assertThat(grid).startsWith(1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 13, 16, 19, 23, 27, 32).endsWith(431, 512)
                .hasSize(32).isSorted().doesNotHaveDuplicates();
        assertThat(OperatingPointSearch.grid(100, 1)).containsExactly(1, 2, 4, 8, 16, 32, 64, 100);
    }

    @Test
    void findsTheHighestGridPointThatMeetsWithALogarithmicNumberOfRuns() {
        List<Integer> ran = new ArrayList<>();
        var outcome = OperatingPointSearch.search(c -> {
            ran.add(c);
            return linear(c);
        }, OperatingPointSearch.grid(512, 4), List.of(), TTFT_P90_1000);
        assertThat(outcome.concurrency()).isEqualTo(91); // 100 users meet exactly; 108 is the next grid point
        assertThat(ran).hasSizeLessThanOrEqualTo(7).contains(1, 91, 108);
        assertThat(outcome.monotonicityBreaks()).isEmpty();
    }

    @Test
    void anSloMissedByOneUserIsReportedWithTheValueReached() {
        var outcome = OperatingPointSearch.search(OperatingPointSearchTest::linear, OperatingPointSearch.grid(512, 4),
                List.of(), new Slo(List.of(new SloBound("ttft_ms", "p90", 5)), null));
        assertThat(outcome.concurrency()).isNull();
        assertThat(outcome.missesAtOne()).containsExactly("p90 TTFT 10.0 ms > 5.00 ms");
        assertThat(outcome.ran()).containsOnlyKeys(1);
    }

    @Test
    void aBatchBucketBelowTheHighestFeasibleLoadWinsWhenPaddingMakesItCheaper() {
        // Decode batches pad to 64 or 128: 65..128 users pay for 128 slots.
        var outcome = OperatingPointSearch.search(c -> Map.of("p90_ttft_ms", 10.0 * c,
                        "output_throughput", 1000.0 * c / (c <= 64 ? 64 : 128)), OperatingPointSearch.grid(512, 4),
                List.of(64, 128), TTFT_P90_1000);
        assertThat(outcome.concurrency()).isEqualTo(64);
        assertThat(outcome.ran()).containsKey(91);
        assertThat(outcome.monotonicityBreaks()).anyMatch(b -> b.startsWith("output_throughput falls"));
    }

    @Test
    void noBoundAcceptsTheWholeGrid() {
        var outcome = OperatingPointSearch.search(OperatingPointSearchTest::linear, OperatingPointSearch.grid(512, 4),
                List.of(), Slo.none());
        // Every point meets; throughput saturates at 200 users, and the least load reaching it is chosen.
        assertThat(outcome.ran()).containsKey(512);
        assertThat(outcome.concurrency()).isBetween(200, 511);
    }
}
