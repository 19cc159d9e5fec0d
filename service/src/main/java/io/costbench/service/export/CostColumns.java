package io.costbench.service.export;

import java.util.List;

/**
 * The columns of {@code costs.csv} and of a sweep's {@code results.csv}, in order. Stable: finance's sheets refer to
 * them by name, so a change here is a breaking change (add at the end, never rename). Documented in the README's
 * "CSV export" section.
 */
final class CostColumns {

    static final List<String> HEADER = List.of(
            "run_at_utc",
            "sweep_id",
            "sweep_name",
            "point_index",
            "status",
            "model",
            "hardware",
            "profile",
            "optimizations",
            "tensor_parallel",
            "chips",
            "precision",
            "input_tokens",
            "output_tokens",
            "concurrency",
            "output_tokens_per_s",
            "output_tokens_per_s_per_chip",
            "output_tokens_per_s_per_user",
            "median_ttft_ms",
            "median_tpot_ms",
            "price_basis",
            "price_usd_per_accelerator_hour",
            "price_currency",
            "price_option",
            "price_effective_from",
            "price_id",
            "usd_per_million_output_tokens",
            "usd_per_million_total_tokens");

    private CostColumns() {
    }
}
