package io.costbench.service.export;

import java.util.List;

/**
 * The columns of {@code runs.csv}, in order: the run's context, its normalized metrics (vLLM names and units), the
 * prediction for its scenario with the relative error (measured - predicted) / predicted, the regression
 * verdict, and the run's cost beside the prediction's ({@link #COST}). Stable like {@link CostColumns}; documented in the README's "CSV export" section.
 */
final class RunColumns {

    /** Metric columns: header name -> vLLM metric name in the stored metrics. */
    static final List<String[]> METRICS = List.of(
            new String[] {"completed_requests", "completed"},
            new String[] {"failed_requests", "failed"},
            new String[] {"duration_s", "duration"},
            new String[] {"requests_per_s", "request_throughput"},
            new String[] {"output_tokens_per_s", "output_throughput"},
            new String[] {"total_tokens_per_s", "total_token_throughput"},
            new String[] {"mean_ttft_ms", "mean_ttft_ms"},
            new String[] {"median_ttft_ms", "median_ttft_ms"},
            new String[] {"p99_ttft_ms", "p99_ttft_ms"},
            new String[] {"mean_tpot_ms", "mean_tpot_ms"},
            new String[] {"median_tpot_ms", "median_tpot_ms"},
            new String[] {"p99_tpot_ms", "p99_tpot_ms"},
            new String[] {"mean_itl_ms", "mean_itl_ms"},
            new String[] {"median_itl_ms", "median_itl_ms"},
            new String[] {"p99_itl_ms", "p99_itl_ms"},
            new String[] {"median_e2el_ms", "median_e2el_ms"},
            new String[] {"p99_e2el_ms", "p99_e2el_ms"});

    /** Prediction columns: header suffix -> vLLM metric name (the prediction's headline metrics). */
    static final List<String[]> PREDICTED = List.of(
            new String[] {"output_tokens_per_s", "output_throughput"},
            new String[] {"median_ttft_ms", "median_ttft_ms"},
            new String[] {"median_tpot_ms", "median_tpot_ms"});

    static final List<String> CONTEXT = List.of(
            "run_id", "pushed_at_utc", "format", "source_label", "model", "hardware", "profile", "tensor_parallel",
            "precision", "input_tokens", "output_tokens", "concurrency", "request_rate_per_s", "ramp_up", "range_ratio",
            "length_distribution", "engine", "engine_version", "git_sha", "branch", "ci_url");

    /**
     * Cost columns (appended after the verdict): measured and predicted USD per million output tokens, the price
     * used (amount, id, option), at-run or current, the accelerator and how many were billed, and why a run has no
     * cost.
     */
    static final List<String> COST = List.of("usd_per_million_output_tokens",
            "predicted_usd_per_million_output_tokens", "price_usd_per_accelerator_hour", "price_id", "price_option",
            "price_basis", "billed_accelerator", "billed_accelerators", "cost_reason");

    static final List<String> HEADER = header();

    private RunColumns() {
    }

    private static List<String> header() {
        List<String> header = new java.util.ArrayList<>(CONTEXT);
        METRICS.forEach(m -> header.add(m[0]));
        PREDICTED.forEach(p -> header.add("predicted_" + p[0]));
        // Relative errors are fractions: 0.05 = measured 5 % above the prediction.
        PREDICTED.forEach(p -> header.add("relative_error_" + p[0]));
        header.add("regression_verdict");
        header.addAll(COST);
        return List.copyOf(header);
    }
}
