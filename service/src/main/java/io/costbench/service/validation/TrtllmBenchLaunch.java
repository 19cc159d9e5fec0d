package io.costbench.service.validation;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import io.costbench.engine.data.DataFiles;
import io.costbench.engine.model.AttentionMixer;
import io.costbench.engine.model.LayerSpec;
import io.costbench.engine.model.ModelCatalog;
import io.costbench.engine.model.ModelSpec;
import io.costbench.engine.model.Precision;
import io.costbench.gpu.GpuAcceleratorModel;

/**
 * How {@code trtllm-bench throughput} ran the runs of TensorRT-LLM's own performance tables
 * ({@code catalog/validation/trtllm-bench-perf-overview.json}, which names the document): a dataset of fixed lengths
 * whose requests are all queued at once into the PyTorch backend's LLM API in the same process, with the engine's
 * defaults (its overlap scheduler, the async-scheduling switch), decode graphs up to its max batch, the checkpoint's
 * FP8 KV cache and the limits trtllm-bench works out for itself when the command does not give them.
 */
final class TrtllmBenchLaunch {

    /** The document's columns this project holds (the shared public file holds the H100 Llama-3.1-8B one). */
    static final String FILE = "trtllm-bench-perf-overview.json";
    private static final String RESOURCE = "catalog/validation/" + FILE;
    /**
     * TensorRT-LLM's overlap scheduler (its default loop), and decode graphs captured and padded up to trtllm-bench's
     * max batch ({@code get_settings}: {@code cuda_graph_config} {@code padding_enabled}, {@code max_batch_size} its
     * own), so that no decode step runs eagerly.
     */
    private static final Set<String> SWITCHES = Set.of("async-scheduling", "cuda-graphs-to-max-batch");
    private static final double GIB = 1024.0 * 1024 * 1024;

    private final Map<String, Integer> requestsByLengths;
    private final double kvCacheFreeGpuMemFraction;
    private final String kvCacheDtype;
    private final List<Map<String, Object>> tables;
    private final GpuAcceleratorModel gpus = GpuAcceleratorModel.fromCatalog();

    @SuppressWarnings("unchecked")
    private TrtllmBenchLaunch(Map<String, Object> data) {
        Map<String, Object> requests = (Map<String, Object>) data.get("requests");
        Map<String, Number> byLengths = (Map<String, Number>) requests.get("byLengths");
        this.requestsByLengths = byLengths.entrySet().stream()
                .collect(Collectors.toUnmodifiableMap(Map.Entry::getKey, e -> e.getValue().intValue()));
        this.kvCacheFreeGpuMemFraction = ((Number) ((Map<String, Object>) data.get("kvCacheFreeGpuMemFraction"))
                .get("value")).doubleValue();
        this.kvCacheDtype = (String) ((Map<String, Object>) data.get("kvCacheDtype")).get("value");
        this.tables = (List<Map<String, Object>>) data.get("tables");
    }

    /** The document's settings and columns, as the project's data file holds them. */
    static TrtllmBenchLaunch standard() {
        return new TrtllmBenchLaunch(DataFiles.object(RESOURCE));
    }

    /** Whether a row of the public file is one of these runs: TensorRT-LLM, offline, and its notes name the tool. */
    static boolean describes(Map<String, String> row) {
        return row.get("engine").startsWith("TensorRT-LLM") && row.get("concurrency_or_batch").contains("offline")
                && row.getOrDefault("notes", "").contains("trtllm-bench throughput");
    }

    /** Why such a run is not compared: a layout the models do not describe, or lengths the document gives no count for. */
    Optional<String> whyNotRead(Map<String, String> row, int inputTokens, int outputTokens) {
        if (row.getOrDefault("notes", "").contains("attention-DP")) {
            return Optional.of("attention data parallelism (trtllm-bench's MoE options), not modelled");
        }
        if (!requestsByLengths.containsKey(inputTokens + "/" + outputTokens)) {
            return Optional.of("trtllm-bench run of " + inputTokens + "/" + outputTokens
                    + " tokens: the document states no request count for it");
        }
        return Optional.empty();
    }

    /** The requests the run queued, all at once. */
    int requests(int inputTokens, int outputTokens) {
        return requestsByLengths.get(inputTokens + "/" + outputTokens);
    }

    /** The runs of the data file's columns, one measurement each. */
    @SuppressWarnings("unchecked")
    List<Measurement> tableRuns() {
        List<Measurement> runs = new ArrayList<>();
        for (Map<String, Object> table : tables) {
            Map<String, Number> throughput = (Map<String, Number>) table.get("outputTokensPerSecond");
            throughput.forEach((lengths, tokensPerSecond) -> {
                String[] io = lengths.split("/");
                runs.add(run(FILE, (String) table.get("hardware"), "TensorRT-LLM " + table.get("checkpoint"),
                        (String) table.get("model"), (String) table.get("precision"),
                        ((Number) table.get("tensorParallel")).intValue(), Integer.parseInt(io[0]),
                        Integer.parseInt(io[1]), tokensPerSecond.doubleValue()));
            });
        }
        return runs;
    }

    /** One run: every request queued at once, in process, with the engine's limits trtllm-bench derives. */
    Measurement run(String file, String hardwareId, String engineLabel, String modelId, String precision,
            int tensorParallel, int inputTokens, int outputTokens, double outputTokensPerSecond) {
        int requests = requests(inputTokens, outputTokens);
        Limits limits = limits(ModelCatalog.standard().get(modelId),
                gpus.hardwareBytes(hardwareId), tensorParallel, inputTokens, outputTokens,
                Precision.parse(precision).bytesPerElement(), Precision.parse(kvCacheDtype).bytesPerElement());
        Map<ValidationMetric, Double> measured = new EnumMap<>(ValidationMetric.class);
        measured.put(ValidationMetric.OUTPUT_THROUGHPUT, outputTokensPerSecond);
        String label = String.format("%s %s %s tp%d %d/%d trtllm-bench (%d requests at once)", hardwareId, engineLabel,
                precision, tensorParallel, inputTokens, outputTokens, requests);
        return new Measurement(file, label, hardwareId, "trtllm", modelId, precision, tensorParallel, inputTokens,
                outputTokens, requests, requests, measured, false, "public", 1.0, kvCacheDtype, SWITCHES,
                false, null, limits.maxNumTokens(), List.of());
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
     * @param deviceBytes         one GPU's memory as NVML reports it
     * @param weightBytesPerParam the checkpoint's bytes per parameter (1 for FP8)
     * @param kvBytesPerElement   the KV cache's bytes per element (1 for an FP8 cache)
     */
    Limits limits(ModelSpec model, double deviceBytes, int tensorParallel, int inputTokens, int outputTokens,
            double weightBytesPerParam, double kvBytesPerElement) {
        double kvGibPerToken = 0;
        for (LayerSpec layer : model.layers()) {
            if (layer.mixer() instanceof AttentionMixer a) {
                kvGibPerToken += 2.0 * Math.max(tensorParallel, a.numKvHeads()) * a.headDim() * kvBytesPerElement / GIB;
            }
        }
        double engineGib = model.totalParams() * weightBytesPerParam / GIB;
        double cacheGib = (deviceBytes / GIB * tensorParallel - engineGib) * kvCacheFreeGpuMemFraction;
        double requests = cacheGib / (kvGibPerToken * (inputTokens + outputTokens));
        double rawBatch = Math.min(requests, 4096);
        double rawTokens = Math.min(rawBatch * (1 + (double) inputTokens / outputTokens), 32768);
        // finetune_setting's steps: batches of 32 from 64, of 128 from 256, of 256 from 1024; tokens of 256 from 2048,
        // of 512 from 4096, of 1024 from 8192
        int batch = rawBatch < 256 ? Math.max(64, ceilTo(rawBatch, 32))
                : rawBatch < 1024 ? ceilTo(rawBatch, 128) : ceilTo(rawBatch, 256);
        int tokens = rawTokens < 4096 ? Math.max(2048, ceilTo(rawTokens, 256))
                : rawTokens < 8192 ? ceilTo(rawTokens, 512) : ceilTo(rawTokens, 1024);
        return new Limits(batch, Math.max(tokens, inputTokens + batch));
    }

    private static int ceilTo(double value, int step) {
        return step * (int) Math.ceil(value / step);
    }

    /** trtllm-bench's {@code max_batch_size} and {@code max_num_tokens}. */
    record Limits(int maxBatchSize, int maxNumTokens) {
    }
}
