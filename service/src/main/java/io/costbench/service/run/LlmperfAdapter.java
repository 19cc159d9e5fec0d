package io.costbench.service.run;

import java.util.ArrayList;
import java.util.List;

import org.springframework.stereotype.Component;

import io.costbench.engine.sim.LengthDistribution;
import io.costbench.engine.sim.RequestLengths;
import io.costbench.service.web.BadInputException;
import io.costbench.service.web.JsonPaths;
import tools.jackson.databind.JsonNode;

/**
 * LLMPerf ({@code token_benchmark_ray.py}): the {@code *_summary.json} object or the
 * {@code *_individual_responses.json} array. Everything is in seconds (converted to ms), and some numbers are
 * strings ({@code "550"}). LLMPerf's {@code inter_token_latency_s} is end-to-end latency / output tokens, so it
 * includes TTFT and is neither vLLM's TPOT nor its ITL: it is not mapped. Instead:
 * <ul>
 * <li>individual responses: per request TPOT = (e2e - ttft) / (output tokens - 1), vLLM's definition, then mean,
 * median, std and p90/p95/p99 over the requests, like vLLM. The file has no timestamps, so throughputs are absent.</li>
 * <li>summary: {@code mean_tpot_ms} = (mean e2e - mean ttft) / (mean output tokens - 1), exact when every request
 * has the same output length (LLMPerf's usual fixed-length runs) and close otherwise; TPOT percentiles cannot be
 * derived from the other percentiles and stay absent.</li>
 * </ul>
 * The client: a summary's {@code stddev_input_tokens} and {@code stddev_output_tokens} say how LLMPerf drew each
 * request's lengths ({@link LengthDistribution#llmperf}; its defaults are 150 and 80, not fixed lengths), and
 * {@code results_num_requests_started} how many it sent; individual responses give every completed request's own
 * lengths, replayed in the file's order (the order they completed).
 */
@Component
class LlmperfAdapter implements ResultAdapter {

    static final int MAX_RESPONSES = 100_000;
    private static final String[][] SUMMARY_STATISTICS = {{"mean", "mean"}, {"quantiles_p50", "median"},
            {"stddev", "std"}, {"quantiles_p90", "p90"}, {"quantiles_p95", "p95"}, {"quantiles_p99", "p99"}};

    @Override
    public RunFormat format() {
        return RunFormat.LLMPERF;
    }

    @Override
    public List<ParsedRun> parse(JsonNode node, String path) {
        if (node.isArray()) {
            return List.of(individualResponses(node, path));
        }
        if (!node.isObject()) {
            throw BadInputException.unprocessable(path, "must be the summary object or the array of individual"
                    + " responses, was " + JsonFields.describe(node));
        }
        return List.of(summary(node, path));
    }

    private ParsedRun summary(JsonNode node, String path) {
        double meanTtftS = required(node, "results_ttft_s_mean", path);
        double meanE2eS = required(node, "results_end_to_end_latency_s_mean", path);
        double completed = required(node, "results_num_completed_requests", path);
        RunMetrics metrics = new RunMetrics();
        for (String[] statistic : SUMMARY_STATISTICS) {
            putSeconds(metrics, node, "results_ttft_s_" + statistic[0], statistic[1] + "_ttft_ms", path);
            putSeconds(metrics, node, "results_end_to_end_latency_s_" + statistic[0], statistic[1] + "_e2el_ms", path);
        }
        Double meanOutput = JsonFields.lenientNumber(node, "results_number_output_tokens_mean", path);
        if (meanOutput != null && meanOutput > 1 && meanE2eS >= meanTtftS) {
            metrics.put("mean_tpot_ms", (meanE2eS - meanTtftS) * 1000 / (meanOutput - 1),
                    path + ".results_number_output_tokens_mean");
        }
        Double perMinute = JsonFields.lenientNumber(node, "results_num_completed_requests_per_min", path);
        metrics.put("request_throughput", perMinute == null ? null : perMinute / 60,
                path + ".results_num_completed_requests_per_min");
        metrics.put("output_throughput",
                JsonFields.lenientNumber(node, "results_mean_output_throughput_token_per_s", path),
                path + ".results_mean_output_throughput_token_per_s");
        metrics.put("completed", completed, path + ".results_num_completed_requests");
        metrics.put("failed", JsonFields.lenientNumber(node, "results_number_errors", path),
                path + ".results_number_errors");
        Double meanInput = JsonFields.lenientNumber(node, "results_number_input_tokens_mean", path);
        metrics.put("total_input_tokens", meanInput == null ? null : (double) Math.round(meanInput * completed),
                path + ".results_number_input_tokens_mean");
        metrics.put("total_output_tokens", meanOutput == null ? null : (double) Math.round(meanOutput * completed),
                path + ".results_number_output_tokens_mean");
        Integer meanInputTokens = JsonFields.positiveInt(JsonFields.lenientNumber(node, "mean_input_tokens", path));
        Integer meanOutputTokens = JsonFields.positiveInt(JsonFields.lenientNumber(node, "mean_output_tokens", path));
        Integer started = JsonFields.positiveInt(JsonFields.lenientNumber(node, "results_num_requests_started", path));
        ClientSettings client = new ClientSettings(started, null);
        if (meanInputTokens != null && meanOutputTokens != null) {
            client = client.withDrawn(DrawnLengths.of(
                    LengthDistribution.llmperf(meanInputTokens, stddev(node, "stddev_input_tokens", path)),
                    LengthDistribution.llmperf(meanOutputTokens, stddev(node, "stddev_output_tokens", path))));
        }
        return new ParsedRun(metrics.asMap(),
                JsonFields.positiveInt(JsonFields.lenientNumber(node, "num_concurrent_requests", path)), null,
                meanInputTokens, meanOutputTokens, JsonFields.text(node, "model"), path, client);
    }

    /** A stated length stddev (0 when absent): LLMPerf draws every length from a normal with it. */
    private static double stddev(JsonNode node, String name, String path) {
        Double value = JsonFields.lenientNumber(node, name, path);
        if (value != null && !(value >= 0 && value <= RunContext.MAX_TOKENS)) {
            throw BadInputException.unprocessable(path + "." + name,
                    "must be a token count from 0 to " + RunContext.MAX_TOKENS + ", was " + value);
        }
        return value == null ? 0 : value;
    }

    private ParsedRun individualResponses(JsonNode array, String path) {
        if (array.isEmpty()) {
            throw BadInputException.unprocessable(path, "holds no responses");
        }
        if (array.size() > MAX_RESPONSES) {
            throw BadInputException.unprocessable(path, "holds " + array.size() + " responses; at most "
                    + MAX_RESPONSES + " are accepted");
        }
        List<Double> ttft = new ArrayList<>();
        List<Double> e2e = new ArrayList<>();
        List<Double> tpot = new ArrayList<>();
        double failed = 0;
        double inputTokens = 0;
        double outputTokens = 0;
        // Each completed request's lengths, for the prediction to replay; dropped if one lacks its prompt length.
        int[] inputLengths = new int[array.size()];
        int[] outputLengths = new int[array.size()];
        int replayed = 0;
        boolean replayable = true;
        for (int i = 0; i < array.size(); i++) {
            JsonNode response = array.get(i);
            String at = JsonPaths.index(path, i);
            if (!response.isObject()) {
                throw BadInputException.unprocessable(at, "must be an object, was " + JsonFields.describe(response));
            }
            JsonNode errorCode = response.get("error_code");
            String errorMessage = JsonFields.text(response, "error_msg");
            if ((errorCode != null && !errorCode.isNull()) || (errorMessage != null && !errorMessage.isEmpty())) {
                failed++;
                continue;
            }
            double ttftS = nonNegative(response, "ttft_s", at);
            double e2eS = nonNegative(response, "end_to_end_latency_s", at);
            double output = nonNegative(response, "number_output_tokens", at);
            Double input = JsonFields.lenientNumber(response, "number_input_tokens", at);
            if (e2eS < ttftS) {
                throw BadInputException.unprocessable(at + ".end_to_end_latency_s", "is shorter than ttft_s");
            }
            ttft.add(ttftS * 1000);
            e2e.add(e2eS * 1000);
            if (output > 1) {
                tpot.add((e2eS - ttftS) * 1000 / (output - 1));
            }
            outputTokens += output;
            inputTokens += input == null ? 0 : input;
            if (input == null || input < 1 || input > RunContext.MAX_TOKENS || output > RunContext.MAX_TOKENS
                    || input != Math.rint(input) || output != Math.rint(output)) {
                replayable = false;
            } else if (output >= 1) {
                // A response without output tokens sent no decode work worth replaying, as vLLM's files count it.
                inputLengths[replayed] = (int) (double) input;
                outputLengths[replayed] = (int) output;
                replayed++;
            }
        }
        RunMetrics metrics = new RunMetrics();
        Statistics.describe(toArray(ttft), "ttft", metrics, path + "[*].ttft_s");
        Statistics.describe(toArray(e2e), "e2el", metrics, path + "[*].end_to_end_latency_s");
        Statistics.describe(toArray(tpot), "tpot", metrics, path + "[*].end_to_end_latency_s");
        metrics.put("completed", (double) ttft.size(), path);
        metrics.put("failed", failed, path);
        metrics.put("total_input_tokens", inputTokens, path + "[*].number_input_tokens");
        metrics.put("total_output_tokens", outputTokens, path + "[*].number_output_tokens");
        Integer meanInput = ttft.isEmpty() ? null : JsonFields.positiveInt(inputTokens / ttft.size());
        Integer meanOutput = ttft.isEmpty() ? null : JsonFields.positiveInt(outputTokens / ttft.size());
        ClientSettings client = new ClientSettings(array.size(), null);
        if (replayable && replayed > 0) {
            client = new ClientSettings(replayed, null).withLengths(
                    RequestLengths.firstOf(inputLengths, outputLengths, replayed));
        }
        return new ParsedRun(metrics.asMap(), null, null, meanInput, meanOutput, null, path, client);
    }

    private static double required(JsonNode node, String name, String path) {
        Double value = JsonFields.lenientNumber(node, name, path);
        if (value == null) {
            throw BadInputException.unprocessable(path + "." + name, "is required");
        }
        return value;
    }

    private static double nonNegative(JsonNode node, String name, String path) {
        double value = required(node, name, path);
        if (!Double.isFinite(value) || value < 0) {
            throw BadInputException.unprocessable(path + "." + name, "must be a finite, non-negative number");
        }
        return value;
    }

    private static void putSeconds(RunMetrics metrics, JsonNode node, String key, String name, String path) {
        Double seconds = JsonFields.lenientNumber(node, key, path);
        metrics.put(name, seconds == null ? null : seconds * 1000, path + "." + key);
    }

    private static double[] toArray(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
