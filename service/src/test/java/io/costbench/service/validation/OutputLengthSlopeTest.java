package io.costbench.service.validation;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The output-length slope on hand-made rows: a client that keeps each request waiting one completion gap shows a
 * slope of 1 on the measured side, an engine that admits at its next step shows 0 on the predicted side; rows that
 * cannot form a series do not count.
 */
class OutputLengthSlopeTest {

    private static final int CONCURRENCY = 8;
    private static final double TPOT_MS = 10;

    @Test
    void oneCompletionGapOfWaitingIsASlopeOfOneAndAFixedTtftASlopeOfZero() {
        List<ValidationRun.Outcome> rows = List.of(
                row("a", 1024, 128, 40 + gapMs(128), 50),
                row("a", 1024, 256, 40 + gapMs(256), 50),
                row("a", 1024, 512, 40 + gapMs(512), 50),
                // a second series of the same source: TTFT = 100 + 2 x gap measured, 30 + 0.5 x gap predicted
                row("a", 2048, 128, 100 + 2 * gapMs(128), 30 + 0.5 * gapMs(128)),
                row("a", 2048, 512, 100 + 2 * gapMs(512), 30 + 0.5 * gapMs(512)),
                // one output length only: no series
                row("a", 4096, 128, 500, 400));

        List<OutputLengthSlope> slopes = OutputLengthSlope.of(Map.of("a", rows));

        assertThat(slopes).singleElement().satisfies(s -> {
            assertThat(s.series()).isEqualTo(2);
            assertThat(s.measuredSlope()).isCloseTo(1.5, within(1e-9));
            assertThat(s.predictedSlope()).isCloseTo(0.25, within(1e-9));
        });
    }

    @Test
    void skippedRowsAndSourcesWithoutASeriesAreLeftOut() {
        ValidationRun.Outcome skipped = new ValidationRun.Outcome(measurement("b", 1024, 256, 90), Map.of(),
                "does not fit", null);

        List<OutputLengthSlope> slopes = OutputLengthSlope.of(Map.of(
                "b", List.of(row("b", 1024, 128, 60, 50), skipped),
                "c", List.of(row("c", 1024, 128, 60, 50), row("c", 2048, 256, 70, 50))));

        assertThat(slopes).isEmpty();
    }

    /** (OSL - 1) x TPOT / concurrency: the closed loop's gap between completions. */
    private static double gapMs(int outputTokens) {
        return (outputTokens - 1) * TPOT_MS / CONCURRENCY;
    }

    private static ValidationRun.Outcome row(String source, int input, int output, double measuredTtftMs,
            double predictedTtftMs) {
        return new ValidationRun.Outcome(measurement(source, input, output, measuredTtftMs),
                Map.of(ValidationMetric.TTFT, predictedTtftMs, ValidationMetric.TPOT, TPOT_MS), null, null);
    }

    private static Measurement measurement(String source, int input, int output, double ttftMs) {
        return Measurement.builder().source("test", source, source)
                .deployment("h100-sxm", "trtllm", "llama-3.1-8b", "bf16", 1).lengths(input, output)
                .load(CONCURRENCY, 0)
                .measured(Map.of(ValidationMetric.TTFT, ttftMs, ValidationMetric.TPOT, TPOT_MS), true).build();
    }
}
