package io.costbench.service.validation;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.costbench.engine.model.AttentionMixer;
import io.costbench.engine.model.LayerSpec;
import io.costbench.engine.model.ModelSpec;

/**
 * How {@code trtllm-bench throughput} ran the rows of TensorRT-LLM's own performance tables (NVIDIA/TensorRT-LLM
 * {@code docs/source/performance/perf-overview.md} @ 00f37686aa854010d68bcbd0f4ab000221541ca6, "Reproducing
 * Benchmarked Results"): a dataset of fixed lengths ({@code prepare_dataset.py token-norm-dist}, standard deviations
 * 0) whose requests are all queued at once into the PyTorch backend's LLM API in the same process, with the engine's
 * defaults and the limits trtllm-bench works out for itself when the command does not give them.
 */
final class TrtllmBenchLaunch {

    /** {@code $num_requests} per input and output length, the document's table. */
    private static final Map<List<Integer>, Integer> REQUESTS = Map.of(
            List.of(128, 128), 30000, List.of(128, 2048), 3000, List.of(128, 4096), 1500,
            List.of(1000, 2000), 1500, List.of(2048, 128), 3000, List.of(2048, 2048), 1500,
            List.of(5000, 500), 1500, List.of(1000, 1000), 3000, List.of(500, 2000), 3000,
            List.of(20000, 2000), 1000);

    /** The KV cache fraction the document names as trtllm-bench's default ("the default setting of 0.90"). */
    static final double KV_CACHE_FREE_GPU_MEM_FRACTION = 0.90;

    private static final double GIB = 1024.0 * 1024 * 1024;

    private TrtllmBenchLaunch() {
    }

    /** Whether a row of the public file is one of these runs: TensorRT-LLM, offline, and its notes name the tool. */
    static boolean describes(Map<String, String> row) {
        return row.get("engine").startsWith("TensorRT-LLM") && row.get("concurrency_or_batch").contains("offline")
                && row.getOrDefault("notes", "").contains("trtllm-bench throughput");
    }

    /** Why such a run is not compared: a layout the models do not describe, or lengths the document gives no count for. */
    static Optional<String> whyNotRead(Map<String, String> row, int inputTokens, int outputTokens) {
        if (row.getOrDefault("notes", "").contains("attention-DP")) {
            return Optional.of("attention data parallelism (trtllm-bench's MoE options), not modelled");
        }
        if (!REQUESTS.containsKey(List.of(inputTokens, outputTokens))) {
            return Optional.of("trtllm-bench run of " + inputTokens + "/" + outputTokens
                    + " tokens: the document states no request count for it");
        }
        return Optional.empty();
    }

    /** The requests the run queued, all at once. */
    static int requests(int inputTokens, int outputTokens) {
        return REQUESTS.get(List.of(inputTokens, outputTokens));
    }

    /**
     * The engine limits trtllm-bench sets when not given them: {@code calc_engine_setting} and
     * {@code finetune_setting} (NVIDIA/TensorRT-LLM {@code tensorrt_llm/bench/build/tuning.py} @
     * 04cba882084a25665e7f80f5bda71b35b9790b6f): the requests of ISL + OSL tokens the KV cache would hold (the device
     * memory as NVML reports it, less the weights, times the KV fraction; every TP rank holds at least one KV head),
     * rounded up to a batch, and tokens for that batch's prompts; without chunked prefill at least the longest prompt
     * plus that batch ({@code get_settings}, {@code tensorrt_llm/bench/benchmark/utils/general.py} @
     * 0171265edef1c67ef334e0db2427148161aa2815).
     *
     * @param deviceBytes       one GPU's memory as NVML reports it
     * @param weightBytesPerParam the checkpoint's bytes per parameter (1 for FP8)
     * @param kvBytesPerElement the KV cache's bytes per element (1 for an FP8 cache)
     */
    static Limits limits(ModelSpec model, double deviceBytes, int tensorParallel, int inputTokens, int outputTokens,
            double weightBytesPerParam, double kvBytesPerElement) {
        double kvGibPerToken = 0;
        for (LayerSpec layer : model.layers()) {
            if (layer.mixer() instanceof AttentionMixer a) {
                kvGibPerToken += 2.0 * Math.max(tensorParallel, a.numKvHeads()) * a.headDim() * kvBytesPerElement / GIB;
            }
        }
        double engineGib = model.totalParams() * weightBytesPerParam / GIB;
        double cacheGib = (deviceBytes / GIB * tensorParallel - engineGib) * KV_CACHE_FREE_GPU_MEM_FRACTION;
        double requests = cacheGib / (kvGibPerToken * (inputTokens + outputTokens));
        double rawBatch = Math.min(requests, 4096);
        double rawTokens = Math.min(rawBatch * (1 + (double) inputTokens / outputTokens), 32768);
        int batch;
        if (rawBatch < 256) {
            batch = Math.max(64, 32 * (int) Math.ceil(rawBatch / 32));
        } else if (rawBatch < 1024) {
            batch = 128 * (int) Math.ceil(rawBatch / 128);
        } else {
            batch = 256 * (int) Math.ceil(rawBatch / 256);
        }
        int tokens;
        if (rawTokens < 4096) {
            tokens = Math.max(2048, 256 * (int) Math.ceil(rawTokens / 256));
        } else if (rawTokens < 8192) {
            tokens = 512 * (int) Math.ceil(rawTokens / 512);
        } else {
            tokens = 1024 * (int) Math.ceil(rawTokens / 1024);
        }
        return new Limits(batch, Math.max(tokens, inputTokens + batch));
    }

    /** trtllm-bench's {@code max_batch_size} and {@code max_num_tokens}. */
    record Limits(int maxBatchSize, int maxNumTokens) {
    }
}
