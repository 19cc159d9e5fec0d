package io.costbench.service.run;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

import io.costbench.service.web.BadInputException;

/**
 * The one vocabulary every adapter maps onto: vLLM's {@code vllm bench serve} metric names and units (latencies in
 * ms, throughputs in tokens/s or requests/s, {@code duration} in s, counts). A metric a file lacks stays absent, never
 * zero. Values must be finite, non-negative and below a sanity bound, or the push is refused naming the field.
 */
public final class RunMetrics {

    /** Latency statistics: {@code mean_ttft_ms}, {@code median_tpot_ms}, {@code p99_itl_ms}, {@code p99.9_e2el_ms}. */
    static final Pattern LATENCY = Pattern.compile("(mean|median|std|p\\d{1,2}(\\.\\d{1,3})?)_(ttft|tpot|itl|e2el)_ms");

    /** Scalars and their sanity bounds (well above anything a real server reaches, below any overflow). */
    static final Map<String, Double> SCALAR_BOUNDS = Map.ofEntries(
            Map.entry("request_throughput", 1e7),
            Map.entry("request_goodput", 1e7),
            Map.entry("output_throughput", 1e9),
            Map.entry("total_token_throughput", 1e9),
            Map.entry("max_output_tokens_per_s", 1e9),
            Map.entry("max_concurrent_requests", 1e9),
            Map.entry("duration", 1e8),
            Map.entry("completed", 1e12),
            Map.entry("failed", 1e12),
            Map.entry("total_input_tokens", 1e15),
            Map.entry("total_output_tokens", 1e15));

    /** A latency of more than a month is a unit mix-up, not a measurement. */
    static final double LATENCY_BOUND_MS = 3e9;

    /** vLLM writes about 30; a file with hundreds of percentile keys would not fit the stored row. */
    static final int MAX_METRICS = 200;

    private final TreeMap<String, Double> values = new TreeMap<>();

    static boolean isKnown(String name) {
        return SCALAR_BOUNDS.containsKey(name) || LATENCY.matcher(name).matches();
    }

    /** Higher is better for throughputs and goodput; lower is better for latencies; counts have no direction. */
    static int direction(String name) {
        if (LATENCY.matcher(name).matches()) {
            return name.startsWith("std_") ? 0 : -1;
        }
        return name.endsWith("throughput") || name.equals("request_goodput") ? 1 : 0;
    }

    /**
     * Adds a metric read from {@code field} of the pushed file; absent (null) values are skipped.
     *
     * @throws BadInputException 422 naming the field for non-finite, negative or absurd values
     */
    RunMetrics put(String name, Double value, String field) {
        if (value == null) {
            return this;
        }
        if (!isKnown(name)) {
            throw new IllegalArgumentException("not a vLLM metric name: " + name);
        }
        if (!Double.isFinite(value)) {
            throw BadInputException.unprocessable(field, "must be a finite number, was " + value);
        }
        if (value < 0) {
            throw BadInputException.unprocessable(field, "must not be negative, was " + value);
        }
        double bound = SCALAR_BOUNDS.getOrDefault(name, LATENCY_BOUND_MS);
        if (value > bound) {
            throw BadInputException.unprocessable(field, "is implausibly large (" + value + " > " + bound
                    + " for " + name + "); check the unit");
        }
        values.put(name, value);
        if (values.size() > MAX_METRICS) {
            throw BadInputException.unprocessable(field, "the file holds more than " + MAX_METRICS
                    + " metrics; at most " + MAX_METRICS + " are stored per run");
        }
        return this;
    }

    boolean has(String name) {
        return values.containsKey(name);
    }

    Double get(String name) {
        return values.get(name);
    }

    Map<String, Double> asMap() {
        return Collections.unmodifiableMap(new TreeMap<>(values));
    }
}
