package io.costbench.service.run;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.springframework.stereotype.Component;

import io.costbench.engine.sim.LengthDistribution;
import io.costbench.engine.sim.Workload;
import io.costbench.service.web.BadInputException;
import io.costbench.service.web.JsonPaths;
import tools.jackson.databind.JsonNode;

/**
 * GuideLLM {@code benchmarks.json} (v0.3-0.4 and v0.7+). One file holds a whole sweep, {@code benchmarks[]} with one
 * entry per rate or concurrency: each entry becomes its own run (the series differ by concurrency or rate), all
 * sharing the one raw payload. Each metric is a distribution per request status; only {@code successful} is used,
 * as vLLM counts only completed requests. Mapping: {@code time_to_first_token_ms} to {@code *_ttft_ms},
 * {@code time_per_output_token_ms} to {@code *_tpot_ms}, {@code inter_token_latency_ms} to {@code *_itl_ms},
 * {@code request_latency} (seconds) times 1000 to {@code *_e2el_ms}, {@code output_tokens_per_second.mean} to
 * {@code output_throughput}, {@code tokens_per_second.mean} to {@code total_token_throughput},
 * {@code requests_per_second.mean} to {@code request_throughput}; {@code mean, median, std_dev, p90, p95, p99} to
 * {@code mean_, median_, std_, p90_, p95_, p99_}. The strategy gives the run's concurrency (synchronous: 1,
 * concurrent: its streams) or request rate (constant, poisson); throughput mode has neither. Synthetic data's
 * {@code prompt_tokens} and {@code output_tokens} give the stated lengths, and its {@code _stdev}, {@code _min} and
 * {@code _max} how GuideLLM drew each request's lengths around them ({@link LengthDistribution#guidellm}).
 */
@Component
class GuidellmAdapter implements ResultAdapter {

    /**
     * A synthetic-data setting in key=value pairs or JSON: {@code prompt_tokens=256,prompt_tokens_stdev=64} or
     * {@code {"prompt_tokens": 256, ...}} ({@code _variance}, older releases' name for the stdev, is read as one).
     */
    private static final Pattern DATA_TOKENS = Pattern.compile(
            "\\b(prompt_tokens|output_tokens)(_stdev|_variance|_min|_max)?\"?\\s*[=:]\\s*(\\d{1,9})\\b");
    private static final String[] PERCENTILES = {"p90", "p95", "p99"};
    /** The longest stop by time a run may state: a week, far beyond any benchmark's. */
    private static final double MAX_DURATION_S = 7 * 24 * 3600;

    @Override
    public RunFormat format() {
        return RunFormat.GUIDELLM;
    }

    @Override
    public List<ParsedRun> parse(JsonNode node, String path) {
        if (!node.isObject()) {
            throw BadInputException.unprocessable(path, "must be a JSON object, was " + JsonFields.describe(node));
        }
        JsonNode benchmarks = node.get("benchmarks");
        if (benchmarks == null || !benchmarks.isArray() || benchmarks.isEmpty()) {
            throw BadInputException.unprocessable(path + ".benchmarks", "must be a non-empty array");
        }
        String reportData = reportData(node);
        String reportDataPath = JsonPaths.index(JsonPaths.under(JsonPaths.under(path, "config"), "data"), 0);
        List<ParsedRun> runs = new ArrayList<>();
        for (int i = 0; i < benchmarks.size(); i++) {
            runs.add(parseBenchmark(benchmarks.get(i), JsonPaths.index(JsonPaths.under(path, "benchmarks"), i),
                    reportData, reportDataPath));
        }
        return runs;
    }

    /**
     * v0.7+: the run's data argument, {@code config.data}, when it is one entry (a synthetic-data string or object);
     * null otherwise (a dataset file, several datasets, or v0.3-0.4, which keeps it per benchmark).
     */
    private static String reportData(JsonNode node) {
        JsonNode config = node.get("config");
        JsonNode data = config == null || !config.isObject() ? null : config.get("data");
        if (data == null || !data.isArray() || data.size() != 1) {
            return null;
        }
        JsonNode entry = data.get(0);
        return entry.isString() ? entry.asString() : entry.isObject() ? entry.toString() : null;
    }

    /** @param reportData the whole report's data argument (v0.7+), used where the benchmark names none */
    private ParsedRun parseBenchmark(JsonNode benchmark, String path, String reportData, String reportDataPath) {
        if (!benchmark.isObject()) {
            throw BadInputException.unprocessable(path, "must be an object");
        }
        JsonNode metricsNode = JsonFields.requireObject(benchmark, "metrics", path);
        String metricsPath = path + ".metrics";
        RunMetrics metrics = new RunMetrics();
        distribution(metricsNode, "time_to_first_token_ms", metricsPath, "ttft", 1, metrics, true);
        distribution(metricsNode, "time_per_output_token_ms", metricsPath, "tpot", 1, metrics, false);
        distribution(metricsNode, "inter_token_latency_ms", metricsPath, "itl", 1, metrics, false);
        distribution(metricsNode, "request_latency", metricsPath, "e2el", 1000, metrics, false);
        metrics.put("output_throughput", successfulMean(metricsNode, "output_tokens_per_second", metricsPath, true),
                metricsPath + ".output_tokens_per_second.successful.mean");
        metrics.put("total_token_throughput", successfulMean(metricsNode, "tokens_per_second", metricsPath, false),
                metricsPath + ".tokens_per_second.successful.mean");
        metrics.put("request_throughput", successfulMean(metricsNode, "requests_per_second", metricsPath, false),
                metricsPath + ".requests_per_second.successful.mean");
        metrics.put("total_input_tokens", successfulSum(metricsNode, "prompt_token_count", metricsPath),
                metricsPath + ".prompt_token_count.successful.total_sum");
        metrics.put("total_output_tokens", successfulSum(metricsNode, "output_token_count", metricsPath),
                metricsPath + ".output_token_count.successful.total_sum");
        JsonNode totals = JsonFields.optionalObject(benchmark, "request_totals", path);
        Integer sent = null;
        if (totals != null) {
            sent = JsonFields.positiveInt(JsonFields.number(totals, "total", path + ".request_totals"));
            metrics.put("completed", JsonFields.number(totals, "successful", path + ".request_totals"),
                    path + ".request_totals.successful");
            metrics.put("failed", JsonFields.number(totals, "errored", path + ".request_totals"),
                    path + ".request_totals.errored");
        }
        Double duration = JsonFields.number(benchmark, "duration", path);
        if (duration == null) {
            Double start = JsonFields.number(benchmark, "start_time", path);
            Double end = JsonFields.number(benchmark, "end_time", path);
            duration = start == null || end == null ? null : end - start;
        }
        metrics.put("duration", duration, path + ".duration");

        JsonNode strategy = strategy(benchmark);
        String strategyType = strategy == null ? null : JsonFields.text(strategy, "type_");
        Integer concurrency = null;
        Double rate = null;
        if ("synchronous".equals(strategyType)) {
            concurrency = 1;
        } else if ("concurrent".equals(strategyType)) {
            concurrency = JsonFields.positiveInt(JsonFields.number(strategy, "streams", path + ".strategy"));
        } else if ("constant".equals(strategyType) || "poisson".equals(strategyType)) {
            rate = JsonFields.number(strategy, "rate", path + ".strategy");
        }
        JsonNode loader = benchmark.get("request_loader");
        String data = loader == null ? null : JsonFields.text(loader, "data");
        String dataPath = path + ".request_loader.data";
        if (data == null && reportData != null) {
            data = reportData;
            dataPath = reportDataPath;
        }
        Map<String, Integer> synthetic = new HashMap<>();
        if (data != null) {
            Matcher matcher = DATA_TOKENS.matcher(data);
            while (matcher.find()) {
                String suffix = matcher.group(2) == null ? "" : matcher.group(2).replace("_variance", "_stdev");
                synthetic.put(matcher.group(1) + suffix, Integer.valueOf(matcher.group(3)));
            }
        }
        Integer promptTokens = synthetic.get("prompt_tokens");
        Integer outputTokens = synthetic.get("output_tokens");
        JsonNode worker = benchmark.get("worker");
        String model = worker == null ? null : JsonFields.text(worker, "backend_model");
        String label = path + " (" + (strategyType == null ? "unknown strategy" : strategyType)
                + (concurrency != null ? ", concurrency " + concurrency : "")
                + (rate != null ? ", " + rate + " req/s" : "") + ")";
        // GuideLLM's constant rate sends at fixed intervals; its poisson rate draws exponential gaps.
        Double burstiness = rate != null && "constant".equals(strategyType) ? Workload.EVENLY_SPACED : null;
        ClientSettings client = new ClientSettings(sent, burstiness).stoppedAfter(maxDuration(benchmark, path));
        if (promptTokens != null && outputTokens != null) {
            client = client.withDrawn(DrawnLengths.of(distribution(synthetic, "prompt_tokens", dataPath),
                    distribution(synthetic, "output_tokens", dataPath)));
        }
        return new ParsedRun(metrics.asMap(), concurrency, rate, promptTokens, outputTokens, model, label, client);
    }

    /** How GuideLLM's synthetic data draws one of the two lengths, from its stated mean, stdev, min and max. */
    private static LengthDistribution distribution(Map<String, Integer> synthetic, String length, String dataPath) {
        for (String setting : new String[] {length + "_stdev", length + "_min", length + "_max"}) {
            Integer tokens = synthetic.get(setting);
            if (tokens != null && tokens > RunContext.MAX_TOKENS) {
                throw BadInputException.unprocessable(dataPath, "states " + setting + "=" + tokens
                        + "; the limit is " + RunContext.MAX_TOKENS + " tokens");
            }
        }
        try {
            return LengthDistribution.guidellm(synthetic.get(length), synthetic.get(length + "_stdev"),
                    synthetic.get(length + "_min"), synthetic.get(length + "_max"));
        } catch (IllegalArgumentException e) {
            throw BadInputException.unprocessable(dataPath, "states " + length + " GuideLLM cannot draw: "
                    + e.getMessage());
        }
    }

    /**
     * v0.3-0.4: {@code args.max_duration}, the seconds after which GuideLLM stopped and counted what was still running
     * as incomplete; null when unset (the run then ended with its requests).
     */
    private static Double maxDuration(JsonNode benchmark, String path) {
        JsonNode args = benchmark.get("args");
        Double seconds = args == null || !args.isObject() ? null
                : JsonFields.number(args, "max_duration", path + ".args");
        if (seconds != null && !(seconds > 0 && seconds <= MAX_DURATION_S)) {
            throw BadInputException.unprocessable(path + ".args.max_duration", "must be a number of seconds in (0, "
                    + MAX_DURATION_S + "], was " + seconds);
        }
        return seconds;
    }

    /** v0.3-0.4: {@code args.strategy}; v0.7+: {@code config.strategy}. */
    private static JsonNode strategy(JsonNode benchmark) {
        for (String parent : new String[] {"args", "config"}) {
            JsonNode container = benchmark.get(parent);
            if (container != null && container.get("strategy") != null && container.get("strategy").isObject()) {
                return container.get("strategy");
            }
        }
        return null;
    }

    private static void distribution(JsonNode metricsNode, String name, String path, String measure, double scale,
            RunMetrics metrics, boolean required) {
        JsonNode successful = successful(metricsNode, name, path, required);
        if (successful == null) {
            return;
        }
        String base = path + "." + name + ".successful";
        put(metrics, "mean_" + measure + "_ms", JsonFields.number(successful, "mean", base), scale, base + ".mean");
        put(metrics, "median_" + measure + "_ms", JsonFields.number(successful, "median", base), scale,
                base + ".median");
        put(metrics, "std_" + measure + "_ms", JsonFields.number(successful, "std_dev", base), scale,
                base + ".std_dev");
        JsonNode percentiles = JsonFields.optionalObject(successful, "percentiles", base);
        if (percentiles != null) {
            for (String percentile : PERCENTILES) {
                put(metrics, percentile + "_" + measure + "_ms",
                        JsonFields.number(percentiles, percentile, base + ".percentiles"), scale,
                        base + ".percentiles." + percentile);
            }
        }
    }

    private static void put(RunMetrics metrics, String name, Double value, double scale, String field) {
        metrics.put(name, value == null ? null : value * scale, field);
    }

    private static Double successfulMean(JsonNode metricsNode, String name, String path, boolean required) {
        JsonNode successful = successful(metricsNode, name, path, required);
        return successful == null ? null : required
                ? JsonFields.requireNumber(successful, "mean", path + "." + name + ".successful")
                : JsonFields.number(successful, "mean", path + "." + name + ".successful");
    }

    private static Double successfulSum(JsonNode metricsNode, String name, String path) {
        JsonNode successful = successful(metricsNode, name, path, false);
        return successful == null ? null : JsonFields.number(successful, "total_sum", path + "." + name + ".successful");
    }

    private static JsonNode successful(JsonNode metricsNode, String name, String path, boolean required) {
        JsonNode metric = required ? JsonFields.requireObject(metricsNode, name, path)
                : JsonFields.optionalObject(metricsNode, name, path);
        if (metric == null) {
            return null;
        }
        return required ? JsonFields.requireObject(metric, "successful", path + "." + name)
                : JsonFields.optionalObject(metric, "successful", path + "." + name);
    }
}
