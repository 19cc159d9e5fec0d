package io.costbench.engine.sim;

/** A latency metric as {@code vllm bench serve} reports it: mean, median, p90, p99. */
record PercentileSummary(double mean, double median, double p90, double p99) {

    static final PercentileSummary EMPTY = new PercentileSummary(0, 0, 0, 0);
}
