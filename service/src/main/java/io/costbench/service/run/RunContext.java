package io.costbench.service.run;

import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;

/**
 * What the CI job says about the run it pushes. Model and hardware are required (SGLang files name no model);
 * the rest is optional, and the workload and concurrency fall back to what the file states. {@code accelerators}
 * and {@code instanceType} say what the run is billed for when its hardware and TP do not (a whole instance).
 * {@code randomRangeRatio} is the {@code --random-range-ratio} of a {@code vllm bench serve} random-dataset run, which
 * vLLM's result file does not record: lengths drawn uniformly from [floor(L (1 - r)), ceil(L (1 + r))] around the
 * stated lengths L. {@code dataset} is a {@code vllm bench serve} run's {@code --dataset-name} where each request's
 * lengths were the dataset's, which its result file does not record either: {@code sharegpt} draws ShareGPT's lengths
 * around the file's means.
 */
public record RunContext(
        @NotBlank @Size(max = 200) String model,
        @NotBlank @Size(max = 100) String hardware,
        @Size(max = 100) String profile,
        @Positive @Max(1024) Integer tensorParallel,
        @Size(max = 32) String precision,
        @Positive @Max(MAX_TOKENS) Integer inputTokens,
        @Positive @Max(MAX_TOKENS) Integer outputTokens,
        @Positive @Max(MAX_CONCURRENCY) Integer concurrency,
        @Size(max = 64) String engine,
        @Size(max = 100) String engineVersion,
        @Pattern(regexp = "[0-9a-fA-F]{7,64}", message = "must be a hex commit id of 7 to 64 characters")
        String gitSha,
        @Size(max = 200) String branch,
        @Size(max = 1000) @Pattern(regexp = "https?://\\S+", message = "must be an http(s) URL") String ciUrl,
        @Positive @Max(100_000) Integer accelerators,
        @Size(max = 64) String instanceType,
        @DecimalMin("0.0") @DecimalMax(value = "1.0", inclusive = false) Double randomRangeRatio,
        @Pattern(regexp = "sharegpt", message = "must be sharegpt, the one dataset whose lengths are drawn")
        String dataset) {

    /** Limits of the workload fields, for the context and for the numbers read from pushed files alike. */
    static final int MAX_TOKENS = 10_000_000;
    static final int MAX_CONCURRENCY = 1_000_000;
    static final double MAX_REQUEST_RATE = 1_000_000;
}
