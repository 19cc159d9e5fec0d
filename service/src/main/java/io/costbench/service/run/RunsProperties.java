package io.costbench.service.run;

import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Settings of measured-run ingestion ({@code costbench.runs.*}).
 *
 * @param maxRunsPerPush the most runs one pushed file may hold (a GuideLLM sweep, JSON Lines)
 * @param regression     how a pushed run is compared with its series on the base branch
 */
@ConfigurationProperties("costbench.runs")
public record RunsProperties(@DefaultValue("100") int maxRunsPerPush, @DefaultValue RegressionRule regression) {

    /**
     * Regression test defaults and why:
     * <ul>
     * <li>{@code window} 10: the last ten base-branch runs are recent enough to reflect the current stack and enough
     * to estimate a spread.</li>
     * <li>{@code minSamples} 5: a standard deviation from fewer runs is too unstable to judge by; below it the
     * verdict is {@code insufficient-data}.</li>
     * <li>{@code thresholdPercent} 5: serving benchmarks on the same hardware typically repeat within 1-3 %, so 5 %
     * is a change worth a look, and small significant drifts on very quiet series are not flagged.</li>
     * <li>{@code zThreshold} 3: the change must also stand 3 baseline standard deviations (with the small-sample
     * widening sqrt(1 + 1/n)) away from the baseline mean, so noisy series do not cry wolf; about a 0.3 % false
     * alarm rate per metric for normal noise.</li>
     * <li>{@code metrics}: throughput (higher is better) and median/p99 latencies (lower is better).</li>
     * </ul>
     */
    public record RegressionRule(@DefaultValue("main") String baseBranch, @DefaultValue("10") int window,
            @DefaultValue("5") int minSamples, @DefaultValue("5.0") double thresholdPercent,
            @DefaultValue("3.0") double zThreshold,
            @DefaultValue({"output_throughput", "request_throughput", "median_ttft_ms", "p99_ttft_ms",
                    "median_tpot_ms", "p99_tpot_ms", "median_itl_ms"}) List<String> metrics) {

        public RegressionRule {
            if (minSamples < 2 || window < minSamples) {
                throw new IllegalArgumentException("costbench.runs.regression needs 2 <= min-samples <= window");
            }
            if (thresholdPercent < 0 || zThreshold < 0) {
                throw new IllegalArgumentException("costbench.runs.regression thresholds must not be negative");
            }
            for (String metric : metrics) {
                if (RunMetrics.direction(metric) == 0) {
                    throw new IllegalArgumentException("costbench.runs.regression.metrics: " + metric
                            + " is not a throughput or latency metric");
                }
            }
            metrics = List.copyOf(metrics);
        }
    }

    public RunsProperties {
        if (maxRunsPerPush < 1) {
            throw new IllegalArgumentException("costbench.runs.max-runs-per-push must be positive");
        }
    }
}
