package io.costbench.engine.sim;

import java.util.SplittableRandom;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Percentage.withPercentage;

class GammaSamplerTest {

    /** Gamma(k, 1) has mean k and variance k: checked on 200,000 draws. */
    @ParameterizedTest
    @ValueSource(doubles = {0.1, 0.5, 2.0, 8.0})
    void drawsHaveTheGammaMeanAndVariance(double shape) {
        SplittableRandom random = new SplittableRandom(7);
        int n = 200_000;
        double sum = 0;
        double squares = 0;
        for (int i = 0; i < n; i++) {
            double x = GammaSampler.sample(random, shape);
            assertThat(x).isGreaterThanOrEqualTo(0);
            sum += x;
            squares += x * x;
        }
        double mean = sum / n;
        assertThat(mean).isCloseTo(shape, withPercentage(2));
        assertThat(squares / n - mean * mean).isCloseTo(shape, withPercentage(6));
    }
}
