package io.costbench.service.validation;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * TP scaling on hand-made rows: a step that halves with each doubling of TP reads 0.5, one with a part that does not
 * split reads nearer 1, a jump over two doublings counts per doubling; rows that share no other TP make no pair.
 */
class TensorParallelScalingTest {

    @Test
    void ratiosArePerDoublingOfTensorParallelism() {
        List<ValidationRun.Outcome> rows = List.of(
                // measured: 2 ms that do not split plus 16 ms that do; predicted: all of it splits
                row("a", 1, 1024, 18, 18, 400.0, 400.0),
                row("a", 2, 1024, 10, 9, 300.0, 200.0),
                row("a", 4, 1024, 6, 4.5, 250.0, 100.0),
                // TP 1 to TP 4 in one step: the ratio 0.25 is 0.5 per doubling
                row("a", 1, 2048, 20, 20, null, null),
                row("a", 4, 2048, 5, 5, null, null),
                // a TP of its own: no pair
                row("a", 8, 4096, 3, 3, 90.0, 90.0));

        List<TensorParallelScaling> scaling = TensorParallelScaling.of(Map.of("a", rows));

        assertThat(scaling).singleElement().satisfies(s -> {
            assertThat(s.pairs()).isEqualTo(3);
            // TPOT measured: 10 / 18, 6 / 10 and (5 / 20)^(1/2) = 0.556, 0.6, 0.5 -> 0.556
            assertThat(s.measuredTpotRatio()).isCloseTo(10.0 / 18, within(1e-9));
            assertThat(s.predictedTpotRatio()).isCloseTo(0.5, within(1e-9));
            // TTFT only where both rows of a pair measured it: 300 / 400 and 250 / 300
            assertThat(s.measuredTtftRatio()).isCloseTo((0.75 + 250.0 / 300) / 2, within(1e-9));
            assertThat(s.predictedTtftRatio()).isCloseTo(0.5, within(1e-9));
        });
    }

    @Test
    void skippedRowsRepeatedTpsAndSourcesWithoutAPairAreLeftOut() {
        ValidationRun.Outcome skipped = new ValidationRun.Outcome(measurement("b", 2, 1024, 9, null), Map.of(),
                "does not fit", null);

        List<TensorParallelScaling> scaling = TensorParallelScaling.of(Map.of(
                "b", List.of(row("b", 1, 1024, 18, 18, null, null), skipped),
                "c", List.of(row("c", 2, 1024, 10, 10, null, null), row("c", 2, 1024, 11, 10, null, null))));

        assertThat(scaling).isEmpty();
    }

    @Test
    void aSourceWithoutTtftHasNoTtftRatio() {
        List<TensorParallelScaling> scaling = TensorParallelScaling.of(Map.of("d", List.of(
                row("d", 2, 1024, 10, 10, null, null), row("d", 4, 1024, 6, 5, null, null))));

        assertThat(scaling).singleElement().satisfies(s -> {
            assertThat(s.measuredTpotRatio()).isCloseTo(0.6, within(1e-9));
            assertThat(s.measuredTtftRatio()).isNaN();
            assertThat(s.predictedTtftRatio()).isNaN();
        });
    }

    private static ValidationRun.Outcome row(String source, int tp, int input, double measuredTpotMs,
            double predictedTpotMs, Double measuredTtftMs, Double predictedTtftMs) {
        Map<ValidationMetric, Double> predicted = predictedTtftMs == null
                ? Map.of(ValidationMetric.TPOT, predictedTpotMs)
                : Map.of(ValidationMetric.TPOT, predictedTpotMs, ValidationMetric.TTFT, predictedTtftMs);
        return new ValidationRun.Outcome(measurement(source, tp, input, measuredTpotMs, measuredTtftMs), predicted,
                null, null);
    }

    private static Measurement measurement(String source, int tp, int input, double tpotMs, Double ttftMs) {
        Map<ValidationMetric, Double> measured = ttftMs == null ? Map.of(ValidationMetric.TPOT, tpotMs)
                : Map.of(ValidationMetric.TPOT, tpotMs, ValidationMetric.TTFT, ttftMs);
        return Measurement.builder().source("test", source, source)
                .deployment("h100-sxm", "trtllm", "llama-3.1-8b", "bf16", tp).lengths(input, 128).load(8, 0)
                .measured(measured, true).build();
    }
}
