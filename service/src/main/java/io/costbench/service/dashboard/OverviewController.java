package io.costbench.service.dashboard;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

import io.costbench.pricing.Cost;
import io.costbench.pricing.Price;
import io.costbench.service.pricing.CostCalculator;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import tools.jackson.databind.json.JsonMapper;

/** The overview: per model, cost per million output tokens vs concurrency per target, from the latest usable sweep. */
@Controller
class OverviewController {

    /** How many recent sweeps the selector offers (the one shown is always among them). */
    static final int SELECTABLE_SWEEPS = 20;

    private final DashboardQueries queries;
    private final CostCalculator calculator;
    private final JsonMapper json;
    private final SloOverview slo;
    private final MeasuredOverlay measured;

    OverviewController(DashboardQueries queries, CostCalculator calculator, JsonMapper json, SloOverview slo,
            MeasuredOverlay measured) {
        this.queries = queries;
        this.calculator = calculator;
        this.json = json;
        this.slo = slo;
        this.measured = measured;
    }

    @GetMapping("/")
    String overview(@RequestParam(required = false) String workload, @RequestParam(required = false) Long sweep,
            Model model) {
        TokenLengths selected = TokenLengths.parse(workload);
        model.addAttribute("workloads", TokenLengths.STANDARD);
        model.addAttribute("workload", selected);
        model.addAttribute("measuredTolerance", measured.lengthTolerance());
        Optional<SweepRef> source = sweep != null ? queries.sweep(sweep) : queries.latestComparison();
        model.addAttribute("sweep", source.orElse(null));
        List<SweepRef> choices = new ArrayList<>(queries.recentUsableSweeps(SELECTABLE_SWEEPS));
        source.filter(s -> choices.stream().noneMatch(c -> c.id() == s.id())).ifPresent(choices::add);
        model.addAttribute("sweeps", choices);
        if (source.isEmpty()) {
            model.addAttribute("slo", Map.of());
            model.addAttribute("panels", List.of());
            model.addAttribute("prices", List.of());
            return "home";
        }
        Costing costing = new Costing(calculator);
        Map<String, List<ResultPoint>> byModel = new LinkedHashMap<>();
        for (ResultPoint point : queries.points(source.get().id(), selected)) {
            byModel.computeIfAbsent(point.modelId(), k -> new ArrayList<>()).add(point);
        }
        List<Panel> panels = new ArrayList<>();
        Map<String, PriceLine> prices = new TreeMap<>();
        for (Map.Entry<String, List<ResultPoint>> entry : byModel.entrySet()) {
            panels.add(panel(entry.getKey(), entry.getValue(), selected, costing, prices));
        }
        model.addAttribute("panels", panels);
        model.addAttribute("prices", List.copyOf(prices.values()));
        model.addAttribute("slo", slo.panels(source.get().id(), byModel.keySet(), selected));
        return "home";
    }

    private Panel panel(String modelId, List<ResultPoint> points, TokenLengths workload, Costing costing,
            Map<String, PriceLine> prices) {
        Map<Target, Map<Integer, Double>> costs = new TreeMap<>();
        TreeSet<Integer> concurrencies = new TreeSet<>();
        List<String> unpriced = new ArrayList<>();
        for (ResultPoint point : points) {
            Optional<Cost> cost = costing.cost(point, null);
            if (cost.isEmpty()) {
                if (!unpriced.contains(point.target().hardwareId())) {
                    unpriced.add(point.target().hardwareId());
                }
                continue;
            }
            Price price = cost.get().price();
            prices.putIfAbsent(point.target().hardwareId(), PriceLine.of(point.target().hardwareId(), price));
            costs.computeIfAbsent(point.target(), k -> new TreeMap<>())
                    .put(point.concurrency(), cost.get().usdPerMillionOutputTokens());
            concurrencies.add(point.concurrency());
        }
        List<ChartSpec.Series> series = new ArrayList<>();
        SortedMap<Integer, String> cheapest = new TreeMap<>();
        Map<Integer, Double> cheapestCost = new TreeMap<>();
        costs.forEach((target, byConcurrency) -> {
            List<List<Object>> data = new ArrayList<>();
            byConcurrency.forEach((c, usd) -> {
                data.add(List.of(c, round(usd)));
                if (!cheapestCost.containsKey(c) || usd < cheapestCost.get(c)) {
                    cheapestCost.put(c, usd);
                    cheapest.put(c, target.label());
                }
            });
            series.add(new ChartSpec.Series(target.label(), "line", data, null));
        });
        ChartSpec chart = new ChartSpec(ModelNames.displayName(modelId) + " · " + workload.label(), "log",
                "concurrency", "USD per 1M output tokens", List.of(), series,
                "cost-" + modelId + "-" + workload.key(), true);
        List<String> targetLabels = costs.keySet().stream().map(Target::label).toList();
        List<TableRow> rows = new ArrayList<>();
        for (int c : concurrencies) {
            List<String> cells = new ArrayList<>();
            for (Map<Integer, Double> byConcurrency : costs.values()) {
                Double usd = byConcurrency.get(c);
                cells.add(usd == null ? "—" : String.format("$%.3f", usd));
            }
            rows.add(new TableRow(Integer.toString(c), cells));
        }
        return new Panel(modelId, ModelNames.displayName(modelId), json.writeValueAsString(chart),
                chart.isEmpty(), VerdictText.of(cheapest), targetLabels, rows, unpriced,
                json.writeValueAsString(measured.series(modelId, workload, costs.keySet(), costing)));
    }

    private static double round(double value) {
        return Math.round(value * 10_000.0) / 10_000.0;
    }

    public record Panel(String modelId, String displayName, String chartJson, boolean empty, String verdict,
            List<String> targets, List<TableRow> rows, List<String> unpricedHardware, String measuredJson) {
    }

    public record TableRow(String label, List<String> cells) {
    }

    public record PriceLine(String hardwareId, String display) {
        static PriceLine of(String hardwareId, Price price) {
            return new PriceLine(hardwareId, String.format("%s: %s %s per accelerator-hour, %s, in force since %s",
                    hardwareId, price.currency().getCurrencyCode(), price.usdPerAcceleratorHour().toPlainString(),
                    price.key().option().id(), price.effectiveFrom()));
        }
    }
}
