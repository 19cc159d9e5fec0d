package io.costbench.service.dashboard;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.costbench.pricing.Cost;

/** Predicted cost per million output tokens vs concurrency, one curve per target, at today's on-demand price. */
final class CostCurves {

    private CostCurves() {
    }

    /** The curves of {@code byTarget}'s points; a target without a price has no curve. */
    static Map<Target, List<List<Object>>> of(Map<Target, List<ResultPoint>> byTarget, Costing costing) {
        Map<Target, List<List<Object>>> curves = new TreeMap<>();
        byTarget.forEach((target, points) -> {
            List<List<Object>> data = new ArrayList<>();
            for (ResultPoint point : points) {
                costing.cost(point, null).map(Cost::usdPerMillionOutputTokens).ifPresent(usd -> data.add(
                        List.of(point.concurrency(), Math.round(usd * 10_000.0) / 10_000.0)));
            }
            if (!data.isEmpty()) {
                curves.put(target, data);
            }
        });
        return curves;
    }

    static ChartSpec chart(String title, Map<Target, List<List<Object>>> curves, String fileName) {
        List<ChartSpec.Series> series = new ArrayList<>();
        curves.forEach((target, data) -> series.add(new ChartSpec.Series(target.label(), "line", data, null)));
        return new ChartSpec(title, "log", "concurrency", "USD per 1M output tokens", List.of(), series, fileName,
                true);
    }
}
