package io.costbench.engine.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class PercentilesTest {

    @Test
    void matchesNumpyOnASmallSample() {
        // numpy: mean 2.5, median 2.5, p90 3.7, p99 3.97 for [1, 2, 3, 4]
        PercentileSummary stats = Percentiles.of(new double[] {4, 1, 3, 2}, 4);
        assertThat(values(stats)).containsExactly(new double[] {2.5, 2.5, 3.7, 3.97}, within(1e-12));
    }

    @Test
    void weightedValuesGiveWhatTheExpandedListGives() {
        SplittableRandom random = new SplittableRandom(1);
        Percentiles.Weighted weighted = new Percentiles.Weighted();
        List<Double> expanded = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            // Few distinct values with large counts (step times), as the simulator adds them.
            double value = 5 + random.nextInt(3_000) / 100.0;
            int count = 1 + random.nextInt(40);
            weighted.add(value, count);
            for (int c = 0; c < count; c++) {
                expanded.add(value);
            }
        }
        double[] all = expanded.stream().mapToDouble(Double::doubleValue).toArray();
        double[] expected = values(Percentiles.of(all, all.length));
        assertThat(values(weighted.stats())).containsExactly(expected, within(1e-9));
        assertThat(values(new Percentiles.Weighted().stats())).containsExactly(0, 0, 0, 0);
    }

    @Test
    void pastTheExactLimitPercentilesStayWithinATenthOfAPercentAndTheMeanStaysExact() {
        SplittableRandom random = new SplittableRandom(2);
        int n = 3 * Percentiles.EXACT_VALUES;
        double[] all = new double[n];
        Percentiles.Samples samples = new Percentiles.Samples();
        Percentiles.Weighted weighted = new Percentiles.Weighted();
        for (int i = 0; i < n; i++) {
            // Log-uniform over four decades, every value distinct: the worst case for exact storage.
            all[i] = Math.pow(10, random.nextDouble(4));
            samples.add(all[i]);
            weighted.add(all[i], 1);
        }
        double[] exact = values(Percentiles.of(all.clone(), n));
        for (double[] approximate : List.of(values(samples.stats()), values(weighted.stats()))) {
            assertThat(approximate[0]).isCloseTo(exact[0], within(1e-9 * exact[0]));
            for (int k = 1; k < 4; k++) {
                assertThat(approximate[k]).isCloseTo(exact[k], within(1e-3 * exact[k]));
            }
        }
    }

    @Test
    void belowTheExactLimitSamplesAreNumpyExact() {
        Percentiles.Samples samples = new Percentiles.Samples();
        for (double v : new double[] {4, 1, 3, 2}) {
            samples.add(v);
        }
        assertThat(values(samples.stats())).containsExactly(new double[] {2.5, 2.5, 3.7, 3.97}, within(1e-12));
    }

    private static double[] values(PercentileSummary s) {
        return new double[] {s.mean(), s.median(), s.p90(), s.p99()};
    }
}
