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
        assertThat(outcome.load()).isEqualTo(91); // 100 users meet exactly; 108 is the next grid point
        assertThat(ran).hasSizeLessThanOrEqualTo(7).contains(1, 91, 108);
        assertThat(outcome.monotonicityBreaks()).isEmpty();
    }

    @Test
    void anSloMissedByOneUserIsReportedWithTheValueReached() {
        var outcome = OperatingPointSearch.search(OperatingPointSearchTest::linear, OperatingPointSearch.grid(512, 4),
                List.of(), new Slo(List.of(new SloBound("ttft_ms", "p90", 5)), null));
        assertThat(outcome.load()).isNull();
        assertThat(outcome.missesAtLowest()).containsExactly("p90 TTFT 10.0 ms > 5.00 ms");
        assertThat(outcome.ran()).containsOnlyKeys(1);
    }

    @Test
    void aBatchBucketBelowTheHighestFeasibleLoadWinsWhenPaddingMakesItCheaper() {
        // Decode batches pad to 64 or 128: 65..128 users pay for 128 slots.
        var outcome = OperatingPointSearch.search(c -> Map.of("p90_ttft_ms", 10.0 * c,
                        "output_throughput", 1000.0 * c / (c <= 64 ? 64 : 128)), OperatingPointSearch.grid(512, 4),
                List.of(64, 128), TTFT_P90_1000);
        assertThat(outcome.load()).isEqualTo(64);
        assertThat(outcome.ran()).containsKey(91);
        assertThat(outcome.monotonicityBreaks()).anyMatch(b -> b.startsWith("output_throughput falls"));
    }

    @Test
    void noBoundAcceptsTheWholeGrid() {
        var outcome = OperatingPointSearch.search(OperatingPointSearchTest::linear, OperatingPointSearch.grid(512, 4),
                List.of(), Slo.none());
        // Every point meets; throughput saturates at 200 users, and the least load reaching it is chosen.
        assertThat(outcome.ran()).containsKey(512);
        assertThat(outcome.load()).isBetween(200, 511);
    }

    @Test
    void rateGridHasFourPointsPerDoublingFromOneSixtyFourthTo256() {
        List<Double> grid = OperatingPointSearch.rateGrid(1.0 / 64, 256, 4);
        assertThat(grid).startsWith(0.01563, 0.01858, 0.0221, 0.02628, 0.03125).contains(1.0, 2.0, 1.189, 128.0)
                .endsWith(215.3, 256.0).hasSize(57).isSorted().doesNotHaveDuplicates();
    }

    @Test
    void openLoopFindsTheHighestRateThatMeetsAndChoosesIt() {
        // Queueing: TTFT grows as the rate nears a capacity of 10 requests/s, and explodes past it.
        List<Double> ran = new ArrayList<>();
        var outcome = OperatingPointSearch.searchRate(rate -> {
            ran.add(rate);
            return Map.of("p90_ttft_ms", rate < 10 ? 100 / (10 - rate) : 1e6, "output_throughput", 100 * rate);
        }, OperatingPointSearch.rateGrid(1.0 / 64, 256, 4), TTFT_P90_1000);
        // 100 / (10 - r) <= 1000 up to r = 9.9: the grid's 9.514 meets, 11.31 does not.
        assertThat(outcome.load()).isEqualTo(9.514);
        assertThat(ran).hasSizeLessThanOrEqualTo(8).contains(0.01563, 9.514, 11.31);
        assertThat(outcome.monotonicityBreaks()).isEmpty();
    }

    @Test
    void aRateWhoseLatencyFallsAsLoadRisesIsReported() {
        var outcome = OperatingPointSearch.searchRate(rate -> Map.of("p90_ttft_ms", rate == 2.0 ? 50.0 : 100.0,
                "output_throughput", 100 * rate), OperatingPointSearch.rateGrid(1.0 / 64, 256, 4), TTFT_P90_1000);
        assertThat(outcome.monotonicityBreaks()).anyMatch(b -> b.startsWith("p90_ttft_ms falls from 100.0 at ")
                && b.contains("to 50.0 at 2.000 req/s"));
    }
}
