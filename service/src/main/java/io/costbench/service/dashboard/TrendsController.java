package io.costbench.service.dashboard;

import java.security.Principal;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import io.costbench.pricing.Cost;
import io.costbench.service.pricing.CostCalculator;
import io.costbench.service.sweep.Sweep;
import io.costbench.service.sweep.SweepPresets;
import io.costbench.service.sweep.SweepService;
import io.costbench.service.sweep.SweepTrigger;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import tools.jackson.databind.json.JsonMapper;

/**
 * Default-study results over time for one scenario: the nightly sweeps, and the default sweep started by hand (marked). Each night is costed at the price in force that night, so a price change
 * shows as a step in the cost line and a model change as a step in the throughput line.
 */
@Controller
class TrendsController {

    private final DashboardQueries queries;
    private final CostCalculator calculator;
    private final JsonMapper json;
    private final DashboardProperties properties;
    private final SweepService sweeps;

    TrendsController(DashboardQueries queries, CostCalculator calculator, JsonMapper json,
            DashboardProperties properties, SweepService sweeps) {
        this.sweeps = sweeps;
        this.queries = queries;
        this.calculator = calculator;
        this.json = json;
        this.properties = properties;
    }

    @GetMapping("/trends")
    String trends(@RequestParam(required = false) String model, @RequestParam(required = false) String target,
            @RequestParam(required = false) String workload, @RequestParam(required = false) Integer concurrency,
            Model page) {
        TokenLengths selectedWorkload = TokenLengths.parse(workload);
        page.addAttribute("workloads", TokenLengths.STANDARD);
        page.addAttribute("workload", selectedWorkload);
        Optional<SweepRef> latest = queries.latestComparison();
        Set<String> models = new LinkedHashSet<>();
        latest.ifPresent(s -> queries.points(s.id(), selectedWorkload).forEach(p -> models.add(p.modelId())));
        String selectedModel = model != null && !model.isBlank() && model.length() <= 64 ? model
                : models.stream().findFirst().orElse(null);
        if (selectedModel != null) {
            models.add(selectedModel);
        }
        page.addAttribute("models", List.copyOf(models));
        page.addAttribute("model", selectedModel);
        TreeSet<Target> targets = new TreeSet<>();
        TreeSet<Integer> concurrencies = new TreeSet<>();
        if (latest.isPresent() && selectedModel != null) {
            for (ResultPoint p : queries.seriesOf(latest.get().id(), selectedModel)) {
                targets.add(p.target());
                concurrencies.add(p.concurrency());
            }
        }
        Target selectedTarget = parseTarget(target).orElse(targets.isEmpty() ? null
                : targets.stream().filter(t -> !t.isBaseline() && t.hardwareId().equals("trn2")).findFirst()
                        .orElse(targets.first()));
        if (selectedTarget != null) {
            targets.add(selectedTarget);
        }
        int selectedConcurrency = concurrency != null && concurrency > 0 && concurrency <= 4096 ? concurrency
                : concurrencies.contains(32) ? 32 : concurrencies.isEmpty() ? 32 : concurrencies.first();
        concurrencies.add(selectedConcurrency);
        page.addAttribute("targets", List.copyOf(targets));
        page.addAttribute("target", selectedTarget);
        page.addAttribute("concurrencies", List.copyOf(concurrencies));
        page.addAttribute("concurrency", selectedConcurrency);
        page.addAttribute("hasTrend", false);
        if (selectedModel == null || selectedTarget == null) {
            return "trends";
        }
        List<DashboardQueries.TrendPoint> trend = queries.defaultStudyTrend(selectedModel, selectedTarget,
                selectedWorkload, selectedConcurrency, properties.maxTrendPoints());
        Costing costing = new Costing(calculator);
        List<List<Object>> cost = new ArrayList<>();
        List<List<Object>> throughput = new ArrayList<>();
        List<List<Object>> manualCost = new ArrayList<>();
        List<List<Object>> manualThroughput = new ArrayList<>();
        List<TrendRow> rows = new ArrayList<>();
        for (DashboardQueries.TrendPoint t : trend) {
            LocalDate night = t.finishedAt().atZone(ZoneOffset.UTC).toLocalDate();
            Optional<Cost> c = costing.cost(t.point(), night);
            String at = t.finishedAt().toString();
            // Points run by hand carry a "by hand" label on the chart.
            c.ifPresent(value -> (t.manual() ? manualCost : cost).add(marked(t.manual(), at,
                    round(value.usdPerMillionOutputTokens()))));
            (t.manual() ? manualThroughput : throughput).add(marked(t.manual(), at,
                    round(t.point().throughputPerChip())));
            rows.add(new TrendRow(t.sweepId(), night, t.manual(), round(t.point().throughputPerChip()),
                    c.map(value -> String.format("$%.4f", value.usdPerMillionOutputTokens())).orElse("no price"),
                    c.map(value -> value.price().usdPerAcceleratorHour().toPlainString()).orElse("—")));
        }
        String name = ModelNames.displayName(selectedModel) + " · " + selectedTarget.label() + " · "
                + selectedWorkload.label() + " · c=" + selectedConcurrency;
        page.addAttribute("hasTrend", !trend.isEmpty());
        page.addAttribute("costChart", json.writeValueAsString(new ChartSpec("Cost per 1M output tokens · " + name,
                "time", "run date (UTC)", "USD per 1M output tokens", List.of(),
                series(selectedTarget, cost, manualCost), "trend-cost")));
        page.addAttribute("throughputChart", json.writeValueAsString(new ChartSpec("Output throughput per chip · "
                + name, "time", "run date (UTC)", "tokens/s per chip", List.of(),
                series(selectedTarget, throughput, manualThroughput), "trend-throughput")));
        page.addAttribute("rows", rows);
        return "trends";
    }

    private static List<Object> marked(boolean manual, String at, double value) {
        return manual ? List.of(at, value, "by hand") : List.of(at, value);
    }

    /** The nightly line, and the default study run by hand as separate marked points (when there are any). */
    private static List<ChartSpec.Series> series(Target target, List<List<Object>> nightly,
            List<List<Object>> manual) {
        List<ChartSpec.Series> series = new ArrayList<>();
        if (!nightly.isEmpty()) {
            series.add(new ChartSpec.Series(target.label() + " · nightly", "line", nightly, null));
        }
        if (!manual.isEmpty()) {
            series.add(new ChartSpec.Series(target.label() + " · default sweep run by hand", "scatter", manual, null));
        }
        return series;
    }

    /** The admin's "run the nightly now": the nightly's default study, started at once, marked as run by hand. */
    @PostMapping("/trends/run-nightly")
    String runNightlyNow(Principal principal) {
        Sweep sweep = sweeps.start(SweepPresets.defaultSweep("nightly " + LocalDate.now(ZoneOffset.UTC)
                + " (run now)"), SweepTrigger.MANUAL, principal == null ? "anonymous" : principal.getName(), null);
        return "redirect:/sweeps/" + sweep.id();
    }

    private static Optional<Target> parseTarget(String key) {
        if (key == null || key.isBlank() || key.length() > 700) {
            return Optional.empty();
        }
        try {
            return Optional.of(Target.ofKey(key));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static double round(double value) {
        return Math.round(value * 10_000.0) / 10_000.0;
    }

    /** @param manual the default study run by hand rather than by the nightly cron */
    public record TrendRow(long sweepId, LocalDate night, boolean manual, double throughputPerChip, String cost, String pricePerHour) {
    }
}
