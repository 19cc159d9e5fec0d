package io.costbench.service.validation;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.costbench.engine.model.ModelCatalog;
import io.costbench.service.prediction.AcceleratorFamilies;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * A closed loop of long identical prompts predicted sent at once and ramped: at once, the requests wait for each
 * other's prefills every round; ramped, they are out of step and the TTFT falls towards one prefill.
 */
class ClosedLoopStartTest {

    private static final double MEASURED_TTFT_MS = 500;
    private static final double MEASURED_TPOT_MS = 20;

    @Test
    void aRampedLoopOfLongPromptsWaitsLessForItsFirstTokenThanOneSentAtOnce() {
        ValidationRun run = new ValidationRun(ModelCatalog.standard(), AcceleratorFamilies.production());
        ValidationRun.Outcome waves = run.predict(measurement(8000, 50, 8));

        assertThat(ClosedLoopStart.of(List.of(waves))).singleElement().satisfies(s -> {
            assertThat(s.source()).isEqualTo(waves.measurement().source());
            assertThat(s.rows()).isEqualTo(1);
            // At once is the row as predicted.
            assertThat(s.ttftLeanAsRun()).isCloseTo(waves.relativeError(ValidationMetric.TTFT).orElseThrow(),
                    within(1e-12));
            assertThat(s.ttftAsRun()).isCloseTo(Math.abs(s.ttftLeanAsRun()), within(1e-12));
            // Ramped, the same requests wait less: a lower predicted TTFT against the same measurement.
            assertThat(s.ttftLeanRamped()).isLessThan(s.ttftLeanAsRun() - 0.2);
        });
    }

    @Test
    void singleClientsAndRowsNotPredictedAreLeftOut() {
        ValidationRun run = new ValidationRun(ModelCatalog.standard(), AcceleratorFamilies.production());
        ValidationRun.Outcome single = run.predict(measurement(1000, 50, 1));
        ValidationRun.Outcome skipped = new ValidationRun.Outcome(measurement(1000, 50, 8), Map.of(),
                "does not fit", null);

        assertThat(ClosedLoopStart.of(List.of(single, skipped))).isEmpty();
    }

    private static Measurement measurement(int inputTokens, int outputTokens, int concurrency) {
        return Measurement.builder().source("test", "row", "public").deployment("h100-sxm", "vllm", "qwen3-8b", "bf16", 1)
                .lengths(inputTokens, outputTokens).load(concurrency, 10 * concurrency)
                .measured(Map.of(ValidationMetric.TTFT, MEASURED_TTFT_MS, ValidationMetric.TPOT, MEASURED_TPOT_MS),
                        true)
                .viaServer(true).build();
    }
}
