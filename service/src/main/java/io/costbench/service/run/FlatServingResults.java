package io.costbench.service.run;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.costbench.engine.sim.RequestLengths;
import io.costbench.service.prediction.ScenarioLimits;
import io.costbench.service.web.BadInputException;
import tools.jackson.databind.JsonNode;

/** The flat key-per-metric shape that vLLM's and SGLang's benchmark scripts both write. */
final class FlatServingResults {

    /** vLLM writes {@code _e2el_}, SGLang {@code _e2e_latency_}; both in ms. */
    private static final Pattern LATENCY_KEY = Pattern.compile(
            "(mean|median|std|p\\d{1,2}(?:\\.\\d{1,3})?)_(ttft|tpot|itl|e2el|e2e_latency)_ms");

    private FlatServingResults() {
    }

    static void requireFields(JsonNode node, String path, String... names) {
        if (!node.isObject()) {
            throw BadInputException.unprocessable(path, "must be a JSON object, was " + JsonFields.describe(node));
        }
        for (String name : names) {
            JsonFields.requireNumber(node, name, path);
        }
    }

    /** Copies the scalars of {@code names} present in the node, and every latency statistic. */
    static void copy(JsonNode node, String path, RunMetrics metrics, String... names) {
        for (String name : names) {
            metrics.put(name, JsonFields.number(node, name, path), path + "." + name);
        }
        for (Map.Entry<String, JsonNode> entry : node.properties()) {
            Matcher matcher = LATENCY_KEY.matcher(entry.getKey());
            if (matcher.matches()) {
                String measure = matcher.group(2).equals("e2e_latency") ? "e2el" : matcher.group(2);
                metrics.put(matcher.group(1) + "_" + measure + "_ms",
                        JsonFields.number(node, entry.getKey(), path), path + "." + entry.getKey());
            }
        }
    }

    /** A rate the tools write as a number, or as "inf" / Infinity for "all at once": null then. */
    static Double requestRate(JsonNode node, String path) {
        JsonNode value = node.get("request_rate");
        if (value == null || value.isNull() || (value.isString() && value.asString().equalsIgnoreCase("inf"))) {
            return null;
        }
        Double rate = JsonFields.number(node, "request_rate", path);
        return rate == null || Double.isInfinite(rate) ? null : rate;
    }

    /** Mean tokens per completed request, when the totals are there; a hint only, the context takes precedence. */
    static Integer meanPerRequest(RunMetrics metrics, String total) {
        Double completed = metrics.get("completed");
        Double tokens = metrics.get(total);
        return completed == null || tokens == null || completed < 1 ? null
                : JsonFields.positiveInt(tokens / completed);
    }

    /**
     * The run's own request lengths, in the order they were sent: {@code input_lens} and {@code output_lens}, which
     * vLLM keeps with {@code --save-detailed} (vllm/benchmarks/serve.py @ 009e6d4a1cd6ba3fb2a9fc00f4ec06f5297232a1,
     * {@code benchmark} and {@code main_async}) and SGLang with {@code --output-details}. A failed request has output
     * length 0 and is left out, as its measured metrics leave it out. Null when the file has neither list, or more
     * requests than a prediction simulates (the run is then predicted without them, or not at all).
     */
    static RequestLengths requestLengths(JsonNode node, String path) {
        JsonNode inputs = node.get("input_lens");
        JsonNode outputs = node.get("output_lens");
        if ((inputs == null || inputs.isNull()) && (outputs == null || outputs.isNull())) {
            return null;
        }
        if (inputs == null || !inputs.isArray() || outputs == null || !outputs.isArray()
                || inputs.size() != outputs.size()) {
            throw BadInputException.unprocessable(path + ".input_lens", "input_lens and output_lens must be lists of"
                    + " the same length, one entry per request");
        }
        if (inputs.size() > ScenarioLimits.MAX_PROMPTS) {
            return null;
        }
        int[] in = new int[inputs.size()];
        int[] out = new int[inputs.size()];
        int kept = 0;
        for (int i = 0; i < inputs.size(); i++) {
            int prompt = length(inputs.get(i), path + ".input_lens[" + i + "]");
            int output = length(outputs.get(i), path + ".output_lens[" + i + "]");
            if (prompt > 0 && output > 0) {
                in[kept] = prompt;
                out[kept] = output;
                kept++;
            }
        }
        return kept == 0 ? null : RequestLengths.firstOf(in, out, kept);
    }

    private static int length(JsonNode value, String field) {
        if (value == null || !value.isNumber() || !value.canConvertToInt() || value.asDouble() != value.asInt()
                || value.asInt() < 0) {
            throw BadInputException.unprocessable(field, "must be a token count (a whole number >= 0), was "
                    + JsonFields.describe(value));
        }
        return value.asInt();
    }
}
