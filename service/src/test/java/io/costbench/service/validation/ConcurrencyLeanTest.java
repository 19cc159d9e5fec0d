package io.costbench.service.validation;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The lean by concurrency on hand-made rows: each band's signed median, rows placed by their concurrency at the
 * bands' ends, skipped rows and metrics a row did not measure left out.
 */
class ConcurrencyLeanTest {

    @Test
    void eachBandCarriesTheSignedMedianOfItsRows() {
        List<ValidationRun.Outcome> rows = List.of(
                row(1, 10, 8, 100, 110), row(4, 10, 7, 100, 130), row(4, 10, 9, 100, 90),
                row(5, 10, 12, 100, 100), row(16, 10, 11, 100, 100),
                row(300, 10, 10, 100, 200));

        List<ConcurrencyLean> leans = ConcurrencyLean.of(Map.of("a", rows));

        assertThat(leans).extracting(l -> l.band().label()).containsExactly("1-4", "5-16", ">256");
        assertThat(leans.get(0)).satisfies(l -> {
            assertThat(l.rows()).isEqualTo(3);
            // TPOT errors -20%, -30%, -10%: the median is -20%; TTFT +10%, +30%, -10%: +10%
            assertThat(l.tpotLean()).hasValueSatisfying(v -> assertThat(v).isCloseTo(-0.2, within(1e-9)));
            assertThat(l.ttftLean()).hasValueSatisfying(v -> assertThat(v).isCloseTo(0.1, within(1e-9)));
        });
        // an even count: the mean of the middle two, +20% and +10%
        assertThat(leans.get(1).tpotLean()).hasValueSatisfying(v -> assertThat(v).isCloseTo(0.15, within(1e-9)));
        assertThat(leans.get(2).ttftLean()).hasValueSatisfying(v -> assertThat(v).isCloseTo(1.0, within(1e-9)));
    }

    @Test
    void skippedRowsAndUnmeasuredMetricsAreLeftOut() {
        ValidationRun.Outcome skipped = new ValidationRun.Outcome(measurement(8, Map.of(ValidationMetric.TPOT, 10.0)),
                Map.of(), "does not fit", null);
        ValidationRun.Outcome tpotOnly = new ValidationRun.Outcome(measurement(64, Map.of(ValidationMetric.TPOT, 10.0)),
                Map.of(ValidationMetric.TPOT, 12.0), null, null);

        List<ConcurrencyLean> leans = ConcurrencyLean.of(Map.of("b", List.of(skipped, tpotOnly)));

        assertThat(leans).singleElement().satisfies(l -> {
            assertThat(l.band().label()).isEqualTo("17-64");
            assertThat(l.tpotLean()).hasValueSatisfying(v -> assertThat(v).isCloseTo(0.2, within(1e-9)));
            assertThat(l.ttftLean()).isEmpty();
        });
    }

    private static ValidationRun.Outcome row(int concurrency, double measuredTpotMs, double predictedTpotMs,
            double measuredTtftMs, double predictedTtftMs) {
        return new ValidationRun.Outcome(measurement(concurrency,
                Map.of(ValidationMetric.TPOT, measuredTpotMs, ValidationMetric.TTFT, measuredTtftMs)),
                Map.of(ValidationMetric.TPOT, predictedTpotMs, ValidationMetric.TTFT, predictedTtftMs), null, null);
    }

    private static Measurement measurement(int concurrency, Map<ValidationMetric, Double> measured) {
        return Measurement.builder().source("test", "row", "test")
                .deployment("h100-sxm", "vllm", "llama-3.1-8b", "bf16", 1).lengths(1024, 1024).load(concurrency, 0)
                .measured(measured, true).build();
    }
}
