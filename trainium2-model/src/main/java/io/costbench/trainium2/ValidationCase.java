package io.costbench.trainium2;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.costbench.engine.data.CsvRows;
import io.costbench.engine.data.DataFiles;
import io.costbench.engine.model.Precision;
import io.costbench.engine.port.DeploymentRequest;

/**
 * One measured Trainium2 TPOT/ITL figure and the deployment that represents it (closest profile plus the switches
 * the measured engine runs with, from {@code catalog/trainium2/validation.json}). A validation harness predicts it
 * with whatever simulator it has and reports the error.
 *
 * @param compiledBatches the engine's compiled batch sizes (optimum-neuron's static BATCH_SIZE, vLLM max-num-seqs)
 */
public record ValidationCase(String label, String modelId, DeploymentRequest request, List<Integer> compiledBatches,
        int inputTokens, int outputTokens, int concurrency, String metric, double measured, String source,
        String profileReason) {

    static final String RESOURCE = "catalog/trainium2/validation.json";
    private static final Pattern INT = Pattern.compile("\\d+");

    /**
     * The Trainium2 TPOT/ITL rows of public-measurements.csv whose engine and model the mapping covers, plus the
     * mapping's extra rows (the Qwen3.5-2B vllm-neuron batch sweep). Rows it cannot map are returned in {@code skipped}.
     */
    @SuppressWarnings("unchecked")
    public static List<ValidationCase> load(Path publicMeasurementsCsv, List<String> skipped) {
        Map<String, Object> mapping = DataFiles.object(RESOURCE);
        List<Map<String, Object>> engines = (List<Map<String, Object>>) mapping.get("engines");
        Map<String, String> modelIds = (Map<String, String>) mapping.get("modelIds");
        List<ValidationCase> cases = new ArrayList<>();
        for (Map<String, String> row : CsvRows.read(publicMeasurementsCsv)) {
            String metric = row.get("metric");
            if (!"Trainium2".equals(row.get("hardware")) || !(metric.startsWith("TPOT") || metric.startsWith("ITL"))) {
                continue;
            }
            String label = row.get("model") + " " + row.get("engine") + " c=" + row.get("concurrency_or_batch");
            if (row.get("precision").contains("spec-dec")) {
                skipped.add(label + ": speculative decoding with a separate draft model (not an EAGLE-3 head)");
                continue;
            }
            String modelId = modelIds.get(row.get("model"));
            Map<String, Object> engine = engines.stream()
                    .filter(e -> row.get("engine").contains((String) e.get("engineContains"))).findFirst().orElse(null);
            if (modelId == null || engine == null) {
                skipped.add(label + ": model not in the catalog");
                continue;
            }
            int tp = firstInt(row.get("tensor_parallel"));
            int concurrency = firstInt(row.get("concurrency_or_batch"));
            String notes = row.get("notes");
            String key = (String) engine.get("compiledBatchFrom");
            int at = notes.indexOf(key);
            int compiled = at >= 0 ? firstInt(notes.substring(at + key.length())) : concurrency;
            int input = firstInt(row.get("input_len"));
            int output = firstInt(row.get("output_len"));
            List<String> opts = (List<String>) engine.get("optimizations");
            DeploymentRequest request = new DeploymentRequest(Trainium2AcceleratorModel.HARDWARE_ID,
                    (String) engine.get("profile"), tp, Precision.BF16, new HashSet<>(opts), input + output);
            cases.add(new ValidationCase(label, modelId, request, List.of(compiled), input, output, concurrency, metric,
                    Double.parseDouble(row.get("value")), row.get("source_url_or_repo_path"),
                    (String) engine.get("reason")));
        }
        Map<String, Object> extraProfile = (Map<String, Object>) mapping.get("extraRowsProfile");
        for (Map<String, Object> extra : (List<Map<String, Object>>) mapping.get("extraRows")) {
            int input = ((Number) extra.get("inputTokens")).intValue();
            int output = ((Number) extra.get("outputTokens")).intValue();
            int concurrency = ((Number) extra.get("concurrency")).intValue();
            DeploymentRequest request = new DeploymentRequest(Trainium2AcceleratorModel.HARDWARE_ID,
                    (String) extraProfile.get("profile"), ((Number) extra.get("tensorParallel")).intValue(),
                    Precision.BF16, new HashSet<>((List<String>) extraProfile.get("optimizations")), input + output);
            cases.add(new ValidationCase(extra.get("model") + " vllm-neuron c=" + concurrency,
                    (String) extra.get("model"), request, null, input, output, concurrency, "TPOT_ms",
                    ((Number) extra.get("tpotMs")).doubleValue(), (String) mapping.get("extraRowsSource"),
                    (String) extraProfile.get("reason")));
        }
        return cases;
    }

    private static int firstInt(String text) {
        Matcher m = INT.matcher(text);
        if (!m.find()) {
            throw new IllegalArgumentException("no number in " + text);
        }
        return Integer.parseInt(m.group());
    }
}
