package io.costbench.service.run;

import java.util.List;
import java.util.Map;

import org.springframework.stereotype.Component;

import io.costbench.service.web.BadInputException;
import tools.jackson.databind.JsonNode;

/**
 * costbench's own format, for tools without an adapter: {@code {"metrics": {"output_throughput": 812.5,
 * "median_ttft_ms": 41.0, ...}}} with vLLM's names and units. An unknown name is refused, so a typo cannot pass as
 * a missing metric.
 */
@Component
class CostbenchAdapter implements ResultAdapter {

    @Override
    public RunFormat format() {
        return RunFormat.COSTBENCH;
    }

    @Override
    public List<ParsedRun> parse(JsonNode node, String path) {
        if (!node.isObject()) {
            throw BadInputException.unprocessable(path, "must be a JSON object, was " + JsonFields.describe(node));
        }
        JsonNode metricsNode = JsonFields.requireObject(node, "metrics", path);
        if (metricsNode.isEmpty()) {
            throw BadInputException.unprocessable(path + ".metrics", "holds no metrics");
        }
        RunMetrics metrics = new RunMetrics();
        for (Map.Entry<String, JsonNode> entry : metricsNode.properties()) {
            String field = path + ".metrics." + entry.getKey();
            if (!RunMetrics.isKnown(entry.getKey())) {
                throw BadInputException.unprocessable(field, "is not a vLLM metric name (e.g. output_throughput,"
                        + " median_ttft_ms, p99_tpot_ms)");
            }
            Double value = JsonFields.number(metricsNode, entry.getKey(), path + ".metrics");
            if (value == null) {
                throw BadInputException.unprocessable(field, "must be a number; leave an absent metric out");
            }
            metrics.put(entry.getKey(), value, field);
        }
        return List.of(new ParsedRun(metrics.asMap(), null, null, null, null, null, path));
    }
}
