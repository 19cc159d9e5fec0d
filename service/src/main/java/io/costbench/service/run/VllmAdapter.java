package io.costbench.service.run;

import java.util.Arrays;
import java.util.List;

import org.springframework.stereotype.Component;

import io.costbench.engine.sim.RampUp;
import io.costbench.service.web.BadInputException;
import tools.jackson.databind.JsonNode;

/**
 * {@code vllm bench serve --save-result} (and the older {@code benchmark_serving.py}): already vLLM's vocabulary.
 * Keys it does not know ({@code rtfx}, {@code --metadata} pairs, ...) are kept only in the raw payload.
 * {@code --append-result} files (one object per line) may be pushed as a string.
 */
@Component
class VllmAdapter implements ResultAdapter {

    @Override
    public RunFormat format() {
        return RunFormat.VLLM;
    }

    @Override
    public boolean acceptsJsonLines() {
        return true;
    }

    @Override
    public List<ParsedRun> parse(JsonNode node, String path) {
        FlatServingResults.requireFields(node, path, "completed", "duration", "output_throughput");
        RunMetrics metrics = new RunMetrics();
        FlatServingResults.copy(node, path, metrics, "request_throughput", "request_goodput", "output_throughput",
                "total_token_throughput", "max_output_tokens_per_s", "max_concurrent_requests", "duration",
                "completed", "failed", "total_input_tokens", "total_output_tokens");
        Double rate = FlatServingResults.requestRate(node, path);
        ClientSettings client = client(node, path, metrics);
        if (client.rampUp() != null && rate != null) {
            throw BadInputException.unprocessable(path + ".request_rate",
                    "must be inf with a ramp-up, whose rates replace it (vllm bench serve refuses both), was " + rate);
        }
        return List.of(new ParsedRun(metrics.asMap(),
                JsonFields.positiveInt(JsonFields.number(node, "max_concurrency", path)), rate,
                FlatServingResults.meanPerRequest(metrics, "total_input_tokens"),
                FlatServingResults.meanPerRequest(metrics, "total_output_tokens"),
                JsonFields.text(node, "model_id"), path, client));
    }

    /**
     * The prompts sent ({@code num_prompts}; files before that key: completed + failed), the arrivals'
     * {@code burstiness}, a {@code --ramp-up-strategy} with its start and end rates and, with {@code --save-detailed},
     * every request's lengths, all in the result file. What vLLM refuses to run is refused here: a burstiness that is
     * not positive, a ramp-up without both rates, or one that does not climb from a positive rate
     * (vllm-project/vllm vllm/benchmarks/serve.py @ 009e6d4a1cd6ba3fb2a9fc00f4ec06f5297232a1, {@code get_request},
     * {@code main_async}).
     */
    private static ClientSettings client(JsonNode node, String path, RunMetrics metrics) {
        Integer prompts = JsonFields.positiveInt(JsonFields.number(node, "num_prompts", path));
        if (prompts == null && metrics.get("completed") != null) {
            double failed = metrics.get("failed") == null ? 0 : metrics.get("failed");
            prompts = JsonFields.positiveInt(metrics.get("completed") + failed);
        }
        Double burstiness = JsonFields.number(node, "burstiness", path);
        if (burstiness != null && !(burstiness > 0 && Double.isFinite(burstiness))) {
            throw BadInputException.unprocessable(path + ".burstiness",
                    "must be a positive number (vllm bench serve --burstiness), was " + burstiness);
        }
        return new ClientSettings(prompts, burstiness, rampUp(node, path), null,
                FlatServingResults.requestLengths(node, path), null);
    }

    private static RampUp rampUp(JsonNode node, String path) {
        String strategy = JsonFields.text(node, "ramp_up_strategy");
        if (strategy == null) {
            return null;
        }
        RampUp.Strategy parsed = Arrays.stream(RampUp.Strategy.values())
                .filter(s -> s.name().equalsIgnoreCase(strategy)).findFirst()
                .orElseThrow(() -> BadInputException.unprocessable(path + ".ramp_up_strategy",
                        "must be linear or exponential (vllm bench serve --ramp-up-strategy), was " + strategy));
        double start = JsonFields.requireNumber(node, "ramp_up_start_rps", path);
        double end = JsonFields.requireNumber(node, "ramp_up_end_rps", path);
        try {
            return new RampUp(parsed, start, end);
        } catch (IllegalArgumentException e) {
            throw BadInputException.unprocessable(path + ".ramp_up_start_rps", e.getMessage());
        }
    }
}
