package io.costbench.service.dashboard;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

import io.costbench.engine.model.CatalogModel;
import io.costbench.engine.model.ModelCatalog;
import io.costbench.service.pricing.CostCalculator;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/** The models index and one model's page: throughput, interactivity, speedup, Pareto frontier, latency percentiles. */
@Controller
class ModelPageController {

    private static final List<String> PERCENTILE_METRICS = List.of("mean_ttft_ms", "median_ttft_ms", "p99_ttft_ms",
            "mean_tpot_ms", "median_tpot_ms", "p99_tpot_ms");

    private final DashboardQueries queries;
    private final JsonMapper json;
    private final PredictionEndpoint endpoint;
    private final Optimizations optimizations;
    private final SloOverview slo;
    private final CostCalculator calculator;
    private final MeasuredOverlay measured;

    ModelPageController(DashboardQueries queries, JsonMapper json, PredictionEndpoint endpoint,
            Optimizations optimizations, SloOverview slo, CostCalculator calculator, MeasuredOverlay measured) {
        this.queries = queries;
        this.json = json;
        this.endpoint = endpoint;
        this.optimizations = optimizations;
        this.slo = slo;
        this.calculator = calculator;
        this.measured = measured;
    }

    /**
     * The catalog's models, and what a million output tokens cost per model and target at one concurrency (default
     * 32) in the overview's sweep (the latest default study).
     */
    @GetMapping("/models")
    String index(@RequestParam(required = false) String workload, @RequestParam(required = false) Integer concurrency,
            Model model) {
        model.addAttribute("models", ModelCatalog.standard().models());
        TokenLengths selected = TokenLengths.parse(workload);
        model.addAttribute("workloads", TokenLengths.STANDARD);
        model.addAttribute("workload", selected);
        Optional<SweepRef> sweep = queries.latestComparison();
        model.addAttribute("sweep", sweep.orElse(null));
        List<ResultPoint> points = sweep.map(s -> queries.points(s.id(), selected)).orElse(List.of());
        TreeSet<Integer> concurrencies = new TreeSet<>();
        points.forEach(p -> concurrencies.add(p.concurrency()));
        int at = concurrency != null && concurrencies.contains(concurrency) ? concurrency
                : concurrencies.contains(32) ? 32 : concurrencies.isEmpty() ? 32 : concurrencies.last();
        model.addAttribute("concurrencies", List.copyOf(concurrencies));
        model.addAttribute("concurrency", at);
        Costing costing = new Costing(calculator);
        List<String> modelIds = new ArrayList<>();
        Map<Target, Map<String, Double>> costs = new TreeMap<>();
        TreeSet<String> unpriced = new TreeSet<>();
        for (ResultPoint p : points) {
            if (p.concurrency() != at) {
                continue;
            }
            if (!modelIds.contains(p.modelId())) {
                modelIds.add(p.modelId());
            }
            costing.cost(p, null).ifPresentOrElse(cost -> costs.computeIfAbsent(p.target(), k -> new TreeMap<>())
                    .put(p.modelId(), cost.usdPerMillionOutputTokens()), () -> unpriced.add(p.target().hardwareId()));
        }
        List<String> categories = modelIds.stream().map(ModelNames::displayName).toList();
        List<ChartSpec.Series> series = new ArrayList<>();
        costs.forEach((target, byModel) -> {
            List<List<Object>> data = new ArrayList<>();
            for (String id : modelIds) {
                Double usd = byModel.get(id);
                if (usd != null) {
                    data.add(List.of(ModelNames.displayName(id), round(usd)));
                }
            }
            series.add(new ChartSpec.Series(target.label(), "bar", data, null));
        });
        ChartSpec chart = new ChartSpec("Cost per 1M output tokens at concurrency " + at + " · " + selected.label(),
                "category", "model", "USD per 1M output tokens", categories, series, "cost-by-model-"
                        + selected.key() + "-c" + at, true);
        model.addAttribute("costChart", chart.isEmpty() ? null : json.writeValueAsString(chart));
        model.addAttribute("unpricedHardware", List.copyOf(unpriced));
        return "models/index";
    }

    @GetMapping("/models/{id}")
    String show(@PathVariable String id, @RequestParam(required = false) String workload,
            @RequestParam(required = false) Integer concurrency,
            @RequestParam(required = false) Integer tensorParallel, @RequestParam(required = false) String precision,
            Model model) {
        Optional<CatalogModel> entry = ModelCatalog.standard().find(id);
        TokenLengths selected = TokenLengths.parse(workload);
        model.addAttribute("modelId", id);
        model.addAttribute("displayName", ModelNames.displayName(id));
        model.addAttribute("catalogEntry", entry.orElse(null));
        model.addAttribute("workloads", TokenLengths.STANDARD);
        model.addAttribute("workload", selected);
        model.addAttribute("predictEndpoint", endpoint.predictPath());
        model.addAttribute("predictionsAvailable", endpoint.predictAvailable());
        Map<String, String> inapplicable = optimizations.inapplicable(id);
        model.addAttribute("optimizations", optimizations.switches().stream()
                .filter(s -> !inapplicable.containsKey(s.id())).toList());
        model.addAttribute("inapplicable", optimizations.switches().stream()
                .filter(s -> inapplicable.containsKey(s.id()))
                .map(s -> s.displayName() + " (" + inapplicable.get(s.id()) + ")").toList());
        model.addAttribute("tensorParallels", ExplainPageController.TENSOR_PARALLELS);
        model.addAttribute("tensorParallel", tensorParallel != null
                && ExplainPageController.TENSOR_PARALLELS.contains(tensorParallel) ? tensorParallel : null);
        model.addAttribute("precisions", ExplainPageController.PRECISIONS);
        model.addAttribute("precision", precision != null
                && ExplainPageController.PRECISIONS.contains(precision) ? precision : null);
        Optional<SweepRef> sweep = queries.latestUsableSweepWith(id);
        model.addAttribute("sweep", sweep.orElse(null));
        List<ResultPoint> points = sweep.map(s -> queries.modelPoints(s.id(), id, selected)).orElse(List.of());
        TreeSet<Integer> concurrencies = new TreeSet<>();
        points.forEach(p -> concurrencies.add(p.concurrency()));
        int ablationAt = concurrency != null && concurrency > 0 && concurrency <= 4096 ? concurrency
                : concurrencies.isEmpty() ? 32 : concurrencies.contains(32) ? 32 : concurrencies.last();
        model.addAttribute("concurrencies", concurrencies.isEmpty() ? List.of(1, 8, 32, 64, 128, 256)
                : List.copyOf(concurrencies));
        model.addAttribute("ablationConcurrency", ablationAt);
        model.addAttribute("hasResults", !points.isEmpty());
        if (points.isEmpty()) {
            return "models/show";
        }
        Map<Target, List<ResultPoint>> byTarget = new TreeMap<>();
        points.forEach(p -> byTarget.computeIfAbsent(p.target(), k -> new ArrayList<>()).add(p));

        model.addAttribute("unpricedHardware", unpricedHardware(byTarget, new Costing(calculator)));
        model.addAttribute("throughputChart", json.writeValueAsString(perTarget(byTarget, "Output throughput per chip",
                "tokens/s per chip", ResultPoint::throughputPerChip, "throughput-" + id)));
        model.addAttribute("interactivityChart", json.writeValueAsString(perTarget(byTarget, "Interactivity",
                "tokens/s per user", ResultPoint::interactivity, "interactivity-" + id)));
        ChartSpec speedup = speedup(byTarget, concurrencies, id);
        model.addAttribute("speedupChart", speedup.isEmpty() ? null : json.writeValueAsString(speedup));
        model.addAttribute("paretoChart", json.writeValueAsString(pareto(byTarget, points, id)));
        addCostChart(model, id, selected, byTarget);
        model.addAttribute("percentiles", percentiles(points));
        model.addAttribute("percentileMetrics", List.of("Mean TTFT (ms)", "Median TTFT (ms)", "P99 TTFT (ms)",
                "Mean TPOT (ms)", "Median TPOT (ms)", "P99 TPOT (ms)"));
        model.addAttribute("slo", slo.panel(id, points, selected.key()));
        return "models/show";
    }

    /** Predicted cost curves with the measured runs of this model and workload (fragments/measured :: cost). */
    private void addCostChart(Model model, String id, TokenLengths workload, Map<Target, List<ResultPoint>> byTarget) {
        Costing costing = new Costing(calculator);
        Map<Target, List<List<Object>>> curves = CostCurves.of(byTarget, costing);
        model.addAttribute("costChart", curves.isEmpty() ? null : json.writeValueAsString(CostCurves.chart(
                "Cost per million output tokens · " + workload.label(), curves, "cost-" + id + "-" + workload.key())));
        model.addAttribute("costMeasured", json.writeValueAsString(
                measured.series(id, workload, curves.keySet(), costing)));
        model.addAttribute("measuredTolerance", measured.lengthTolerance());
    }

    private static ChartSpec perTarget(Map<Target, List<ResultPoint>> byTarget, String title, String yName,
            java.util.function.Function<ResultPoint, Double> y, String fileName) {
        List<ChartSpec.Series> series = new ArrayList<>();
        byTarget.forEach((target, list) -> {
            List<List<Object>> data = new ArrayList<>();
            for (ResultPoint p : list) {
                Double value = y.apply(p);
                if (value != null) {
                    data.add(List.of(p.concurrency(), round(value)));
                }
            }
            series.add(new ChartSpec.Series(target.label(), "line", data, null));
        });
        return new ChartSpec(title, "log", "concurrency", yName, List.of(), series, fileName);
    }

    /** Cost per million output tokens vs concurrency per target, at today's on-demand prices. */
    /** Hardware of the targets with a point that has no price in force (so no cost is drawn for it). */
    private static List<String> unpricedHardware(Map<Target, List<ResultPoint>> byTarget, Costing costing) {
        TreeSet<String> unpriced = new TreeSet<>();
        byTarget.forEach((target, list) -> {
            if (list.stream().anyMatch(p -> costing.cost(p, null).isEmpty())) {
                unpriced.add(target.hardwareId());
            }
        });
        return List.copyOf(unpriced);
    }

    /** Each non-baseline target's throughput over its hardware's baseline target, at the same concurrency. */
    private static ChartSpec speedup(Map<Target, List<ResultPoint>> byTarget, TreeSet<Integer> concurrencies,
            String id) {
        List<String> categories = concurrencies.stream().map(String::valueOf).toList();
        List<ChartSpec.Series> series = new ArrayList<>();
        for (Map.Entry<Target, List<ResultPoint>> baseline : byTarget.entrySet()) {
            if (!baseline.getKey().isBaseline()) {
                continue;
            }
            Map<Integer, Double> base = new TreeMap<>();
            baseline.getValue().forEach(p -> base.put(p.concurrency(), p.throughputPerChip()));
            byTarget.forEach((target, list) -> {
                if (target.equals(baseline.getKey()) || !target.hardwareId().equals(baseline.getKey().hardwareId())) {
                    return;
                }
                List<List<Object>> data = new ArrayList<>();
                for (ResultPoint p : list) {
                    Double b = base.get(p.concurrency());
                    if (b != null && b > 0) {
                        data.add(List.of(String.valueOf(p.concurrency()), round(p.throughputPerChip() / b)));
                    }
                }
                series.add(new ChartSpec.Series(target.label() + " / " + baseline.getKey().label(), "bar", data,
                        null));
            });
        }
        return new ChartSpec("Speedup over baseline (output throughput)", "category", "concurrency", "x baseline",
                categories, series, "speedup-" + id);
    }

    private static ChartSpec pareto(Map<Target, List<ResultPoint>> byTarget, List<ResultPoint> all, String id) {
        List<ChartSpec.Series> series = new ArrayList<>();
        byTarget.forEach((target, list) -> {
            List<List<Object>> data = new ArrayList<>();
            list.stream().filter(p -> p.interactivity() != null).forEach(p -> data.add(
                    List.of(round(p.interactivity()), round(p.throughputPerChip()))));
            series.add(new ChartSpec.Series(target.label(), "scatter", data, null));
        });
        List<List<Object>> frontier = new ArrayList<>();
        for (ResultPoint p : Pareto.frontier(all)) {
            frontier.add(List.of(round(p.interactivity()), round(p.throughputPerChip()),
                    p.target().label() + " c=" + p.concurrency()));
        }
        series.add(new ChartSpec.Series("Pareto frontier", "line", frontier, null));
        return new ChartSpec("Pareto frontier: throughput per chip vs interactivity", "value", "tokens/s per user",
                "tokens/s per chip", List.of(), series, "pareto-" + id);
    }

    private List<PercentileRow> percentiles(List<ResultPoint> points) {
        List<PercentileRow> rows = new ArrayList<>();
        for (ResultPoint p : points) {
            Map<String, Object> metrics = p.metricsJson() == null ? Map.of()
                    : json.readValue(p.metricsJson(), new TypeReference<LinkedHashMap<String, Object>>() {
                    });
            List<String> cells = new ArrayList<>();
            for (String metric : PERCENTILE_METRICS) {
                Object value = metrics.get(metric);
                cells.add(value instanceof Number n ? String.format("%.1f", n.doubleValue()) : "—");
            }
            rows.add(new PercentileRow(p.target().label(), p.concurrency(), cells));
        }
        return rows;
    }

    /** Three significant digits at least: costs run from hundreds of dollars to cents. */
    private static double round(double value) {
        return Math.round(value * 10_000.0) / 10_000.0;
    }

    public record PercentileRow(String target, int concurrency, List<String> cells) {
    }
}
