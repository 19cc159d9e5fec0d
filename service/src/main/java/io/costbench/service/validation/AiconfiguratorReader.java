package io.costbench.service.validation;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.costbench.engine.data.CsvRows;

/**
 * {@code aiconfigurator-silicon-h100-h200.csv} (read from the shared folder, never copied into the repository):
 * aggregated-serving rows with plain tensor parallelism (no attention-DP, expert parallelism or pipeline stages, which
 * the models do not describe). TTFT and TPOT are measured means; output throughput is derived from them for a closed
 * loop, concurrency x OSL / (TTFT + (OSL - 1) x TPOT), and marked as derived.
 *
 * <p>Rows whose {@code silicon_data_source} is an InferenceX nightly dump ({@code source_file=<date>.csv; model=...;
 * wip=...}) are run as InferenceX's launch scripts run them (SemiAnalysisAI/InferenceX
 * benchmarks/70b_fp8_h100_slurm.sh @ 2a205bb3, 70b_fp8_h200_slurm.sh @ 409e9a48, 70b_fp8_h200_trt_slurm.sh @
 * 73ef9225; .github/workflows/benchmark-tmpl.yml @ 00983c3e): {@code --random-range-ratio 0.8}, 10 x concurrency
 * prompts, FP8 KV cache. Their vLLM scripts also set {@code async-scheduling: true}, but the rows' TPOT shows the
 * step's host work exposed (H100 Llama-3.1-70B median |TPOT error| 4.5% with it exposed, 15.6% with it hidden; H200
 * 5.6% vs 14.6%), so the vLLM image the dump ran (its version is not in the file) did not overlap it and the rows run
 * without the switch. AIConfigurator's own collections do not document their client; they run as its generator
 * deploys and benchmarks a worker, the reading the SGLang rows' mixed chunks already take ({@link
 * #SGLANG_MIXED_CHUNK_VERSIONS}): with fixed lengths, the engine's default KV cache, the generator's step budget
 * ({@link #GENERATOR_STEP_TOKENS_OVER_PROMPT}), its CUDA graphs ({@link #aiconfiguratorOptions}) and through the
 * server's front end, as its benchmark clients reach the deployed endpoint. Read in-process with the engines' default
 * budgets (before the twenty-fifth round) their TTFT sat far from the measured one (H100 TensorRT-LLM median 45.5%,
 * 31.8% read so before the profile's refit, 32.8% after, 31.0% with the generator's graphs) and kept less of itself
 * across TP than the rows do (README, "Where the GPU model stands"); either half alone is worse (the front end alone:
 * H100 vLLM TTFT 18.9 -> 31.9%; the budget alone: H100 TensorRT-LLM 45.5 -> 65.2%).
 */
public final class AiconfiguratorReader {

    public static final String FILE = "aiconfigurator-silicon-h100-h200.csv";
    private static final Pattern INFERENCEX_DUMP =
            Pattern.compile("^source_file=\\d{4}-\\d{2}-\\d{2}\\.csv; model=.*wip=");
    /**
     * InferenceX's results database ({@code db-dump/<date>; config_id=...; workflow_run_id=...; <image>}): the same
     * GitHub-workflow runs as the nightly dumps (the 33 MiniMax-M2.5 H200 rows repeat dump rows value for value), so
     * they run as InferenceX runs and a row already read from a dump is not counted twice.
     */
    private static final Pattern INFERENCEX_DB =
            Pattern.compile("^db-dump/\\d{4}-\\d{2}-\\d{2}; config_id=\\d+;.*workflow_run_id=");
    /** The major and minor number that open a version string ("0.16.0", "1.2.0rc6.post1"). */
    private static final Pattern MAJOR_MINOR = Pattern.compile("^(\\d+)\\.(\\d+)");
    /** InferenceX's benchmark-tmpl.yml: RANDOM_RANGE_RATIO 0.8. */
    static final double INFERENCEX_RANGE_RATIO = 0.8;
    /**
     * The token budget InferenceX launches TensorRT-LLM with: {@code trtllm-serve ... --max_num_tokens 16384}
     * ({@code benchmarks/70b_fp8_h200_trt_slurm.sh} @ a267b4bd, and two other stored forms of the script). One stored
     * form (@ 73ef9225) passes {@code $MAX_MODEL_LEN} instead (the prompt plus the answer, 2048 to 9216 tokens); the
     * rows' date does not say which ran them (README, "Where the GPU model stands").
     */
    static final int INFERENCEX_TRTLLM_MAX_NUM_TOKENS = 16384;

    /**
     * The step budget AIConfigurator's generator launches an aggregated vLLM or TensorRT-LLM worker with, over the
     * prompt: {@code agg max_num_tokens = max_batch_size + isl + 1500} (ai-dynamo/aiconfigurator
     * {@code src/aiconfigurator/generator/rule_plugin/benchmark/vllm.rule} @ 2b264ba7 and
     * {@code rule_plugin/benchmark/trtllm.rule} @ 581e4591, whose benchmark concurrency is the worker's max_batch_size,
     * the rows' batch_size). Its SGLang rule sets {@code max_prefill_tokens = isl + 1500} instead, which the reader
     * does not apply: SGLang's {@code PrefillAdder} lets a prefill batch's first prompt exceed it and stops adding
     * prompts once it is spent, the running decodes counted against it under {@code --enable-mixed-chunk}
     * ({@code python/sglang/srt/managers/schedule_policy.py}), but simulated so the 0.5.6.post2 H200 rows read worse
     * (README, "Where the GPU model stands", thirty-second round).
     */
    static final int GENERATOR_STEP_TOKENS_OVER_PROMPT = 1500;

    /**
     * The SGLang versions whose aggregated workers AIConfigurator's generator launches with {@code --enable-mixed-chunk}.
     * Its SGLang rule sets {@code agg enable_mixed_chunk = true} (ai-dynamo/aiconfigurator
     * {@code src/aiconfigurator/generator/rule_plugin/sglang.rule} @ 77937d71 and {@code rule_plugin/benchmark/sglang.rule}
     * @ 043c66c5, whose benchmark concurrency is the workers' max_batch_size, the rows' batch_size), mapped to the
     * template key {@code enable-mixed-chunk} ({@code generator/config/backend_config_mapping.yaml} @ 043c66c5). The
     * per-version templates for 0.5.3.post2 and 0.5.4.post3 (@ 11324a64) and 0.5.6.post2 (@ ff1a4aa6) emit the flag for
     * that key; the 0.5.1.post1 template and the generic one (@ 5dc6d4f9) test {@code enable-mix-chunk}, which nothing
     * sets, so their workers run SGLang's default, prompts in prefill steps of their own. The file does not say the
     * rows were launched through the generator; the collections behave as if they were: the 0.5.1.post1 H100 rows'
     * TTFT is the wave's prefill and their TPOT pure decode, while the 0.5.6.post2 H200 rows' TTFT is far below such
     * waves (README, "Where the GPU model stands", twenty-first round). AIConfigurator's own queueing model makes the
     * same reading of its SGLang deployments ({@code src/aiconfigurator/sdk/queueing/calendar.py} @ 093fe28f,
     * {@code AlternatingCalendar}: mixed chunks by default, as the generator deploys them).
     */
    static final Set<String> SGLANG_MIXED_CHUNK_VERSIONS = Set.of("0.5.3.post2", "0.5.4.post3", "0.5.6.post2");

    /**
     * What an InferenceX launch script sets that the rows do not carry. The scripts are per model: the FP8 ones above
     * (Llama, and the MiniMax runs read with them) pass an FP8 KV cache; the gpt-oss ones
     * ({@code benchmarks/gptoss_fp4_h100.sh} @ 1fc5d73c, {@code gptoss_fp4_h200.sh} @ 16cd9556: no
     * {@code --kv-cache-dtype}, {@code VLLM_MXFP4_USE_MARLIN=1}; {@code gptoss_fp4_h200_trt.sh} @ 111f0312:
     * {@code kv_cache_config: dtype: auto}, {@code --max_num_tokens 20000}, {@code num_postprocess_workers: 4} with
     * {@code stream_interval: 20}, CUDA graphs padded, no batch waiting) keep the engine's KV cache. gpt-oss's
     * TensorRT-LLM runs spread the experts whole over the ranks: the script passes {@code --ep_size=$EP_SIZE}, and
     * every search-space entry of its configuration sets ep to the TP ({@code .github/configs/nvidia-master.yaml} @
     * 0004cf5f, 48f302cc and 8eec0d4e, {@code gptoss-fp4-h200-trt}: "For all sequence lengths, EP=TP,
     * DP_ATTENTION=false"), whatever moe_ep_size the dump then records.
     *
     * @param kvCacheDtype         the KV cache the script asks for
     * @param trtllmMaxNumTokens   the TensorRT-LLM token budget
     * @param trtllmBatchWaiting   whether the TensorRT-LLM script waits for batches (1k/1k below TP 8)
     * @param trtllmExpertParallel whether the TensorRT-LLM runs put whole experts on each of the TP ranks
     */
    record InferencexLaunch(String kvCacheDtype, int trtllmMaxNumTokens, boolean trtllmBatchWaiting,
            boolean trtllmExpertParallel) {

        static final InferencexLaunch FP8 = new InferencexLaunch("fp8", INFERENCEX_TRTLLM_MAX_NUM_TOKENS, true, false);
        static final InferencexLaunch GPT_OSS = new InferencexLaunch("auto", 20000, false, true);

        /** The launch of a catalog model's script: gpt-oss's own, else the FP8 scripts'. */
        static InferencexLaunch of(String model) {
            return "gpt-oss-120b".equals(model) ? GPT_OSS : FP8;
        }
    }

    private AiconfiguratorReader() {
    }

    public static List<Measurement> read(Path file) {
        return read(file, reason -> {
        });
    }

    /**
     * @param leftOut told, for every row of the file not read, why (the first of: disaggregated serving, hardware,
     *                engine, model or precision the catalog does not cover, a parallel layout the models do not
     *                describe, a repeat of a row already read)
     */
    public static List<Measurement> read(Path file, Consumer<String> leftOut) {
        List<Measurement> measurements = new ArrayList<>();
        List<Map<String, String>> rows = CsvRows.read(file);
        // AIConfigurator's own gap analyses copy InferenceX's figures, rounded (and InferenceX's dumps may mislabel a
        // run's TP): the InferenceX copy, whose client and launch script are documented, is the one read.
        Set<String> fromInferenceX = new HashSet<>();
        rows.stream().filter(AiconfiguratorReader::inferenceX).forEach(r -> fromInferenceX.add(figures(r)));
        // A TP x EP label whose figures another InferenceX row carries is that run, labelled twice.
        Set<String> plainInferenceX = new HashSet<>();
        rows.stream().filter(r -> inferenceX(r) && !tpTimesEpLabel(r)).forEach(r -> plainInferenceX.add(figures(r)));
        Set<String> seen = new HashSet<>();
        for (Map<String, String> row : rows) {
            Optional<String> why = whyNotRead(row);
            if (why.isPresent()) {
                leftOut.accept(why.get());
            } else if (!inferenceX(row) && fromInferenceX.contains(figures(row))
                    || tpTimesEpLabel(row) && plainInferenceX.contains(figures(row)) || !seen.add(identity(row))) {
                leftOut.accept("repeats a row already read (same configuration and figures)");
            } else {
                measurements.add(toMeasurement(row));
            }
        }
        return measurements;
    }

    /**
     * One measurement however many times the file lists it: the configuration and the measured figures, to the
     * hundredth of a millisecond (a copy may round them).
     */
    private static String identity(Map<String, String> r) {
        return String.join("|", r.get("system"), r.get("backend"), r.get("model_path"), r.get("precision"),
                r.get("isl"), r.get("osl"), r.get("batch_size"), r.get("tp_size"), hundredths(r.get("silicon_ttft_ms")),
                hundredths(r.get("silicon_tpot_ms")));
    }

    /** What a copy of a measurement keeps whatever its labels: the workload and the figures, to the hundredth. */
    private static String figures(Map<String, String> r) {
        return String.join("|", r.get("system"), r.get("backend"), r.get("model_path"), r.get("isl"), r.get("osl"),
                r.get("batch_size"), hundredths(r.get("silicon_ttft_ms")), hundredths(r.get("silicon_tpot_ms")));
    }

    private static String hundredths(String ms) {
        return String.format(Locale.ROOT, "%.2f", Double.parseDouble(ms));
    }

    private static boolean inferenceX(Map<String, String> r) {
        String origin = r.getOrDefault("silicon_data_source", "");
        return INFERENCEX_DUMP.matcher(origin).find() || INFERENCEX_DB.matcher(origin).find();
    }

    /** Why a row is not compared, or empty when the models describe it. */
    private static Optional<String> whyNotRead(Map<String, String> r) {
        if (!"agg".equals(r.get("mode"))) {
            return Optional.of("disaggregated serving (separate prefill and decode workers), not modelled");
        }
        Optional<String> uncovered = CatalogIds.uncovered(r.get("system"), r.get("backend"), r.get("model_path"),
                r.get("precision"));
        if (uncovered.isPresent()) {
            return uncovered;
        }
        if (!oneOrBlank(r.get("attention_dp_size")) || !oneOrBlank(r.get("pp_size")) || impliedAttentionDp(r)) {
            return Optional.of("attention data parallelism or pipeline stages, not modelled");
        }
        if (!oneOrBlank(r.get("moe_ep_size")) && !labelledExpertParallel(r)) {
            return Optional.of("experts split over both tensor- and expert-parallel ranks, not modelled");
        }
        return Optional.empty();
    }

    /**
     * An MoE row whose experts span more GPUs than its attention's TP, with attention_dp_size left blank: AIConfigurator
     * requires tp_size x attention_dp_size = moe_tp_size x moe_ep_size (ai-dynamo/aiconfigurator
     * {@code src/aiconfigurator/sdk/config.py}, {@code ModelConfig.resolve_moe_parallelism}), so the rest of that width
     * is attention data parallelism (vLLM's {@code --data-parallel-size}, whose MoE layers shard over every DP x TP
     * rank: vllm-project/vllm {@code vllm/model_executor/layers/fused_moe/config.py} @ 00c1c6a2,
     * {@code FusedMoEParallelConfig.make}, {@code flatten_tp_across_dp}), not a TP deployment.
     */
    private static boolean impliedAttentionDp(Map<String, String> r) {
        String moeTp = r.get("moe_tp_size");
        String moeEp = r.get("moe_ep_size");
        if (moeTp == null || moeTp.isBlank() || moeEp == null || moeEp.isBlank()) {
            return false;
        }
        // Dense rows state moe_tp = moe_ep = 1 (or 0) whatever their TP: only a wider expert width means anything.
        return Integer.parseInt(moeTp) * Integer.parseInt(moeEp) > Integer.parseInt(r.get("tp_size"));
    }

    /**
     * Experts spread whole over the TP ranks rather than split over them: as the row records it, or as its launch sets
     * it whatever the row records ({@link #launchSetsEpToTp}).
     */
    private static boolean expertParallel(Map<String, String> r) {
        return labelledExpertParallel(r) || launchSetsEpToTp(r) && tensorParallel(r) > 1;
    }

    /** The row records experts whole on its TP ranks: moe_ep = TP and moe_tp 1, or a TP x EP label. */
    private static boolean labelledExpertParallel(Map<String, String> r) {
        if (tpTimesEpLabel(r)) {
            return true;
        }
        int tp = Integer.parseInt(r.get("tp_size"));
        return tp > 1 && String.valueOf(tp).equals(r.get("moe_ep_size")) && oneOrBlank(r.get("moe_tp_size"));
    }

    /**
     * An InferenceX TensorRT-LLM run whose launch passes {@code --ep_size} = TP (gpt-oss's, {@link InferencexLaunch}).
     */
    private static boolean launchSetsEpToTp(Map<String, String> r) {
        return inferenceX(r) && "trtllm".equals(r.get("backend"))
                && CatalogIds.model(r.get("model_path")).map(m -> InferencexLaunch.of(m).trtllmExpertParallel())
                        .orElse(false);
    }

    /**
     * A run of a launch that sets {@code --ep_size} to the TP ({@link #launchSetsEpToTp}) that a dump records as
     * tp_size k x k, moe_tp_size k and moe_ep_size k: one node holds 8 GPUs (the script's {@code --gpus_per_node 8}),
     * so tp_size 16 and 64 cannot be GPUs, and each such row measures within 3.3% of the same workload's TP k row
     * (TP 2, 4, 8 at 4 clients, 1k/1k: 5.90 / 4.94 / 4.31 ms against 5.85 / 4.98 / 4.38 ms TPOT). Read as TP k,
     * experts whole on the k ranks.
     */
    private static boolean tpTimesEpLabel(Map<String, String> r) {
        if (!launchSetsEpToTp(r) || oneOrBlank(r.get("moe_ep_size"))
                || !r.get("moe_ep_size").equals(r.get("moe_tp_size"))) {
            return false;
        }
        int k = Integer.parseInt(r.get("moe_ep_size"));
        return k * k == Integer.parseInt(r.get("tp_size"));
    }

    private static int tensorParallel(Map<String, String> r) {
        return tpTimesEpLabel(r) ? Integer.parseInt(r.get("moe_ep_size")) : Integer.parseInt(r.get("tp_size"));
    }

    private static Measurement toMeasurement(Map<String, String> r) {
        String model = CatalogIds.model(r.get("model_path")).orElseThrow();
        String profile = CatalogIds.profile(r.get("backend")).orElseThrow();
        String hardware = CatalogIds.hardware(r.get("system")).orElseThrow();
        String precision = CatalogIds.precision(r.get("precision")).orElseThrow();
        int isl = Integer.parseInt(r.get("isl"));
        int osl = Integer.parseInt(r.get("osl"));
        int concurrency = Integer.parseInt(r.get("batch_size"));
        int tp = tensorParallel(r);
        boolean expertParallel = expertParallel(r);
        double ttft = Double.parseDouble(r.get("silicon_ttft_ms"));
        double tpot = Double.parseDouble(r.get("silicon_tpot_ms"));
        Map<ValidationMetric, Double> measured = new EnumMap<>(ValidationMetric.class);
        measured.put(ValidationMetric.TTFT, ttft);
        measured.put(ValidationMetric.TPOT, tpot);
        measured.put(ValidationMetric.OUTPUT_THROUGHPUT, concurrency * osl / ((ttft + (osl - 1) * tpot) / 1e3));
        String label = String.format("%s %s %s %s tp%d %d/%d c=%d", hardware, r.get("backend"), model, precision, tp,
                isl, osl, concurrency);
        boolean inferencex = inferenceX(r);
        InferencexLaunch launch = InferencexLaunch.of(model);
        Measurement m = Measurement.builder().source(FILE, label, inferencex ? "inferencex" : "aiconfigurator")
                .deployment(hardware, profile, model, precision, tp).lengths(isl, osl)
                .load(concurrency, inferencex ? 10 * concurrency : 0).measured(measured, true)
                .rangeRatio(inferencex ? INFERENCEX_RANGE_RATIO : 1.0)
                .kvCacheDtype(inferencex ? launch.kvCacheDtype() : "auto")
                .engineOptions(withExpertParallel(inferencex
                        ? inferencexOptions(r.get("backend"), r.get("backend_version"), isl, osl, tp, launch)
                        : aiconfiguratorOptions(r.get("backend"), r.get("backend_version")), expertParallel))
                .viaServer(true).build();
        if (inferencex) {
            return "trtllm".equals(r.get("backend")) ? m.withMaxBatchedTokens(launch.trtllmMaxNumTokens()) : m;
        }
        return "sglang".equals(r.get("backend")) ? m
                : m.withMaxBatchedTokens(concurrency + isl + GENERATOR_STEP_TOKENS_OVER_PROMPT);
    }


    private static Set<String> withExpertParallel(Set<String> options, boolean expertParallel) {
        if (!expertParallel) {
            return options;
        }
        Set<String> with = new TreeSet<>(options);
        with.add("expert-parallel");
        return with;
    }

    /**
     * The engine's version defaults plus what InferenceX's TensorRT-LLM launch script turns on
     * (SemiAnalysisAI/InferenceX {@code benchmarks/70b_fp8_h200_trt_slurm.sh} @ 73ef9225): {@code trtllm-serve
     * --num_postprocess_workers 2} with {@code stream_interval: 10} takes the response handling out of the executor
     * loop, so the overlap scheduler (TensorRT-LLM's default) hides the step's host work ("async-scheduling"; the
     * AIConfigurator collection's rows show it exposed, the profile's hostOverlap); CUDA graphs padded to the captured
     * batch sizes ({@code cuda_graph_config: enable_padding: true}); and batch waiting
     * ({@code batch_wait_timeout_iters: 20}, {@code batch_wait_max_tokens_ratio: 0.9}) for 1k/1k below TP 8.
     */
    static Set<String> inferencexOptions(String backend, String version, int isl, int osl, int tp,
            InferencexLaunch launch) {
        Set<String> options = new TreeSet<>(engineOptions(backend, version));
        if ("trtllm".equals(backend)) {
            options.add("async-scheduling");
            options.add("cuda-graph-padding");
            if (launch.trtllmBatchWaiting() && isl == 1024 && osl == 1024 && tp < 8) {
                options.add("batch-waiting");
            }
        }
        return options;
    }

    /**
     * Switches the engine's own defaults turn on for the row's version: vLLM schedules asynchronously by default from
     * v0.14.0 (vllm-project/vllm#27614, the last item of the async-scheduling plan #27679; DJL's v0.14 upgrade note
     * djl#3833), so a row that names v0.14 or later runs with the step's host work hidden. Rows without a version
     * keep the engine's older default.
     */
    static Set<String> engineOptions(String backend, String version) {
        if ("vllm".equals(backend) && atLeast(version, 0, 14)) {
            return Set.of("async-scheduling");
        }
        return Set.of();
    }

    /**
     * The engine's defaults plus what AIConfigurator's generator launches the row's version with: SGLang's
     * {@code --enable-mixed-chunk} where its template for the version emits it ({@link #SGLANG_MIXED_CHUNK_VERSIONS});
     * TensorRT-LLM with a CUDA graph for every decode batch the clients can make. Its rule captures every size from 1
     * to the worker's max batch, the rows' concurrency (ai-dynamo/aiconfigurator
     * {@code rule_plugin/benchmark/trtllm.rule} @ 581e4591: {@code cuda_graph_batch_sizes = range(1, max_batch_size +
     * 1)}), written to {@code cuda_graph_config.batch_sizes} ({@code config/backend_config_mapping.yaml} @ 043c66c5,
     * {@code backend_templates/trtllm/extra_engine_args.1.0.0rc3.yaml.j2} @ 71a2b033) in place of TensorRT-LLM's own
     * 1-31, 32, 64, 128; so no decode batch runs eagerly, which the engine's "cuda-graph-padding" switch prices (every
     * decode batch up to the capture's end replays a graph).
     */
    static Set<String> aiconfiguratorOptions(String backend, String version) {
        Set<String> options = new TreeSet<>(engineOptions(backend, version));
        if ("sglang".equals(backend) && SGLANG_MIXED_CHUNK_VERSIONS.contains(version == null ? "" : version.trim())) {
            options.add("mixed-chunk");
        }
        if ("trtllm".equals(backend)) {
            options.add("cuda-graph-padding");
        }
        return options;
    }

    private static boolean atLeast(String version, int major, int minor) {
        Matcher m = MAJOR_MINOR.matcher(version == null ? "" : version.trim());
        if (!m.find()) {
            return false;
        }
        int ma = Integer.parseInt(m.group(1));
        int mi = Integer.parseInt(m.group(2));
        return ma > major || (ma == major && mi >= minor);
    }

    private static boolean oneOrBlank(String value) {
        return value == null || value.isBlank() || value.equals("1");
    }
}
