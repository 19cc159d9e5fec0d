package io.costbench.engine.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LengthDistributionTest {

    private static final int DRAWS = 20_000;

    /** 20,000 draws of one distribution (as outputs; the prompts fixed). */
    private static int[] draws(LengthDistribution distribution) {
        RequestLengths drawn = RequestLengths.draw(DRAWS, LengthDistribution.fixed(1), distribution, 7);
        int[] lengths = new int[DRAWS];
        for (int i = 0; i < DRAWS; i++) {
            lengths[i] = drawn.outputTokens(i);
        }
        return lengths;
    }

    private static double mean(int[] values) {
        return Arrays.stream(values).average().orElseThrow();
    }

    private static double stddev(int[] values) {
        double mean = mean(values);
        return Math.sqrt(Arrays.stream(values).mapToDouble(v -> (v - mean) * (v - mean)).sum() / (values.length - 1));
    }

    @ParameterizedTest(name = "GuideLLM {0} ± {1}: mean and spread as stated, inside mean -+ 5 stdev")
    @CsvSource({"256, 64", "1000, 100", "128, 16"})
    void guidellmDrawsANormalInsideFiveStdevs(int mean, int stdev) {
        int[] lengths = draws(LengthDistribution.guidellm(mean, stdev, null, null));

        assertThat(mean(lengths)).isCloseTo(mean, within(0.03 * stdev + 0.5));
        assertThat(stddev(lengths)).isCloseTo(stdev, within(0.03 * stdev));
        assertThat(Arrays.stream(lengths).min().orElseThrow()).isGreaterThanOrEqualTo(Math.max(1, mean - 5 * stdev));
        assertThat(Arrays.stream(lengths).max().orElseThrow()).isLessThanOrEqualTo(mean + 5 * stdev);
    }

    @Test
    void guidellmClipsToItsStatedBoundsAndPilesTheTailsThere() {
        // 256 ± 64 clipped to 200-300: P(x < 199.5) = P(z < -0.88) = 19%, P(x > 300.5) = P(z > 0.70) = 24%.
        int[] lengths = draws(LengthDistribution.guidellm(256, 64, 200, 300));

        assertThat(Arrays.stream(lengths).min().orElseThrow()).isEqualTo(200);
        assertThat(Arrays.stream(lengths).max().orElseThrow()).isEqualTo(300);
        assertThat(Arrays.stream(lengths).filter(v -> v == 200).count() / (double) DRAWS).isCloseTo(0.19, within(0.02));
        assertThat(Arrays.stream(lengths).filter(v -> v == 300).count() / (double) DRAWS).isCloseTo(0.24, within(0.02));
    }

    @Test
    void guidellmWithoutAStdevDrawsUniformIntegersBetweenItsBounds() {
        int[] lengths = draws(LengthDistribution.guidellm(200, null, 100, 300));

        assertThat(Arrays.stream(lengths).min().orElseThrow()).isEqualTo(100);
        assertThat(Arrays.stream(lengths).max().orElseThrow()).isEqualTo(300);
        assertThat(mean(lengths)).isCloseTo(200, within(2.0));
        assertThat(stddev(lengths)).isCloseTo(201 / Math.sqrt(12), within(1.5));
    }

    @Test
    void guidellmWithNothingButTheMeanIsFixed() {
        assertThat(LengthDistribution.guidellm(128, null, null, null)).isEqualTo(LengthDistribution.fixed(128));
        assertThat(draws(LengthDistribution.fixed(128))).containsOnly(128);
    }

    @Test
    void llmperfDrawsAgainUntilPositiveSoItsShortTailIsNotPiledUpAtOne() {
        // LLMPerf's default outputs, 150 ± 80: P(int(gauss) <= 0) = P(x < 1) = 3.1%, drawn again, not set to 1.
        int[] lengths = draws(LengthDistribution.llmperf(150, 80));

        assertThat(Arrays.stream(lengths).min().orElseThrow()).isGreaterThanOrEqualTo(1);
        assertThat(Arrays.stream(lengths).filter(v -> v == 1).count() / (double) DRAWS).isLessThan(0.002);
        // The normal truncated at 1: mean 150 + 80 x phi(a) / (1 - Phi(a)) at a = -1.86, less half a token for int()
        // truncating, 155.3; standard deviation 74.2. Clipped at 1 it would read 150.5 and 77.8.
        assertThat(mean(lengths)).isCloseTo(155.3, within(1.5));
        assertThat(stddev(lengths)).isCloseTo(74.2, within(1.5));
    }

    @Test
    void aZeroStddevIsFixedAndLabelsSayWhatWasDrawn() {
        assertThat(LengthDistribution.llmperf(550, 0)).isEqualTo(LengthDistribution.fixed(550));
        assertThat(LengthDistribution.fixed(550).label()).isEqualTo("550");
        assertThat(LengthDistribution.llmperf(550, 150).label()).isEqualTo("550 ± 150 (normal, redrawn below 1)");
        assertThat(LengthDistribution.guidellm(256, 64, null, null).label())
                .isEqualTo("256 ± 64 (normal, clipped to 1-576)");
        assertThat(LengthDistribution.guidellm(200, null, 100, 300).label()).isEqualTo("uniform 100-300");
    }

    @ParameterizedTest(name = "vLLM {0} at range ratio {1}: uniform in [{2}, {3}]")
    @CsvSource({"1024, 0.2, 819, 1229", "128, 0.5, 64, 192", "1, 0.9, 1, 2", "1024, 0.0, 1024, 1024"})
    void vllmsRangeRatioSpreadsSymmetricallyAroundTheStatedLength(int tokens, double ratio, int low, int high) {
        LengthDistribution distribution = LengthDistribution.vllmRandom(tokens, ratio);
        int[] lengths = draws(distribution);

        assertThat(distribution.minTokens()).isEqualTo(low);
        assertThat(distribution.maxTokens()).isEqualTo(high);
        assertThat(Arrays.stream(lengths).min().orElseThrow()).isEqualTo(low);
        assertThat(Arrays.stream(lengths).max().orElseThrow()).isEqualTo(high);
        assertThat(mean(lengths)).isCloseTo((low + high) / 2.0, within(0.02 * tokens + 0.05));
        assertThatThrownBy(() -> LengthDistribution.vllmRandom(tokens, 1.0))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void drawsAreSeededAndTheSameSeedDrawsTheSameRequests() {
        LengthDistribution prompts = LengthDistribution.llmperf(550, 150);
        LengthDistribution outputs = LengthDistribution.llmperf(150, 80);

        RequestLengths drawn = RequestLengths.draw(100, prompts, outputs, 3);

        assertThat(drawn).isEqualTo(RequestLengths.draw(100, prompts, outputs, 3))
                .isNotEqualTo(RequestLengths.draw(100, prompts, outputs, 4));
    }

    @Test
    void refusesDistributionsItCannotDraw() {
        assertThatThrownBy(() -> new LengthDistribution(0, 1, 1, 2, false))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new LengthDistribution(10, 1, 5, 4, false))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new LengthDistribution(10, -1, 1, 20, false))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new LengthDistribution(10, Double.NaN, 1, 20, false))
                .isInstanceOf(IllegalArgumentException.class);
        // Drawing again with the mean outside the range might never end.
        assertThatThrownBy(() -> new LengthDistribution(10, 1, 1000, 2000, true))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> RequestLengths.draw(0, LengthDistribution.fixed(1), LengthDistribution.fixed(1), 1))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
