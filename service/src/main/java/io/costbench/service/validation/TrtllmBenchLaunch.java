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
 * How {@code trtllm-bench throughput} ran the runs of one edition of TensorRT-LLM's own performance tables
 * ({@code catalog/validation/trtllm-bench-perf-overview.json}, which names each edition's document and commit): a
 * dataset of fixed lengths whose requests are all queued at once into the PyTorch backend's LLM API in the same
 * process, with the engine's defaults (its overlap scheduler, the async-scheduling switch), decode graphs up to its max
 * batch, the checkpoint's KV cache (or the one a table's options name) and the limits trtllm-bench works out for itself
 * when the command does not give them.
 */
final class TrtllmBenchLaunch {

    /** The editions' columns this project holds (the shared public file holds the first's H100 Llama-3.1-8B one). */
    static final String FILE = "trtllm-bench-perf-overview.json";
    private static final String RESOURCE = "catalog/validation/" + FILE;
    /**
     * TensorRT-LLM's overlap scheduler (its default loop), and decode graphs captured and padded up to trtllm-bench's
     * max batch ({@code get_settings}: {@code cuda_graph_config} {@code padding_enabled}, {@code max_batch_size} its
     * own), so that no decode step runs eagerly.
     */
    private static final Set<String> SWITCHES = Set.of("async-scheduling", "cuda-graphs-to-max-batch");
    private static final double GIB = 1024.0 * 1024 * 1024;
    /**
     * The limits trtllm-bench launches a checkpoint with when its quantization is not one its heuristic is tuned for
     * (TUNED_QUANTS: NVFP4, FP8, FP8 block scales, none; an MXFP4 checkpoint is not): the LLM API's defaults,
     * max_batch_size 2048 and max_num_tokens 8192 (NVIDIA/TensorRT-LLM {@code tensorrt_llm/bench/build/build.py} @
     * 7eb710fae6ea0014028f22d791d49b46c15472af, {@code get_benchmark_engine_settings}).
     */
    static final Limits UNTUNED_DEFAULTS = new Limits(2048, 8192);

    private final String commit;
    private final boolean perGpu;
    private final Map<String, Integer> requestsByLengths;
    private final double kvCacheFreeGpuMemFraction;
    private final String kvCacheDtype;
    private final List<Map<String, Object>> tables;

    @SuppressWarnings("unchecked")
    private TrtllmBenchLaunch(Map<String, Object> data) {
        this.commit = (String) data.get("commit");
        this.perGpu = Boolean.TRUE.equals(data.get("perGpu"));
        Map<String, Object> requests = (Map<String, Object>) data.get("requests");
        Map<String, Number> byLengths = (Map<String, Number>) requests.get("byLengths");
        this.requestsByLengths = byLengths.entrySet().stream()
                .collect(Collectors.toUnmodifiableMap(Map.Entry::getKey, e -> e.getValue().intValue()));
        this.kvCacheFreeGpuMemFraction = ((Number) ((Map<String, Object>) data.get("kvCacheFreeGpuMemFraction"))
                .get("value")).doubleValue();
        this.kvCacheDtype = (String) ((Map<String, Object>) data.get("kvCacheDtype")).get("value");
        this.tables = (List<Map<String, Object>>) data.get("tables");
    }

    /**
     * The data file's editions and the GPU catalog, read once and only when a run is first needed ({@link #describes}
     * alone reads neither).
     */
    private static final class Loaded {

        @SuppressWarnings("unchecked")
        static final List<TrtllmBenchLaunch> EDITIONS = ((List<Map<String, Object>>) DataFiles.object(RESOURCE)
                .get("editions")).stream().map(TrtllmBenchLaunch::new).toList();
        static final GpuAcceleratorModel GPUS = GpuAcceleratorModel.fromCatalog();
    }

    /** Every edition's settings and columns, as the project's data file holds them, oldest first. */
    static List<TrtllmBenchLaunch> editions() {
        return Loaded.EDITIONS;
    }

    /** The edition the shared public file's runs come from (v1.0-era, @ 00f37686). */
    static TrtllmBenchLaunch standard() {
        return editions().get(0);
    }

    /** Every edition's runs. */
    static List<Measurement> allTableRuns() {
        return editions().stream().flatMap(e -> e.tableRuns().stream()).toList();
    }

    String commit() {
        return commit;
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
            int tensorParallel = ((Number) table.get("tensorParallel")).intValue();
            String cache = (String) table.getOrDefault("kvCacheDtype", kvCacheDtype);
            throughput.forEach((lengths, tokensPerSecond) -> {
                String[] io = lengths.split("/");
                runs.add(run(FILE, (String) table.get("hardware"), "TensorRT-LLM " + table.get("checkpoint"),
                        (String) table.get("model"), (String) table.get("precision"), tensorParallel,
                        Integer.parseInt(io[0]), Integer.parseInt(io[1]),
                        tokensPerSecond.doubleValue() * (perGpu ? tensorParallel : 1), cache));
            });
        }
        return runs;
    }

    /** One run with the edition's cache: every request queued at once, in process, with trtllm-bench's limits. */
    Measurement run(String file, String hardwareId, String engineLabel, String modelId, String precision,
            int tensorParallel, int inputTokens, int outputTokens, double outputTokensPerSecond) {
        return run(file, hardwareId, engineLabel, modelId, precision, tensorParallel, inputTokens, outputTokens,
                outputTokensPerSecond, kvCacheDtype);
    }

    private Measurement run(String file, String hardwareId, String engineLabel, String modelId, String precision,
            int tensorParallel, int inputTokens, int outputTokens, double outputTokensPerSecond, String cacheDtype) {
        int requests = requests(inputTokens, outputTokens);
        Precision weights = Precision.parse(precision);
        ModelSpec model = ModelCatalog.standard().get(modelId);
        // "auto" is the checkpoint's own cache: the model's activations (BF16) where it carries no KV quantization
        double kvBytes = (cacheDtype.equals("auto") ? Precision.BF16 : Precision.parse(cacheDtype)).bytesPerElement();
        Limits limits = weights == Precision.MXFP4
                ? UNTUNED_DEFAULTS.withoutChunkedPrefill(inputTokens)
                : limits(model, Loaded.GPUS.hardwareBytes(hardwareId), tensorParallel, inputTokens, outputTokens,
                        weights.bytesPerElement(), kvBytes);
        Map<ValidationMetric, Double> measured = new EnumMap<>(ValidationMetric.class);
        measured.put(ValidationMetric.OUTPUT_THROUGHPUT, outputTokensPerSecond);
        String label = String.format("%s %s %s tp%d %d/%d trtllm-bench (%d requests at once)", hardwareId, engineLabel,
                precision, tensorParallel, inputTokens, outputTokens, requests);
        return Measurement.builder().source(file, label, "public")
                .deployment(hardwareId, "trtllm", modelId, precision, tensorParallel).lengths(inputTokens, outputTokens)
                .load(requests, requests).measured(measured, false).kvCacheDtype(cacheDtype).engineOptions(SWITCHES)
                .maxBatchedTokens(limits.maxNumTokens()).build();
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
        return new Limits(batch, tokens).withoutChunkedPrefill(inputTokens);
    }

    private static int ceilTo(double value, int step) {
        return step * (int) Math.ceil(value / step);
    }

    /** trtllm-bench's {@code max_batch_size} and {@code max_num_tokens}. */
    record Limits(int maxBatchSize, int maxNumTokens) {

        /** Without chunked prefill a step must hold the longest prompt plus the batch ({@code get_settings}). */
        Limits withoutChunkedPrefill(int inputTokens) {
            return new Limits(maxBatchSize, Math.max(maxNumTokens, inputTokens + maxBatchSize));
        }
    }
}
