package io.costbench.service.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Sort;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.server.ResponseStatusException;

import tools.jackson.databind.json.JsonMapper;

/**
 * One measured run as a page: its context, measured vs predicted per metric, its cost beside the prediction's, the
 * history of its series, the regression verdict with each metric's check, and the pushed file one click away.
 */
@Controller
class RunPageController {

    /** The most runs of a series the history chart shows (the newest). */
    static final int HISTORY_RUNS = 200;

    /** The page's name for {@link RequestsInFlight}: derived from the run's metrics, never stored or pushed. */
    static final String IN_FLIGHT = "requests_in_flight";

    /** Human labels with units for vLLM's metric names, in the order the page lists them. */
    private static final Map<String, String> LABELS = labels();

    private final MeasuredRunRepository runs;
    private final RunUploadRepository uploads;
    private final RunViews views;
    private final JsonMapper json;

    RunPageController(MeasuredRunRepository runs, RunUploadRepository uploads, RunViews views, JsonMapper json) {
        this.runs = runs;
        this.uploads = uploads;
        this.views = views;
        this.json = json;
    }

    /** A metric measured and predicted; {@code error} is (measured - predicted) / predicted. */
    public record MetricRow(String label, Double measured, Double predicted, Double error) {

        public String percent() {
            return error == null ? "—" : String.format("%+.1f%%", error * 100);
        }
    }

    /** One metric's regression check in words. */
    public record CheckRow(String label, Regression.MetricCheck check) {
    }

    @GetMapping("/runs/{id}")
    String show(@PathVariable long id, Model page) {
        MeasuredRun run = find(id);
        RunViews.RunDetail detail = views.detail(run, uploads.findById(run.getUploadId()).orElseThrow());
        page.addAttribute("run", detail);
        page.addAttribute("label", detail.scenario().label());
        page.addAttribute("metrics", metricRows(detail.metrics(), detail.prediction()));
        List<CheckRow> checks = new ArrayList<>();
        Map<String, Regression.MetricCheck> checked = detail.regression().metrics() == null ? Map.of()
                : detail.regression().metrics();
        checked.forEach((metric, check) -> checks.add(new CheckRow(label(metric), check)));
        page.addAttribute("checks", checks);
        page.addAttribute("historyChart", json.writeValueAsString(history(run)));
        return "run";
    }

    /** The pushed file verbatim, as text (never rendered as HTML). */
    @GetMapping(value = "/runs/{id}/file", produces = MediaType.TEXT_PLAIN_VALUE)
    ResponseEntity<String> file(@PathVariable long id) {
        MeasuredRun run = find(id);
        RunUpload upload = uploads.findById(run.getUploadId()).orElseThrow();
        return ResponseEntity.ok().contentType(new MediaType(MediaType.TEXT_PLAIN, java.nio.charset.StandardCharsets.UTF_8))
                .header(HttpHeaders.CONTENT_DISPOSITION, "inline; filename=\"run-" + id + "-" + run.getFormat()
                        + ".txt\"")
                .body(upload.getRawPayload());
    }

    private MeasuredRun find(long id) {
        return runs.findById(id).orElseThrow(
                () -> new ResponseStatusException(HttpStatus.NOT_FOUND, "No run with id " + id));
    }

    private static List<MetricRow> metricRows(Map<String, Double> file, RunPrediction prediction) {
        Map<String, Double> measured = withRequestsInFlight(file);
        Map<String, Double> predicted = withRequestsInFlight(prediction == null ? Map.of() : prediction.metrics());
        Map<String, Double> errors = prediction == null ? Map.of() : prediction.relativeError();
        List<MetricRow> rows = new ArrayList<>();
        for (String metric : LABELS.keySet()) {
            if (measured.containsKey(metric) || predicted.containsKey(metric)) {
                rows.add(row(LABELS.get(metric), measured.get(metric), predicted.get(metric), errors.get(metric)));
            }
        }
        for (String other : new TreeMap<>(measured).keySet()) {
            if (!LABELS.containsKey(other)) {
                rows.add(row(other, measured.get(other), predicted.get(other), errors.get(other)));
            }
        }
        return rows;
    }

    private static MetricRow row(String label, Double measured, Double predicted, Double storedError) {
        Double error = storedError;
        if (error == null && measured != null && predicted != null && predicted > 0) {
            error = (measured - predicted) / predicted;
        }
        return new MetricRow(label, measured, predicted, error);
    }

    /** The metrics with the requests they kept in flight on average, where the figures allow it. */
    private static Map<String, Double> withRequestsInFlight(Map<String, Double> metrics) {
        Map<String, Double> all = new TreeMap<>(metrics);
        RequestsInFlight.of(metrics).ifPresent(n -> all.put(IN_FLIGHT, n));
        return all;
    }

    /**
     * The series' output throughput over time, one line per branch, and this run marked: the shape of
     * {@code ChartSpec} that static/js/charts.js renders.
     */
    private Map<String, Object> history(MeasuredRun run) {
        List<MeasuredRun> series = new ArrayList<>(runs.findBySeriesKey(run.getSeriesKey(),
                PageRequest.of(0, HISTORY_RUNS, Sort.by(Sort.Direction.DESC, "id"))));
        java.util.Collections.reverse(series);
        Map<String, List<List<Object>>> byBranch = new TreeMap<>();
        for (MeasuredRun r : series) {
            if (r.getOutputThroughput() != null) {
                byBranch.computeIfAbsent(r.getBranch() == null ? "(no branch)" : r.getBranch(), k -> new ArrayList<>())
                        .add(List.of(r.getCreatedAt().toString(), r.getOutputThroughput()));
            }
        }
        List<Map<String, Object>> chartSeries = new ArrayList<>();
        byBranch.forEach((branch, data) -> chartSeries.add(series("branch " + branch, "line", data)));
        if (run.getOutputThroughput() != null) {
            chartSeries.add(series("this run", "scatter", List.of(List.of(run.getCreatedAt().toString(),
                    run.getOutputThroughput(), "#" + run.getId()))));
        }
        Map<String, Object> chart = new LinkedHashMap<>();
        chart.put("title", "Output throughput of this series over time");
        chart.put("xType", "time");
        chart.put("xName", "pushed (UTC)");
        chart.put("yName", "output tokens/s");
        chart.put("categories", List.of());
        chart.put("series", chartSeries);
        chart.put("fileName", "run-" + run.getId() + "-history");
        chart.put("yLog", false);
        return chart;
    }

    private static Map<String, Object> series(String name, String type, List<List<Object>> data) {
        Map<String, Object> series = new LinkedHashMap<>();
        series.put("name", name);
        series.put("type", type);
        series.put("data", data);
        series.put("stack", null);
        return series;
    }

    static String label(String metric) {
        return LABELS.getOrDefault(metric, metric);
    }

    private static Map<String, String> labels() {
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put("output_throughput", "Output throughput (tokens/s)");
        labels.put("total_token_throughput", "Total throughput (tokens/s)");
        labels.put("request_throughput", "Requests per second");
        labels.put(IN_FLIGHT, "Requests in flight, mean (requests/s x mean end-to-end latency)");
        labels.put("output_throughput_per_chip", "Output throughput per chip (tokens/s)");
        labels.put("median_ttft_ms", "Median TTFT (ms)");
        labels.put("mean_ttft_ms", "Mean TTFT (ms)");
        labels.put("p99_ttft_ms", "p99 TTFT (ms)");
        labels.put("median_tpot_ms", "Median TPOT (ms)");
        labels.put("mean_tpot_ms", "Mean TPOT (ms)");
        labels.put("p99_tpot_ms", "p99 TPOT (ms)");
        labels.put("median_itl_ms", "Median ITL (ms)");
        labels.put("mean_itl_ms", "Mean ITL (ms)");
        labels.put("p99_itl_ms", "p99 ITL (ms)");
        labels.put("mean_e2el_ms", "Mean end-to-end latency (ms)");
        labels.put("median_e2el_ms", "Median end-to-end latency (ms)");
        labels.put("p99_e2el_ms", "p99 end-to-end latency (ms)");
        labels.put("completed", "Completed requests");
        labels.put("failed", "Failed requests");
        labels.put("duration", "Duration (s)");
        labels.put("interactivity", "Interactivity (tokens/s per user)");
        return labels;
    }
}
