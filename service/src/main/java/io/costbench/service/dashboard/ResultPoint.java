package io.costbench.service.dashboard;

/** One successful stored sweep point, as the dashboards read it. Throughputs in tokens/s, latencies in ms. */
record ResultPoint(long sweepId, String modelId, Target target, int inputTokens, int outputTokens, int concurrency,
        int chips, double outputThroughput, double totalTokenThroughput, Double medianTtftMs, Double medianTpotMs,
        String metricsJson) {

    double throughputPerChip() {
        return outputThroughput / Math.max(1, chips);
    }

    /** Output tokens/s per user: 1000 / median TPOT. */
    Double interactivity() {
        return medianTpotMs == null || medianTpotMs <= 0 ? null : 1000.0 / medianTpotMs;
    }
}
