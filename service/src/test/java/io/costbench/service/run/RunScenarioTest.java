package io.costbench.service.run;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The series a run joins: stored keys must not change under runs already stored, and a ramp-up or a length spread is a
 * series of its own.
 */
class RunScenarioTest {

    private static RunScenario scenario(Integer concurrency, Double rate, String rampUp) {
        return spread(concurrency, rate, rampUp, null);
    }

    private static RunScenario spread(Integer concurrency, Double rate, String rampUp, Double rangeRatio) {
        return new RunScenario("qwen3-8b", "h100-sxm", "vllm", 1, "bf16", 200, 128, concurrency, rate, rampUp,
                rangeRatio, null, "vllm", "0.11.0");
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

    @Test
    void aRangeRatioIsPartOfTheSeriesAndItsLabel() {
        RunScenario uniform = spread(4, null, null, 0.0);

        assertThat(uniform.seriesKey()).isEqualTo("qwen3-8b|h100-sxm|vllm|1|bf16|200|128|4|-|"
                + "range ratio 0.0 (lengths 0.0-1 x stated)");
        assertThat(uniform.seriesKey()).isNotEqualTo(spread(4, null, null, 0.5).seriesKey())
                .isNotEqualTo(scenario(4, null, null).seriesKey());
        assertThat(uniform.label()).endsWith(" · concurrency 4 · range ratio 0.0 (lengths 0.0-1 x stated)");
        assertThat(spread(4, null, "linear ramp-up 1.0 to 16.0 requests/s", 0.5).seriesKey()).endsWith(
                "|linear ramp-up 1.0 to 16.0 requests/s|range ratio 0.5 (lengths 0.5-1 x stated)");
    }

    @Test
    void drawnLengthDistributionsArePartOfTheSeriesAndItsLabel() {
        String llmperf = "prompts 200 ± 150 (normal, redrawn below 1), outputs 128 ± 80 (normal, redrawn below 1)";
        RunScenario drawn = new RunScenario("qwen3-8b", "h100-sxm", "vllm", 1, "bf16", 200, 128, 4, null, null, null,
                llmperf, "vllm", "0.11.0");

        assertThat(drawn.seriesKey()).isEqualTo("qwen3-8b|h100-sxm|vllm|1|bf16|200|128|4|-|" + llmperf)
                .isNotEqualTo(scenario(4, null, null).seriesKey());
        assertThat(drawn.lengthSpread()).isEqualTo(llmperf);
        assertThat(drawn.label()).endsWith(" · concurrency 4 · " + llmperf);
    }
}
