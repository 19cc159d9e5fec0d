package io.costbench.engine.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

class DatasetLengthsTest {

    private final DatasetLengths shareGpt = DatasetLengths.shareGpt();

    private static int[] outputs(RequestLengths lengths) {
        return IntStream.range(0, lengths.size()).map(lengths::outputTokens).toArray();
    }

    @Test
    void aDrawHoldsTheStatedTotalWithinTheSamplersBounds() {
        RequestLengths run = shareGpt.draw(100, 233, 221, 3);
        int[] outputs = outputs(run);
        assertThat(run.size()).isEqualTo(100);
        assertThat(Arrays.stream(outputs).sum()).isEqualTo(22_100);
        assertThat(Arrays.stream(outputs).min().orElseThrow()).isGreaterThanOrEqualTo(4);
        assertThat(Arrays.stream(outputs).max().orElseThrow()).isLessThanOrEqualTo(2048 - 233);
        assertThat(IntStream.range(0, 100).map(run::inputTokens).toArray()).containsOnly(233);
        // a spread, not the mean a hundred times
        assertThat(run.maxOutputTokens()).isGreaterThan(2 * 221);
    }

    @Test
    void answersAreSpreadAsTheShareGptSampleShowsThem() {
        // the source's median / mean (0.636) is what the shape was chosen on; a long draw shows it
        int[] outputs = outputs(shareGpt.draw(20_000, 302, 196, 11));
        int[] sorted = outputs.clone();
        Arrays.sort(sorted);
        double mean = Arrays.stream(outputs).average().orElseThrow();
        assertThat(sorted[sorted.length / 2] / mean).isCloseTo(0.636, within(0.03));
    }

    @Test
    void eachSeedIsOneRunAndLongerRunsAreDrawnFewerTimes() {
        List<RequestLengths> runs = shareGpt.runs(100, 233, 221, 0);
        assertThat(runs).hasSize(32).doesNotHaveDuplicates();
        assertThat(runs.get(5)).isEqualTo(shareGpt.draw(100, 233, 221, 5));
        // another first seed, other runs: the first of seed 7 is the eighth of seed 0
        assertThat(shareGpt.runs(100, 233, 221, 7).get(0)).isEqualTo(runs.get(7));
        // a stated run's draws are that run sending each draw's requests, seeds from its own
        Workload stated = new Workload(233, 221, 1.0, 4, 0, 100, 7);
        assertThat(shareGpt.draws(stated)).hasSize(32).first().isEqualTo(stated.replaying(runs.get(7)));
        assertThat(shareGpt.runsOf(1000)).isEqualTo(4);
        assertThat(shareGpt.runsOf(3200)).isEqualTo(1);
        assertThat(shareGpt.runsOf(100_000)).isEqualTo(1);
        // a short run's draws are capped: a file of one-request runs is no denial of service
        assertThat(shareGpt.runsOf(1)).isEqualTo(32);
    }

    @Test
    void meansTheSamplerCannotHoldAreRefused() {
        assertThatThrownBy(() -> shareGpt.draw(100, 1100, 200, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("1024 prompt tokens");
        assertThatThrownBy(() -> shareGpt.draw(100, 1000, 1100, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("2048 in all");
        assertThatThrownBy(() -> shareGpt.draw(100, 233, 2, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThat(shareGpt.holds(1100, 200)).isFalse();
        assertThat(shareGpt.holds(302, 196)).isTrue();
    }
}
