package io.costbench.engine.validation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.stream.DoubleStream;

import org.junit.jupiter.api.Test;

class ErrorStatisticsTest {

    @Test
    void medianP90AndMaxOfAbsoluteErrorsInterpolateBetweenRanks() {
        // |errors| sorted: 0.05 0.10 0.20 0.40; median halfway between 0.10 and 0.20, p90 at rank 2.7
        ErrorStatistics s = ErrorStatistics.of(DoubleStream.of(0.20, -0.05, -0.40, 0.10)).orElseThrow();
        assertThat(s.rows()).isEqualTo(4);
        assertThat(s.medianAbs()).isCloseTo(0.15, within(1e-12));
        assertThat(s.p90Abs()).isCloseTo(0.20 + 0.7 * 0.20, within(1e-12));
        assertThat(s.maxAbs()).isEqualTo(0.40);
    }

    @Test
    void oneRowIsItsOwnMedianAndNoRowsGiveNoStatistics() {
        assertThat(ErrorStatistics.of(DoubleStream.of(-0.3)).orElseThrow())
                .isEqualTo(new ErrorStatistics(1, 0.3, 0.3, 0.3));
        assertThat(ErrorStatistics.of(DoubleStream.empty())).isEmpty();
    }
}
