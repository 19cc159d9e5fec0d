package io.costbench.service.run;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The series a run joins: stored keys must not change under runs already stored, and a ramp-up is its own series. */
class RunScenarioTest {

    private static RunScenario scenario(Integer concurrency, Double rate, String rampUp) {
        return new RunScenario("qwen3-8b", "h100-sxm", "vllm", 1, "bf16", 200, 128, concurrency, rate, rampUp, "vllm",
                "0.11.0");
    }

    @Test
    void aRunWithoutARampUpKeepsTheKeyRunsWereStoredUnder() {
        assertThat(scenario(4, 1.0, null).seriesKey()).isEqualTo("qwen3-8b|h100-sxm|vllm|1|bf16|200|128|4|1.0");
        assertThat(scenario(null, null, null).seriesKey()).isEqualTo("qwen3-8b|h100-sxm|vllm|1|bf16|200|128|-|-");
    }

    @Test
    void aRampUpIsPartOfTheSeriesAndItsLabel() {
        RunScenario linear = scenario(4, null, "linear ramp-up 1.0 to 16.0 requests/s");
        RunScenario steeper = scenario(4, null, "linear ramp-up 1.0 to 32.0 requests/s");

        assertThat(linear.seriesKey()).isEqualTo(
                "qwen3-8b|h100-sxm|vllm|1|bf16|200|128|4|-|linear ramp-up 1.0 to 16.0 requests/s");
        assertThat(linear.seriesKey()).isNotEqualTo(steeper.seriesKey())
                .isNotEqualTo(scenario(4, null, null).seriesKey());
        assertThat(linear.label()).isEqualTo("qwen3-8b on h100-sxm (vllm) · TP 1 · bf16 · 200/128 tokens in/out"
                + " · concurrency 4 · linear ramp-up 1.0 to 16.0 requests/s");
    }
}
