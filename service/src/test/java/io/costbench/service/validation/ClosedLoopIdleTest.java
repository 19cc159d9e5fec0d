package io.costbench.service.validation;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The closed loop's idle share on hand-made rows: a loop whose throughput is concurrency x OSL per request latency
 * keeps every slot busy (0); one 10% short of it left a tenth of its slot-time empty; rows without an independent
 * throughput, or not predicted, are left out.
 */
class ClosedLoopIdleTest {

    private static final int CONCURRENCY = 4;
    private static final int OUTPUT_TOKENS = 201;
    private static final double TTFT_MS = 50;
    private static final double TPOT_MS = 10;
    /** 50 + 200 x 10 ms = 2.05 s per request, 4 slots of 201 tokens: 392.2 tokens/s with no slot ever empty. */
    private static final double BUSY_TOKENS_PER_S = CONCURRENCY * OUTPUT_TOKENS / 2.05;

    @Test
    void aThroughputShortOfTheBusyLoopIsTheShareOfSlotTimeLeftEmpty() {
        Measurement m = measurement(Map.of(ValidationMetric.TTFT, TTFT_MS, ValidationMetric.TPOT, TPOT_MS,
                ValidationMetric.OUTPUT_THROUGHPUT, 0.9 * BUSY_TOKENS_PER_S), false);
        ValidationRun.Outcome predicted = new ValidationRun.Outcome(m, Map.of(ValidationMetric.TTFT, TTFT_MS,
                ValidationMetric.TPOT, TPOT_MS, ValidationMetric.OUTPUT_THROUGHPUT, BUSY_TOKENS_PER_S), null, null);

        assertThat(ClosedLoopIdle.of(List.of(predicted))).singleElement().satisfies(r -> {
            assertThat(r.label()).isEqualTo("row");
            assertThat(r.concurrency()).isEqualTo(CONCURRENCY);
            assertThat(r.numPrompts()).isEqualTo(100);
            assertThat(r.measuredShare()).isCloseTo(0.1, within(1e-9));
            assertThat(r.predictedShare()).isCloseTo(0.0, within(1e-9));
            assertThat(r.throughputError()).isCloseTo(1 / 0.9 - 1, within(1e-9));
        });
    }

    @Test
    void rowsWithoutAnIndependentThroughputOrAPredictionAreLeftOut() {
        Map<ValidationMetric, Double> all = Map.of(ValidationMetric.TTFT, TTFT_MS, ValidationMetric.TPOT, TPOT_MS,
                ValidationMetric.OUTPUT_THROUGHPUT, BUSY_TOKENS_PER_S);
        Map<ValidationMetric, Double> latencyOnly = Map.of(ValidationMetric.TTFT, TTFT_MS, ValidationMetric.TPOT,
                TPOT_MS);

        List<ValidationRun.Outcome> rows = List.of(
                new ValidationRun.Outcome(measurement(all, true), all, null, null),
                new ValidationRun.Outcome(measurement(all, false), Map.of(), "does not fit", null),
                new ValidationRun.Outcome(measurement(latencyOnly, false), latencyOnly, null, null));

        assertThat(ClosedLoopIdle.of(rows)).isEmpty();
    }

    private static Measurement measurement(Map<ValidationMetric, Double> measured, boolean throughputDerived) {
        return Measurement.builder().source("test", "row", "public").deployment("h100-sxm", "vllm", "qwen3-8b", "bf16", 1)
                .lengths(233, OUTPUT_TOKENS).load(CONCURRENCY, 100).measured(measured, throughputDerived)
                .viaServer(true).build();
    }
}
