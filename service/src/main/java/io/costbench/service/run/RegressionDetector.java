package io.costbench.service.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.springframework.stereotype.Component;

/**
 * Compares a run with the last runs of its series on the base branch. A metric has changed when the relative change
 * exceeds the percentage threshold AND the new value lies more than {@code zThreshold} standard deviations from the
 * baseline mean. The z-score is the prediction-interval statistic of one new observation against n baseline runs,
 * (x - mean) / (s * sqrt(1 + 1/n)), with the sample standard deviation s, so a small baseline widens the band. A
 * baseline without spread (identical values) leaves the percentage alone to decide. Whether a change is good or
 * bad follows the metric's direction: throughput up is good, latency down is good.
 */
@Component
class RegressionDetector {

    private final RunsProperties.RegressionRule settings;

    RegressionDetector(RunsProperties properties) {
        this.settings = properties.regression();
    }

    /** @param baseline the base-branch runs of the series, newest first: id and metrics */
    Regression detect(Map<String, Double> current, List<Map.Entry<Long, Map<String, Double>>> baseline) {
        List<Long> ids = baseline.stream().map(Map.Entry::getKey).toList();
        Map<String, MetricCheckResult> results = new LinkedHashMap<>();
        Map<String, Double> means = new TreeMap<>();
        Map<String, Double> stds = new TreeMap<>();
        for (String metric : settings.metrics()) {
            Double value = current.get(metric);
            if (value == null) {
                continue;
            }
            List<Double> samples = new ArrayList<>();
            baseline.forEach(run -> {
                Double sample = run.getValue().get(metric);
                if (sample != null) {
                    samples.add(sample);
                }
            });
            MetricCheckResult result = check(metric, value, samples);
            results.put(metric, result);
            if (result.check.baselineMean() != null) {
                means.put(metric, result.check.baselineMean());
                stds.put(metric, result.std);
            }
        }
        Map<String, Regression.MetricCheck> checks = new TreeMap<>();
        results.forEach((metric, result) -> checks.put(metric, result.check));
        String verdict = overall(checks);
        String test = String.format(java.util.Locale.ROOT,
                "change >= %.1f%% and |z| >= %.1f against the last %d runs of the series on branch '%s' (at least %d)",
                settings.thresholdPercent(), settings.zThreshold(), settings.window(), settings.baseBranch(),
                settings.minSamples());
        return new Regression(verdict, new Regression.Baseline(settings.baseBranch(), ids.size(), ids, means, stds),
                test, settings.thresholdPercent(), settings.zThreshold(), settings.minSamples(), checks);
    }

    private record MetricCheckResult(Regression.MetricCheck check, Double std) {
    }

    private MetricCheckResult check(String metric, double value, List<Double> samples) {
        int direction = RunMetrics.direction(metric);
        String directionName = direction > 0 ? "higher-is-better" : "lower-is-better";
        int n = samples.size();
        if (n < settings.minSamples()) {
            return new MetricCheckResult(new Regression.MetricCheck(value, n == 0 ? null : mean(samples), n, null,
                    null, directionName, Regression.INSUFFICIENT_DATA), null);
        }
        double mean = mean(samples);
        double variance = samples.stream().mapToDouble(x -> (x - mean) * (x - mean)).sum() / (n - 1);
        double std = Math.sqrt(variance);
        Double changePercent = mean > 0 ? (value - mean) / mean * 100 : null;
        Double z = std > 0 ? (value - mean) / (std * Math.sqrt(1 + 1.0 / n)) : null;
        boolean large = changePercent != null && Math.abs(changePercent) >= settings.thresholdPercent();
        boolean significant = z == null ? value != mean : Math.abs(z) >= settings.zThreshold();
        String verdict = !(large && significant) ? Regression.OK
                : direction * (value - mean) > 0 ? Regression.IMPROVEMENT : Regression.REGRESSION;
        return new MetricCheckResult(new Regression.MetricCheck(value, mean, n, changePercent, z, directionName,
                verdict), std);
    }

    private static String overall(Map<String, Regression.MetricCheck> checks) {
        if (checks.values().stream().anyMatch(check -> check.verdict().equals(Regression.REGRESSION))) {
            return Regression.REGRESSION;
        }
        if (checks.values().stream().anyMatch(check -> check.verdict().equals(Regression.IMPROVEMENT))) {
            return Regression.IMPROVEMENT;
        }
        if (checks.values().stream().allMatch(check -> check.verdict().equals(Regression.INSUFFICIENT_DATA))) {
            return Regression.INSUFFICIENT_DATA;
        }
        return Regression.OK;
    }

    private static double mean(List<Double> samples) {
        return samples.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }
}
