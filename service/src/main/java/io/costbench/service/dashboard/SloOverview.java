package io.costbench.service.dashboard;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import org.springframework.stereotype.Component;

import io.costbench.engine.model.ModelCatalog;
import io.costbench.pricing.Cost;
import io.costbench.service.accuracy.AccuracyCatalog;
import io.costbench.service.plan.PlanProperties;
import io.costbench.service.pricing.CostCalculator;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * The dashboards under the default SLO ({@code costbench.plans.default-slo}): which stored points miss it (greyed on
 * the cost charts), the cheapest target that meets it against the cheapest of each other hardware, and cost per
 * million output tokens against interactivity with the SLO line. A point's p90 TTFT comes from its stored metrics;
 * interactivity is 1000 / median TPOT.
 */
@Component
class SloOverview {

    private static final TypeReference<Map<String, Object>> METRICS = new TypeReference<>() {
    };

    private final PlanProperties.DefaultSlo slo;
    private final DashboardQueries queries;
    private final CostCalculator calculator;
    private final JsonMapper json;
    private final AccuracyCatalog accuracy;

    SloOverview(PlanProperties properties, DashboardQueries queries, CostCalculator calculator, JsonMapper json,
            AccuracyCatalog accuracy) {
        this.slo = properties.defaultSlo();
        this.queries = queries;
        this.calculator = calculator;
        this.json = json;
        this.accuracy = accuracy;
    }

    /** Per model id, its SLO panel from the sweep's points with their full metrics. */
    Map<String, Panel> panels(long sweepId, Iterable<String> models, TokenLengths workload) {
        Costing costing = new Costing(calculator);
        Map<String, Panel> panels = new LinkedHashMap<>();
        for (String model : models) {
            panels.put(model, panel(model, queries.modelPoints(sweepId, model, workload), costing, workload.key()));
        }
        return panels;
    }

    /** The panel of one model's points (with their metrics JSON), priced at today's on-demand prices. */
    Panel panel(String modelId, List<ResultPoint> points, String fileSuffix) {
        return panel(modelId, points, new Costing(calculator), fileSuffix);
    }

    private Panel panel(String modelId, List<ResultPoint> points, Costing costing, String fileSuffix) {
        Map<Target, List<List<Object>>> meeting = new TreeMap<>();
        List<List<Object>> missing = new ArrayList<>();
        List<Miss> misses = new ArrayList<>();
        Map<String, Best> bestByHardware = new LinkedHashMap<>();
        int total = 0;
        int unknown = 0;
        for (ResultPoint point : points) {
            Optional<Cost> cost = costing.cost(point, null);
            Double interactivity = point.interactivity();
            if (cost.isEmpty() || interactivity == null) {
                continue;
            }
            total++;
            double usd = cost.get().usdPerMillionOutputTokens();
            Double p90Ttft = p90Ttft(point);
            if (p90Ttft == null) {
                unknown++;
            }
            boolean meets = slo.meets(p90Ttft, interactivity);
            List<Object> xy = List.of(round(interactivity), round(usd), "c=" + point.concurrency());
            if (meets) {
                meeting.computeIfAbsent(point.target(), t -> new ArrayList<>()).add(xy);
                Best best = bestByHardware.get(point.target().hardwareId());
                if (best == null || usd < best.usd()) {
                    bestByHardware.put(point.target().hardwareId(), new Best(point.target(), point.concurrency(), usd));
                }
            } else {
                missing.add(xy);
                misses.add(new Miss(point.target().label(), point.concurrency()));
            }
        }
        List<ChartSpec.Series> series = new ArrayList<>();
        meeting.forEach((target, data) -> series.add(new ChartSpec.Series(target.label(), "scatter", data, null)));
        series.add(new ChartSpec.Series("misses the SLO", "scatter", missing, null));
        ChartSpec chart = new ChartSpec(ModelNames.displayName(modelId) + " · cost vs interactivity", "value",
                "interactivity (output tok/s per user)", "USD per 1M output tokens", List.of(), series,
                "cost-vs-interactivity-" + modelId + "-" + fileSuffix, true);
        Optional<Boolean> moe = ModelCatalog.standard().find(modelId)
                .map(m -> m.spec().isMixtureOfExperts());
        List<Best> targets = ordered(bestByHardware);
        return new Panel(headline(targets), validation(accuracy, moe, targets), slo.describe(), misses.size(), unknown,
                total, json.writeValueAsString(chart), json.writeValueAsString(misses), slo.minInteractivity());
    }

    /** The headline's targets in its order: the cheapest, then the best of each other hardware. */
    private static List<Best> ordered(Map<String, Best> bestByHardware) {
        List<Best> ordered = new ArrayList<>(bestByHardware.values());
        bestByHardware.values().stream().min(java.util.Comparator.comparingDouble(Best::usd)).ifPresent(cheapest -> {
            ordered.remove(cheapest);
            ordered.add(0, cheapest);
        });
        return ordered;
    }

    /**
     * How far predictions of the headline's targets were from public measurements: "Validated against public
     * measurements (median |error|): H100 vllm TPOT 3.0%, TTFT 16.6% (139 runs); Trainium2 optimized not validated."
     * Empty for a model the catalog does not have (its kind is unknown) or without targets.
     */
    static String validation(AccuracyCatalog accuracy, Optional<Boolean> moe, List<Best> targets) {
        if (moe.isEmpty() || targets.isEmpty()) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        for (Best best : targets) {
            Target target = best.target();
            parts.add(accuracy.find(target.hardwareId(), target.profileId(), moe.get()).map(a -> String.format(
                    Locale.ROOT, "%s TPOT %.1f%%%s (%d runs)", target.label(), a.errors().tpot().medianPct(),
                    a.errors().ttft() == null ? "" : String.format(Locale.ROOT, ", TTFT %.1f%%",
                            a.errors().ttft().medianPct()), a.rows()))
                    .orElse(target.label() + " not validated"));
        }
        return "Validated against public measurements (median |error|): " + String.join("; ", parts) + ".";
    }

    /**
     * "Meeting <SLO>, cheapest: Trainium2 optimized at c=8, $0.89 vs H100 vllm $2.27 (61% cheaper) per million output
     * tokens." over the best target of each hardware, the cheapest first ({@link #ordered}).
     */
    String headline(List<Best> targets) {
        if (targets.isEmpty()) {
            return "No point meets the SLO (" + slo.describe() + ").";
        }
        Best cheapest = targets.get(0);
        StringBuilder text = new StringBuilder(String.format(Locale.ROOT, "Meeting %s, cheapest: %s at c=%d, $%.2f",
                slo.describe(), cheapest.target().label(), cheapest.concurrency(), cheapest.usd()));
        for (Best other : targets.subList(1, targets.size())) {
            text.append(String.format(Locale.ROOT, " vs %s $%.2f (%.0f%% cheaper)", other.target().label(),
                    other.usd(), (other.usd() - cheapest.usd()) / other.usd() * 100));
        }
        text.append(" per million output tokens");
        if (targets.size() == 1) {
            text.append("; no other hardware meets it");
        }
        return text.append('.').toString();
    }

    private Double p90Ttft(ResultPoint point) {
        if (point.metricsJson() == null) {
            return null;
        }
        Object value = json.readValue(point.metricsJson(), METRICS).get("p90_ttft_ms");
        return value instanceof Number n ? n.doubleValue() : null;
    }

    private static double round(double value) {
        return Math.round(value * 10_000.0) / 10_000.0;
    }

    record Best(Target target, int concurrency, double usd) {
    }

    /** A point that misses the SLO: its series (target label) and concurrency. */
    record Miss(String series, int x) {
    }

    /**
     * @param validation     how far the headline's targets were from public measurements ({@link #validation}); empty
     *                       when unknown
     * @param missesJson [{series, x}] of the points that miss, for greying them on the cost-vs-concurrency chart
     * @param withoutP90Ttft points stored without a p90 TTFT: they cannot be shown to meet the SLO, so they count as
     *                       missing it
     */
    public record Panel(String headline, String validation, String slo, int missed, int withoutP90Ttft, int points,
            String chartJson, String missesJson, double minInteractivity) {
    }
}
