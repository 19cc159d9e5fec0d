package io.costbench.service.dashboard;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.costbench.service.run.RunScenario;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * Measured runs pushed by CI: the newest runs grouped by series, measured vs predicted with the relative error, the
 * regression verdict, measured vs predicted cost, and a link to each run's page ({@code /runs/{id}}).
 */
@Controller
class RunsPageController {

    static final int MAX_RUNS = 500;

    private final JdbcClient jdbc;
    private final JsonMapper json;

    RunsPageController(JdbcClient jdbc, JsonMapper json) {
        this.jdbc = jdbc;
        this.json = json;
    }

    public record RunRow(long id, String seriesKey, String seriesLabel, String model, String hardware, String profile,
            String branch, String gitSha, String ciUrl, Instant createdAt, Double measuredThroughput,
            Double predictedThroughput, Double throughputError, Double measuredTpot, Double predictedTpot,
            Double tpotError, String verdict, Double measuredCost, Double predictedCost, String costReason) {

        public String percent(Double error) {
            return error == null ? "—" : String.format("%+.1f%%", error * 100);
        }
    }

    public record RunSeries(String key, String label, List<RunRow> runs) {
    }

    @GetMapping("/runs")
    String runs(@RequestParam(required = false) String model, Model page) {
        String filter = model == null || model.isBlank() || model.length() > 200 ? null : model;
        List<RunRow> rows = jdbc.sql("select id, series_key, model, hardware, profile, tensor_parallel,"
                        + " precision_name, input_tokens, output_tokens, concurrency, request_rate, branch, git_sha,"
                        + " ci_url, created_at, output_throughput, median_tpot_ms, prediction_json,"
                        + " regression_verdict, usd_per_million_output_tokens,"
                        + " predicted_usd_per_million_output_tokens, cost_reason, ramp_up, range_ratio,"
                        + " length_distribution from measured_run"
                        + (filter == null ? "" : " where model = :model") + " order by id desc limit " + MAX_RUNS)
                .params(filter == null ? Map.of() : Map.of("model", filter))
                .query((rs, i) -> {
                    Map<String, Map<String, Double>> prediction = prediction(rs.getString("prediction_json"));
                    Map<String, Double> predicted = prediction.getOrDefault("metrics", Map.of());
                    Map<String, Double> error = prediction.getOrDefault("relativeError", Map.of());
                    OffsetDateTime created = rs.getObject("created_at", OffsetDateTime.class);
                    RunScenario series = new RunScenario(rs.getString("model"), rs.getString("hardware"),
                            rs.getString("profile"), rs.getObject("tensor_parallel", Integer.class),
                            rs.getString("precision_name"), rs.getObject("input_tokens", Integer.class),
                            rs.getObject("output_tokens", Integer.class), rs.getObject("concurrency", Integer.class),
                            rs.getObject("request_rate", Double.class), rs.getString("ramp_up"),
                            rs.getObject("range_ratio", Double.class), rs.getString("length_distribution"), null,
                            null);
                    return new RunRow(rs.getLong("id"), rs.getString("series_key"), series.label(),
                            rs.getString("model"), rs.getString("hardware"),
                            rs.getString("profile"), rs.getString("branch"), rs.getString("git_sha"),
                            rs.getString("ci_url"), created == null ? null : created.toInstant(),
                            (Double) rs.getObject("output_throughput", Double.class),
                            predicted.get("output_throughput"), error.get("output_throughput"),
                            (Double) rs.getObject("median_tpot_ms", Double.class), predicted.get("median_tpot_ms"),
                            error.get("median_tpot_ms"), rs.getString("regression_verdict"),
                            rs.getObject("usd_per_million_output_tokens", Double.class),
                            rs.getObject("predicted_usd_per_million_output_tokens", Double.class),
                            rs.getString("cost_reason"));
                })
                .list();
        Map<String, List<RunRow>> bySeries = new LinkedHashMap<>();
        for (RunRow row : rows) {
            bySeries.computeIfAbsent(row.seriesKey(), k -> new ArrayList<>()).add(row);
        }
        page.addAttribute("model", filter);
        page.addAttribute("series", bySeries.entrySet().stream()
                .map(e -> new RunSeries(e.getKey(), e.getValue().get(0).seriesLabel(), e.getValue())).toList());
        page.addAttribute("runCount", rows.size());
        page.addAttribute("throughputChart", rows.isEmpty() ? null
                : json.writeValueAsString(scatter(rows, "Output throughput: measured vs predicted", "tokens/s",
                        RunRow::predictedThroughput, RunRow::measuredThroughput, "runs-throughput")));
        page.addAttribute("tpotChart", rows.isEmpty() ? null
                : json.writeValueAsString(scatter(rows, "Median TPOT: measured vs predicted", "ms",
                        RunRow::predictedTpot, RunRow::measuredTpot, "runs-tpot")));
        return "runs";
    }

    /** One point per run (x predicted, y measured) by hardware, and the y = x line of a perfect prediction. */
    private static ChartSpec scatter(List<RunRow> rows, String title, String unit,
            java.util.function.Function<RunRow, Double> predicted, java.util.function.Function<RunRow, Double> measured,
            String fileName) {
        Map<String, List<List<Object>>> byHardware = new LinkedHashMap<>();
        double max = 0;
        for (RunRow row : rows) {
            Double p = predicted.apply(row);
            Double m = measured.apply(row);
            if (p != null && m != null) {
                byHardware.computeIfAbsent(row.hardware(), k -> new ArrayList<>())
                        .add(List.of(round(p), round(m), "#" + row.id() + " " + row.model()));
                max = Math.max(max, Math.max(p, m));
            }
        }
        List<ChartSpec.Series> series = new ArrayList<>();
        byHardware.forEach((hardware, data) -> series.add(new ChartSpec.Series(hardware, "scatter", data, null)));
        if (max > 0) {
            series.add(new ChartSpec.Series("measured = predicted", "line",
                    List.of(List.of(0, 0), List.of(round(max * 1.05), round(max * 1.05))), null));
        }
        return new ChartSpec(title, "value", "predicted " + unit, "measured " + unit, List.of(), series, fileName);
    }

    private Map<String, Map<String, Double>> prediction(String value) {
        if (value == null || value.isBlank()) {
            return Map.of();
        }
        // Only the two maps: a prediction that could not be made carries its reason (text) beside them.
        tools.jackson.databind.JsonNode tree = json.readTree(value);
        Map<String, Map<String, Double>> maps = new LinkedHashMap<>();
        for (String name : List.of("metrics", "relativeError")) {
            if (tree.path(name).isObject()) {
                maps.put(name, json.convertValue(tree.get(name), new TypeReference<Map<String, Double>>() {
                }));
            }
        }
        return maps;
    }

    private static double round(double value) {
        return Math.round(value * 1000.0) / 1000.0;
    }
}
