package io.costbench.service.run;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import io.costbench.service.prediction.ScenarioLimits;
import io.costbench.service.web.BadInputException;
import tools.jackson.databind.JsonNode;

/**
 * NVIDIA GenAI-Perf {@code profile_export_genai_perf.json} and AIPerf {@code profile_export_aiperf.json}: one key per
 * metric holding {@code {unit, avg, p1..p99, min, max, std}}. Their {@code inter_token_latency} is
 * (latency - TTFT) / (output tokens - 1), vLLM's TPOT, so it maps to {@code *_tpot_ms}; per-chunk ITL is not in this
 * file. Latencies are converted from their stated unit to ms; throughputs must be per second.
 */
abstract class ProfileExportAdapter implements ResultAdapter {

    private static final Map<String, Double> TO_MS = Map.of("ms", 1.0, "s", 1000.0, "sec", 1000.0,
            "us", 1e-3, "ns", 1e-6);
    private static final Set<String> PER_SECOND = Set.of("requests/sec", "requests/s", "req/s", "tokens/sec",
            "tokens/s", "tok/s");
    private static final Map<String, String> STATISTICS = Map.of("avg", "mean", "p50", "median", "std", "std",
            "p90", "p90", "p95", "p95", "p99", "p99");

    @Override
    public List<ParsedRun> parse(JsonNode node, String path) {
        if (!node.isObject()) {
            throw BadInputException.unprocessable(path, "must be a JSON object, was " + JsonFields.describe(node));
        }
        JsonFields.requireObject(node, "request_latency", path);
        JsonFields.requireObject(node, "request_throughput", path);
        RunMetrics metrics = new RunMetrics();
        latency(node, "time_to_first_token", "ttft", path, metrics);
        latency(node, "inter_token_latency", "tpot", path, metrics);
        latency(node, "request_latency", "e2el", path, metrics);
        rate(node, "request_throughput", "request_throughput", path, metrics, true);
        rate(node, "output_token_throughput", "output_throughput", path, metrics, false);
        rate(node, "total_token_throughput", "total_token_throughput", path, metrics, false);
        scalar(node, "request_count", "completed", path, metrics);
        scalar(node, "error_request_count", "failed", path, metrics);
        scalar(node, "total_isl", "total_input_tokens", path, metrics);
        scalar(node, "total_osl", "total_output_tokens", path, metrics);
        JsonNode duration = JsonFields.optionalObject(node, "benchmark_duration", path);
        if (duration != null) {
            double perMs = unitToMs(duration, path + ".benchmark_duration", "sec");
            Double avg = JsonFields.number(duration, "avg", path + ".benchmark_duration");
            metrics.put("duration", avg == null ? null : avg * perMs / 1000, path + ".benchmark_duration.avg");
        }
        JsonNode config = node.get("input_config");
        Integer concurrency = null;
        String model = null;
        Double rampSeconds = null;
        if (config != null && config.isObject()) {
            concurrency = firstPositiveInt(config, "/loadgen/concurrency", "/concurrency");
            JsonNode names = config.at("/endpoint/model_names");
            if (!names.isArray()) {
                names = config.at("/model_names");
            }
            model = names.isArray() && !names.isEmpty() && names.get(0).isString() ? names.get(0).asString() : null;
            JsonNode loadgen = config.get("loadgen");
            if (loadgen != null && loadgen.isObject()) {
                rampSeconds = concurrencyRampSeconds(loadgen, path + ".input_config.loadgen");
            }
        }
        ParsedRun run = new ParsedRun(metrics.asMap(), concurrency, null, null, null, model, path);
        return List.of(rampSeconds == null ? run
                : run.withClient(ClientSettings.UNSTATED.rampingConcurrencyOver(rampSeconds)));
    }

    /**
     * AIPerf's {@code --concurrency-ramp-duration} (ai-dynamo/aiperf {@code src/aiperf/common/config/loadgen_config.py}
     * @ c431ed309143375c6de6f51e93fc8da782882d74, {@code LoadGeneratorConfig.concurrency_ramp_duration}: seconds to
     * ramp the concurrency from 1 to its target); null when the run sent its requests at once.
     */
    private static Double concurrencyRampSeconds(JsonNode loadgen, String path) {
        Double seconds = JsonFields.number(loadgen, "concurrency_ramp_duration", path);
        if (seconds != null && !(seconds > 0 && seconds <= ScenarioLimits.MAX_CONCURRENCY_RAMP_SECONDS)) {
            throw BadInputException.unprocessable(path + ".concurrency_ramp_duration", "must be more than 0 and at"
                    + " most " + (long) ScenarioLimits.MAX_CONCURRENCY_RAMP_SECONDS + " seconds, was " + seconds);
        }
        return seconds;
    }

    private static Integer firstPositiveInt(JsonNode config, String... pointers) {
        for (String pointer : pointers) {
            JsonNode value = config.at(pointer);
            if (value.isNumber()) {
                return JsonFields.positiveInt(value.asDouble());
            }
        }
        return null;
    }

    private static void latency(JsonNode node, String key, String measure, String path, RunMetrics metrics) {
        JsonNode metric = JsonFields.optionalObject(node, key, path);
        if (metric == null) {
            return;
        }
        String base = path + "." + key;
        double scale = unitToMs(metric, base, "ms");
        STATISTICS.forEach((statistic, prefix) -> {
            Double value = JsonFields.number(metric, statistic, base);
            metrics.put(prefix + "_" + measure + "_ms", value == null ? null : value * scale, base + "." + statistic);
        });
    }

    private static void rate(JsonNode node, String key, String name, String path, RunMetrics metrics,
            boolean required) {
        JsonNode metric = JsonFields.optionalObject(node, key, path);
        if (metric == null) {
            return;
        }
        String base = path + "." + key;
        String unit = JsonFields.text(metric, "unit");
        if (unit != null && !PER_SECOND.contains(unit.toLowerCase(Locale.ROOT))) {
            throw BadInputException.unprocessable(base + ".unit", "must be a rate per second, was '" + unit + "'");
        }
        metrics.put(name, required ? JsonFields.requireNumber(metric, "avg", base)
                : JsonFields.number(metric, "avg", base), base + ".avg");
    }

    private static void scalar(JsonNode node, String key, String name, String path, RunMetrics metrics) {
        JsonNode metric = JsonFields.optionalObject(node, key, path);
        if (metric != null) {
            metrics.put(name, JsonFields.number(metric, "avg", path + "." + key), path + "." + key + ".avg");
        }
    }

    private static double unitToMs(JsonNode metric, String base, String defaultUnit) {
        String unit = JsonFields.text(metric, "unit");
        Double scale = TO_MS.get((unit == null ? defaultUnit : unit).toLowerCase(Locale.ROOT));
        if (scale == null) {
            throw BadInputException.unprocessable(base + ".unit", "must be a time unit (ms, s, us, ns), was '"
                    + unit + "'");
        }
        return scale;
    }
}
