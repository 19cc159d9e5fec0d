package io.costbench.service.run;

import java.util.List;

import org.springframework.stereotype.Component;

import io.costbench.engine.sim.DatasetLengths;
import io.costbench.service.web.BadInputException;
import tools.jackson.databind.JsonNode;

/**
 * {@code python -m sglang.bench_serving --output-file}: JSON Lines, one run per line, vLLM's names except
 * {@code *_e2e_latency_ms} (= vLLM's {@code *_e2el_ms}). The total throughput is {@code total_throughput} when the
 * version writes it, else {@code input_throughput + output_throughput}. The measured mean in-flight
 * {@code concurrency} and {@code accept_length} have no vLLM counterpart and stay in the raw payload. The file names
 * no model: it comes from the context. It states no prompt count, so the completed requests stand for the prompts
 * sent; its arrivals are always Poisson (sgl-project/sglang python/sglang/bench_serving.py @
 * 0033168f0f58b2bc05aa0273bd475d9c01bafb1c, {@code get_request}: exponential gaps). A random dataset
 * ({@code dataset_name} random or random-ids) states its lengths as {@code random_input_len} and
 * {@code random_output_len} L and {@code random_range_ratio} r, and draws each request's lengths uniformly from
 * [max(int(L x r), 1), L] (same file, {@code get_dataset} and {@code sample_random_requests}; r defaults to 0), so
 * the run is predicted with L and r, not with fixed lengths L. With {@code --output-details} the file lists every
 * request's lengths, which the prediction replays instead. Without them a ShareGPT run ({@code dataset_name}
 * sharegpt, {@code sharegpt_output_len} unset: each answer as long as the dataset's) states only the mean lengths, and
 * is predicted with ShareGPT's lengths drawn around them ({@link DatasetLengths#shareGpt}: vLLM's sampler bounds;
 * SGLang's own keep prompts of 2 tokens and more and, in later releases, bound the total only by
 * {@code --sharegpt-context-len}, a difference in the answers' tail of about 0.05% at the sample's means).
 */
@Component
class SglangAdapter implements ResultAdapter {

    private static final String SHAREGPT = "sharegpt";

    @Override
    public RunFormat format() {
        return RunFormat.SGLANG;
    }

    @Override
    public boolean acceptsJsonLines() {
        return true;
    }

    @Override
    public List<ParsedRun> parse(JsonNode node, String path) {
        FlatServingResults.requireFields(node, path, "completed", "duration", "output_throughput");
        RunMetrics metrics = new RunMetrics();
        FlatServingResults.copy(node, path, metrics, "request_throughput", "output_throughput", "duration",
                "completed", "total_input_tokens", "total_output_tokens");
        Double total = JsonFields.number(node, "total_throughput", path);
        Double input = JsonFields.number(node, "input_throughput", path);
        if (total != null) {
            metrics.put("total_token_throughput", total, path + ".total_throughput");
        } else if (input != null) {
            metrics.put("total_token_throughput", input + metrics.get("output_throughput"),
                    path + ".input_throughput");
        }
        String dataset = JsonFields.text(node, "dataset_name");
        boolean random = dataset != null && dataset.startsWith("random");
        Integer inputTokens = random ? JsonFields.positiveInt(JsonFields.number(node, "random_input_len", path))
                : FlatServingResults.meanPerRequest(metrics, "total_input_tokens");
        Integer outputTokens = random ? JsonFields.positiveInt(JsonFields.number(node, "random_output_len", path))
                : FlatServingResults.meanPerRequest(metrics, "total_output_tokens");
        ClientSettings client = new ClientSettings(JsonFields.positiveInt(metrics.get("completed")), null, null,
                random ? rangeRatio(node, path) : null, FlatServingResults.requestLengths(node, path), null);
        if (SHAREGPT.equals(dataset) && JsonFields.number(node, "sharegpt_output_len", path) == null
                && client.lengths() == null) {
            client = client.sampling(DatasetLengths.shareGpt());
        }
        return List.of(new ParsedRun(metrics.asMap(),
                JsonFields.positiveInt(JsonFields.number(node, "max_concurrency", path)),
                FlatServingResults.requestRate(node, path), inputTokens, outputTokens, null, path, client));
    }

    /**
     * The stated ratio; null for 1 (fixed lengths, the series runs of fixed lengths were always stored under) and when
     * a file predating the key leaves the spread unknown.
     */
    private static Double rangeRatio(JsonNode node, String path) {
        Double ratio = JsonFields.number(node, "random_range_ratio", path);
        if (ratio != null && !(ratio >= 0 && ratio <= 1)) {
            // Outside [0, 1] sglang.bench_serving draws no valid lengths (numpy refuses low > high, or goes negative).
            throw BadInputException.unprocessable(path + ".random_range_ratio",
                    "must be between 0 and 1 (sglang.bench_serving --random-range-ratio), was " + ratio);
        }
        return ratio == null || ratio == 1.0 ? null : ratio;
    }
}
