package io.costbench.gpu;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.costbench.engine.data.CsvRows;
import io.costbench.engine.model.Precision;

/**
 * The public GPU measurements the model is calibrated and validated on, read straight from the shared calibration
 * folder (never copied into the repository): {@code public-measurements.csv} (GPUStack Qwen3-8B on one H100) and
 * {@code aiconfigurator-silicon-h100-h200.csv} (aggregated-serving rows of the models we ship, without attention-DP or
 * expert parallelism, which this model does not describe).
 */
final class CalibrationData {

    static final String PUBLIC = "public-measurements.csv";
    static final String AICONFIGURATOR = "aiconfigurator-silicon-h100-h200.csv";

    /**
     * One measured scenario. Throughput for AIConfigurator rows is derived from its TTFT and TPOT (closed loop:
     * concurrency x OSL / (TTFT + (OSL - 1) x TPOT)); public rows carry the measured output throughput.
     */
    record Row(String file, String hardwareId, String profileId, String modelId, Precision precision, int tp,
            int inputTokens, int outputTokens, int concurrency, int numPrompts, double tpotMs, double ttftMs,
            double throughput, String label, double rangeRatio, boolean fp8KvCache, boolean asyncScheduling,
            boolean viaServer) {
    }

    /**
     * AIConfigurator rows that are InferenceX nightly dumps run as InferenceX runs them (random range ratio 0.8, 10 x
     * concurrency prompts, FP8 KV cache, through the server; not async scheduling, whose effect the rows do not show);
     * AIConfigurator's own collections run in-process; see the service's AiconfiguratorReader for the sources.
     */
    private static final java.util.regex.Pattern INFERENCEX_DUMP =
            java.util.regex.Pattern.compile("^source_file=\\d{4}-\\d{2}-\\d{2}\\.csv; model=.*wip=");

    private CalibrationData() {
    }

    /** The shared calibration folder from {@code costbench.shared.dir}, if it exists on this machine. */
    static Optional<Path> sharedCalibrationDir() {
        String shared = System.getProperty("costbench.shared.dir", "../shared");
        Path dir = Path.of(shared, "calibration");
        if (!Files.isDirectory(dir)) {
            dir = Path.of("..", shared, "calibration"); // run from a module directory
        }
        return Files.isDirectory(dir) ? Optional.of(dir) : Optional.empty();
    }

    static List<Row> load(Path dir) {
        List<Row> rows = new ArrayList<>();
        if (Files.exists(dir.resolve(PUBLIC))) {
            rows.addAll(publicRows(dir.resolve(PUBLIC)));
        }
        if (Files.exists(dir.resolve(AICONFIGURATOR))) {
            rows.addAll(aiconfiguratorRows(dir.resolve(AICONFIGURATOR)));
        }
        return rows;
    }

    /** GPUStack's Qwen3-8B sweep on one H100 SXM (100 ShareGPT prompts, mean 232.6 input / 220.6 output tokens). */
    static List<Row> publicRows(Path file) {
        Map<String, Map<String, String>> grouped = new LinkedHashMap<>();
        List<Map<String, String>> records = CsvRows.read(file);
        for (Map<String, String> r : records) {
            if (!r.get("hardware").startsWith("H100") || !r.get("model").equals("Qwen/Qwen3-8B")
                    || !r.get("precision").equals("BF16")) {
                continue;
            }
            String profile = profileOf(r.get("engine"));
            if (profile == null) {
                continue;
            }
            String key = profile + "|" + r.get("concurrency_or_batch");
            grouped.computeIfAbsent(key, k -> new LinkedHashMap<>()).put(r.get("metric"), r.get("value"));
        }
        List<Row> rows = new ArrayList<>();
        for (Map.Entry<String, Map<String, String>> e : grouped.entrySet()) {
            String[] parts = e.getKey().split("\\|");
            Map<String, String> m = e.getValue();
            if (!m.containsKey("TPOT_ms_mean")) {
                continue;
            }
            int concurrency = Integer.parseInt(parts[1]);
            rows.add(new Row(PUBLIC, "h100-sxm", parts[0], "qwen3-8b", Precision.BF16, 1, 233, 221, concurrency, 100,
                    Double.parseDouble(m.get("TPOT_ms_mean")), number(m.get("TTFT_ms_mean")),
                    number(m.get("output_tokens_per_s_total")),
                    "GPUStack qwen3-8b " + parts[0] + " c=" + concurrency, 1.0, false, false, true));
        }
        return rows;
    }

    static List<Row> aiconfiguratorRows(Path file) {
        List<Row> rows = new ArrayList<>();
        for (Map<String, String> r : CsvRows.read(file)) {
            String model = modelOf(r.get("model_path"));
            String profile = profileOf(r.get("backend"));
            String hardware = switch (r.get("system")) {
                case "h100_sxm" -> "h100-sxm";
                case "h200_sxm" -> "h200-sxm";
                default -> null;
            };
            // Experts over more GPUs than the attention's TP is data-parallel attention (attention_dp_size may be blank):
            // AIConfigurator requires tp x attention_dp = moe_tp x moe_ep (sdk/config.py resolve_moe_parallelism).
            boolean plainTp = isOneOrBlank(r.get("attention_dp_size")) && isOneOrBlank(r.get("moe_ep_size"))
                    && isOneOrBlank(r.get("pp_size")) && !(isNumber(r.get("moe_tp_size"))
                            && Integer.parseInt(r.get("moe_tp_size")) > Integer.parseInt(r.get("tp_size")));
            if (model == null || profile == null || hardware == null || !plainTp || !r.get("mode").equals("agg")) {
                continue;
            }
            Precision precision = r.get("precision").isBlank() ? Precision.BF16 : Precision.parse(r.get("precision"));
            int isl = Integer.parseInt(r.get("isl"));
            int osl = Integer.parseInt(r.get("osl"));
            int concurrency = Integer.parseInt(r.get("batch_size"));
            int tp = Integer.parseInt(r.get("tp_size"));
            double ttft = Double.parseDouble(r.get("silicon_ttft_ms"));
            double tpot = Double.parseDouble(r.get("silicon_tpot_ms"));
            double throughput = concurrency * osl / ((ttft + (osl - 1) * tpot) / 1e3);
            boolean inferencex = INFERENCEX_DUMP.matcher(r.getOrDefault("silicon_data_source", "")).find();
            rows.add(new Row(AICONFIGURATOR, hardware, profile, model, precision, tp, isl, osl, concurrency,
                    inferencex ? 10 * concurrency : 0, tpot, ttft, throughput, String.format(
                            "%s %s %s %s tp%d %d/%d c=%d%s", hardware, r.get("backend"), model,
                            precision.name().toLowerCase(), tp, isl, osl, concurrency, inferencex ? " (InferenceX)" : ""),
                    inferencex ? 0.8 : 1.0, inferencex, false, inferencex));
        }
        return rows;
    }

    private static boolean isNumber(String v) {
        return v != null && v.matches("\\d+");
    }

    private static boolean isOneOrBlank(String v) {
        return v == null || v.isBlank() || v.equals("1");
    }

    private static double number(String v) {
        return v == null ? Double.NaN : Double.parseDouble(v);
    }

    private static String profileOf(String engine) {
        String e = engine.toLowerCase();
        if (e.startsWith("vllm")) {
            return "vllm";
        }
        if (e.startsWith("tensorrt-llm") || e.equals("trtllm")) {
            return "trtllm";
        }
        return null;
    }

    private static String modelOf(String path) {
        return switch (path) {
            case "Qwen/Qwen3-32B" -> "qwen3-32b";
            case "Qwen/Qwen3-8B" -> "qwen3-8b";
            case "meta-llama/Llama-3.1-70B" -> "llama-3.1-70b";
            case "Qwen/Qwen3-235B-A22B-FP8", "nvidia/Qwen3-235B-A22B-FP8" -> "qwen3-235b-a22b";
            case "meta-llama/Llama-3.1-8B-Instruct", "nvidia/Llama-3.1-8B-Instruct-FP8" -> "llama-3.1-8b";
            default -> null;
        };
    }
}
