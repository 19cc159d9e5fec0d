package io.costbench.service.run;

import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class RegressionDetectorTest {

    private static RegressionDetector detector(double thresholdPercent, double z, int minSamples) {
        return new RegressionDetector(new RunsProperties(100, new RunsProperties.RegressionRule("main", 10, minSamples,
                thresholdPercent, z, List.of("output_throughput", "median_tpot_ms"))));
    }

    private static List<Map.Entry<Long, Map<String, Double>>> baseline(String metric, double... values) {
        List<Map.Entry<Long, Map<String, Double>>> runs = new ArrayList<>();
        for (int i = 0; i < values.length; i++) {
            runs.add(new AbstractMap.SimpleImmutableEntry<>((long) i + 1, Map.of(metric, values[i])));
        }
        return runs;
    }

    @Test
    void tooFewBaselineRunsGiveInsufficientData() {
        Regression result = detector(5, 3, 5).detect(Map.of("output_throughput", 500.0),
                baseline("output_throughput", 1000, 1000, 1000, 1000));

        assertThat(result.verdict()).isEqualTo(Regression.INSUFFICIENT_DATA);
        assertThat(result.metrics().get("output_throughput").samples()).isEqualTo(4);
    }

    @Test
    void directionDecidesBetweenRegressionAndImprovement() {
        var throughputBaseline = baseline("output_throughput", 1000, 1010, 990, 1005, 995);
        var latencyBaseline = baseline("median_tpot_ms", 20, 20.2, 19.8, 20.1, 19.9);
        RegressionDetector detector = detector(5, 3, 5);

        assertThat(detector.detect(Map.of("output_throughput", 900.0), throughputBaseline).verdict())
                .isEqualTo(Regression.REGRESSION);
        assertThat(detector.detect(Map.of("output_throughput", 1100.0), throughputBaseline).verdict())
                .isEqualTo(Regression.IMPROVEMENT);
        assertThat(detector.detect(Map.of("median_tpot_ms", 23.0), latencyBaseline).verdict())
                .isEqualTo(Regression.REGRESSION);
        assertThat(detector.detect(Map.of("median_tpot_ms", 17.0), latencyBaseline).verdict())
                .isEqualTo(Regression.IMPROVEMENT);
    }

    @Test
    void bothTheThresholdAndTheZScoreMustBeCrossed() {
        // Large change on a noisy series: 8 % but z < 3.
        var noisy = baseline("output_throughput", 1000, 1150, 850, 1100, 900);
        Regression noisyResult = detector(5, 3, 5).detect(Map.of("output_throughput", 920.0), noisy);
        // Significant change on a quiet series, but only 2 %.
        var quiet = baseline("output_throughput", 1000, 1001, 999, 1000.5, 999.5);
        Regression quietResult = detector(5, 3, 5).detect(Map.of("output_throughput", 980.0), quiet);

        assertThat(noisyResult.verdict()).isEqualTo(Regression.OK);
        assertThat(noisyResult.metrics().get("output_throughput").changePercent()).isCloseTo(-8.0, within(1e-9));
        assertThat(Math.abs(noisyResult.metrics().get("output_throughput").z())).isLessThan(3);
        assertThat(quietResult.verdict()).isEqualTo(Regression.OK);
        assertThat(Math.abs(quietResult.metrics().get("output_throughput").z())).isGreaterThan(3);
    }

    @Test
    void theZScoreWidensForASmallBaseline() {
        var runs = baseline("output_throughput", 990, 1010, 990, 1010, 1000);
        Regression result = detector(0, 0, 5).detect(Map.of("output_throughput", 1100.0), runs);

        double std = Math.sqrt((4 * 100.0) / 4);
        assertThat(result.metrics().get("output_throughput").z())
                .isCloseTo(100 / (std * Math.sqrt(1 + 1.0 / 5)), within(1e-9));
        assertThat(result.baseline().runIds()).containsExactly(1L, 2L, 3L, 4L, 5L);
    }

    @Test
    void aBaselineWithoutSpreadLeavesThePercentageToDecide() {
        var flat = baseline("output_throughput", 1000, 1000, 1000, 1000, 1000);

        Regression small = detector(5, 3, 5).detect(Map.of("output_throughput", 990.0), flat);
        Regression large = detector(5, 3, 5).detect(Map.of("output_throughput", 900.0), flat);

        assertThat(small.verdict()).isEqualTo(Regression.OK);
        assertThat(large.verdict()).isEqualTo(Regression.REGRESSION);
        assertThat(large.metrics().get("output_throughput").z()).isNull();
    }

    @Test
    void aMetricWithoutDirectionCannotBeConfigured() {
        assertThatThrownBy(() -> new RunsProperties.RegressionRule("main", 10, 5, 5, 3, List.of("completed")))
                .hasMessageContaining("completed");
        assertThatThrownBy(() -> new RunsProperties.RegressionRule("main", 3, 5, 5, 3, List.of("output_throughput")))
                .hasMessageContaining("min-samples");
    }
}
