package io.costbench.gpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ExpertRowTilesTest {

    @Test
    void fewRowsTakeOneTileWhenTheExpertIsTouched() {
        // 4 tokens x 8 of 128 experts: an expert gets 0, 1 or rarely 2 rows, never a second 16-row tile
        double p = 8.0 / 128;
        assertThat(ExpertRowTiles.expected(4, p, 16)).isCloseTo(1 - Math.pow(1 - p, 4), within(1e-12));
    }

    @Test
    void aMeanOfOneTileSpillsIntoASecondForTheExpertsAboveIt() {
        // 1024 tokens x 8 of 128 experts: 64 rows on average, binomial; about half the experts hold more than 64
        double tiles = ExpertRowTiles.expected(1024, 8.0 / 128, 64);
        assertThat(tiles).isBetween(1.4, 1.5);
        assertThat(tiles).isCloseTo(bruteForce(1024, 8.0 / 128, 64), withinPercentage(1));
    }

    @ParameterizedTest(name = "{0} tokens, p {1}, tile {2}")
    @CsvSource({"640, 0.0625, 64", "700, 0.0625, 16", "2000, 0.03, 16", "8192, 0.0625, 64", "16384, 0.25, 64"})
    void theNormalApproximationAgreesWithTheBinomialSum(long tokens, double p, double tile) {
        // means from 40 (the switch) to 4096 rows
        assertThat(ExpertRowTiles.expected(tokens, p, tile)).isCloseTo(bruteForce(tokens, p, tile),
                withinPercentage(1));
    }

    @Test
    void manyTilesAnExpertApproachTheMeansTiles() {
        double tiles = ExpertRowTiles.expected(16384, 0.25, 64);
        assertThat(tiles / (16384 * 0.25 / 64)).isBetween(1.0, 1.02);
    }

    @Test
    void theUpperTailIsTheStandardNormals() {
        assertThat(ExpertRowTiles.upperTail(0)).isCloseTo(0.5, within(1e-7));
        assertThat(ExpertRowTiles.upperTail(1.959964)).isCloseTo(0.025, within(1e-7));
        assertThat(ExpertRowTiles.upperTail(-1)).isCloseTo(0.841345, within(1e-6));
    }

    /** E[ceil(n / tile)] summed over the binomial pmf in log space (no underflow at large means). */
    private static double bruteForce(long tokens, double p, double tile) {
        double sum = 0;
        double logP = Math.log(p);
        double logQ = Math.log1p(-p);
        double logChoose = 0;
        for (long k = 0; k <= tokens; k++) {
            if (k > 0) {
                logChoose += Math.log((tokens - k + 1) / (double) k);
            }
            double pmf = Math.exp(logChoose + k * logP + (tokens - k) * logQ);
            sum += pmf * Math.ceil(k / tile);
        }
        return sum;
    }
}
