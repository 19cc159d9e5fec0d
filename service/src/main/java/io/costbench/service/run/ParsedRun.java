package io.costbench.service.run;

import java.util.Map;

/**
 * One run read from a pushed file: its metrics in vLLM's vocabulary, and what the file itself says about the
 * scenario (used where the CI context is silent, checked where it speaks).
 *
 * @param concurrency  the configured concurrency limit the file states, or null (rate mode, or not stated)
 * @param requestRate  the configured request rate (requests/s), or null when unlimited or not stated
 * @param inputTokens  the configured or mean prompt length, or null
 * @param outputTokens the configured or mean output length, or null
 * @param modelId      the model the file names, or null
 * @param label        where in the file this run came from, e.g. {@code benchmarks[2] (concurrent, 16 streams)}
 * @param client       the rest of the client's settings the file states
 */
record ParsedRun(Map<String, Double> metrics, Integer concurrency, Double requestRate, Integer inputTokens,
        Integer outputTokens, String modelId, String label, ClientSettings client) {

    /** The same run with the client settings given. */
    ParsedRun withClient(ClientSettings settings) {
        return new ParsedRun(metrics, concurrency, requestRate, inputTokens, outputTokens, modelId, label, settings);
    }

    /** A run whose file says nothing of its client beyond concurrency and rate. */
    ParsedRun(Map<String, Double> metrics, Integer concurrency, Double requestRate, Integer inputTokens,
            Integer outputTokens, String modelId, String label) {
        this(metrics, concurrency, requestRate, inputTokens, outputTokens, modelId, label, ClientSettings.UNSTATED);
    }
}
