package io.costbench.service.run;

import java.util.Map;
import java.util.Optional;

/**
 * The requests a run kept in flight on average, by Little's law: completed requests per second x mean end-to-end
 * latency (SGLang prints the same figure as "Concurrency"). Of a closed loop's slots, the ones not in flight were
 * empty: the client's pauses, a last partial wave, stragglers of a spread of lengths. A throughput gap against a
 * prediction that kept more in flight is the client's, not the engine's. Files without a mean end-to-end latency
 * (vLLM saves it only when asked) use TTFT + (mean output tokens - 1) x TPOT, exact when every request has the same
 * TPOT.
 */
final class RequestsInFlight {

    /** The requests a run and its prediction kept in flight; either is null when its metrics lack the figures. */
    record InFlightFigures(Double measured, Double predicted) {

        static InFlightFigures of(Map<String, Double> measured, RunPrediction prediction) {
            return new InFlightFigures(RequestsInFlight.of(measured).orElse(null),
                    prediction == null ? null : RequestsInFlight.of(prediction.metrics()).orElse(null));
        }
    }

    private RequestsInFlight() {
    }

    /** The mean requests in flight, from vLLM-named metrics; empty when the run lacks the figures. */
    static Optional<Double> of(Map<String, Double> metrics) {
        Double requestsPerS = metrics.get("request_throughput");
        Optional<Double> latencyMs = Optional.ofNullable(metrics.get("mean_e2el_ms")).or(() -> fromTokens(metrics));
        return requestsPerS == null ? Optional.empty() : latencyMs.map(ms -> requestsPerS * ms / 1000.0);
    }

    private static Optional<Double> fromTokens(Map<String, Double> metrics) {
        Double ttftMs = metrics.get("mean_ttft_ms");
        Double tpotMs = metrics.get("mean_tpot_ms");
        Double outputTokens = metrics.get("total_output_tokens");
        Double completed = metrics.get("completed");
        if (ttftMs == null || tpotMs == null || outputTokens == null || completed == null || completed < 1) {
            return Optional.empty();
        }
        return Optional.of(ttftMs + Math.max(0, outputTokens / completed - 1) * tpotMs);
    }
}
