package io.costbench.service.run;

import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Little's law on a run's own figures: requests/s x mean end-to-end latency, or, without that latency, TTFT plus the
 * mean output's remaining tokens at TPOT.
 */
class RequestsInFlightTest {

    @Test
    void theRequestRateTimesTheMeanEndToEndLatency() {
        // SGLang's sample prints this product as its "concurrency": 4.889 req/s x 2409.5 ms = 11.78
        assertThat(RequestsInFlight.of(Map.of("request_throughput", 4.88909229058201,
                "mean_e2el_ms", 2409.499004891637, "mean_ttft_ms", 1.0, "mean_tpot_ms", 1.0,
                "total_output_tokens", 100.0, "completed", 10.0)))
                .hasValueSatisfying(n -> assertThat(n).isCloseTo(11.780263008980727, within(1e-9)));
    }

    @Test
    void withoutAnEndToEndLatencyTheMeanOutputIsPricedAtTheMeanTpot() {
        // 2 req/s x (100 ms + (2000 / 10 - 1) x 10 ms) = 2 x 2.09 s
        assertThat(RequestsInFlight.of(Map.of("request_throughput", 2.0, "mean_ttft_ms", 100.0,
                "mean_tpot_ms", 10.0, "total_output_tokens", 2000.0, "completed", 10.0)))
                .hasValueSatisfying(n -> assertThat(n).isCloseTo(4.18, within(1e-9)));
    }

    @Test
    void aRunWithoutTheFiguresHasNone() {
        assertThat(RequestsInFlight.of(Map.of("mean_e2el_ms", 900.0))).isEmpty();
        assertThat(RequestsInFlight.of(Map.of("request_throughput", 2.0, "mean_ttft_ms", 100.0,
                "mean_tpot_ms", 10.0, "total_output_tokens", 2000.0, "completed", 0.0))).isEmpty();
        assertThat(RequestsInFlight.of(Map.of("request_throughput", 2.0, "mean_ttft_ms", 100.0))).isEmpty();
    }
}
