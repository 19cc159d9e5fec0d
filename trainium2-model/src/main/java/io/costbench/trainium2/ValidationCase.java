package io.costbench.trainium2;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.costbench.engine.data.CsvRows;
import io.costbench.engine.data.DataFiles;
import io.costbench.engine.model.Precision;
import io.costbench.engine.port.DeploymentRequest;
import io.costbench.engine.port.StaticShapes;
import io.costbench.engine.sim.LengthDistribution;
import io.costbench.engine.sim.RequestLengths;
import io.costbench.engine.sim.Workload;

/**
 * One measured Trainium2 scenario (model, engine, tensor parallelism, lengths, concurrency) with every figure measured
 * for it, and the deployment that represents it: profile, switches and compiled shapes from
 * {@code catalog/trainium2/validation.json}. The module's validation test, {@code ValidationMain} and the service's
 * report all build their scenarios here, so they predict the same thing.
 *
 * @param inputTokens  the longest prompt (and {@code outputTokens} the longest output): the deployment's compiled
 *                     sequence holds both
 * @param promptLengths how the client drew each prompt's length: guidellm 0.1's "prompt_tokens=1500+-150" is uniform
 *                     integers in [1350, 1650] ({@link LengthDistribution#uniform}); fixed otherwise
 * @param outputLengths the same for the outputs ("generated_tokens=250+-20": [230, 270])
 * @param concurrency  the requests the client held in flight: the stated concurrency, less what its load generator
 *                     holds back from a stated bound (guidellm 0.1's saturated mode: one; validation.json "clients")
 * @param numPrompts   requests the measurement ran as its notes say ("50 prompts"), else 10 x concurrency, at least 20;
 *                     a run its client stops after {@code runSeconds} may send up to {@link #WINDOWED_PROMPTS}
 * @param runSeconds   when the client stops and cancels what is still in flight (guidellm 0.1's max_duration;
 *                     validation.json "clients"), 0 for a run of {@code numPrompts} to the last
 * @param source   where the figures come from (the row's source column without its commit), the unit left out in
 *                 leave-one-source-out
 * @param measured measured values by metric
 */
public record ValidationCase(String label, String modelId, DeploymentRequest request, int inputTokens,
        int outputTokens, LengthDistribution promptLengths, LengthDistribution outputLengths, int concurrency,
        int numPrompts, double runSeconds, Map<ServingMetric, Double> measured, String source,
        String profileReason) {

    static final String RESOURCE = "catalog/trainium2/validation.json";
    /**
     * Requests a run its client stops by time may send: more than any of these runs completes in its window (the
     * fastest, about 2.5 requests/s, completes some 300 in 120 s); ValidationTest checks that none uses them all.
     */
    static final int WINDOWED_PROMPTS = 3000;
    private static final Pattern INT = Pattern.compile("\\d+");
    private static final Pattern PROMPTS = Pattern.compile("(\\d+) prompts");
    private static final Pattern SPREAD = Pattern.compile("(prompt|generated)_tokens=(\\d+)\\+-(\\d+)");
    /** A row's completed requests per second: with its output throughput, the tokens each request returned. */
    private static final String REQUEST_RATE = "request_throughput";

    public ValidationCase {
        measured = Map.copyOf(measured);
    }

    /** The requests the client sent, drawn as it drew them (seed 0), or null when every request has the same lengths. */
    public RequestLengths drawnLengths() {
        return promptLengths.isFixed() && outputLengths.isFixed() ? null
                : RequestLengths.draw(numPrompts, promptLengths, outputLengths, 0);
    }

    /** The closed loop the measurement ran, with the requests its client drew, stopped when its client stopped. */
    public Workload workload() {
        Workload closed = new Workload(inputTokens, outputTokens, 1.0, concurrency, 0, numPrompts, 0);
        RequestLengths drawn = drawnLengths();
        return (drawn == null ? closed : closed.replaying(drawn)).within(runSeconds);
    }

    /** The figures of a run vLLM's bench and guidellm report, by the simulator's metric names. */
    public enum ServingMetric {
        TPOT("mean_tpot_ms"), TTFT("mean_ttft_ms"), OUTPUT_THROUGHPUT("output_throughput");

        private final String simulatorMetric;

        ServingMetric(String simulatorMetric) {
            this.simulatorMetric = simulatorMetric;
        }

        public String simulatorMetric() {
            return simulatorMetric;
        }

        static ServingMetric of(String csvMetric) {
            if (csvMetric.startsWith("TPOT") || csvMetric.startsWith("ITL")) {
                return TPOT;
            }
            if (csvMetric.startsWith("TTFT")) {
                return TTFT;
            }
            return csvMetric.startsWith("output_tokens_per_s_total") ? OUTPUT_THROUGHPUT : null;
        }
    }

    /**
     * The Trainium2 rows of public-measurements.csv whose engine and model the mapping covers, one case per scenario,
     * plus the mapping's extra rows (the Qwen3.5-2B vllm-neuron batch sweep). Rows it cannot map are listed in
     * {@code skipped} with the reason.
     */
    @SuppressWarnings("unchecked")
    public static List<ValidationCase> load(Path publicMeasurementsCsv, List<String> skipped) {
        Map<String, Object> mapping = DataFiles.object(RESOURCE);
        List<Map<String, Object>> engines = (List<Map<String, Object>>) mapping.get("engines");
        Map<String, String> modelIds = (Map<String, String>) mapping.get("modelIds");
        List<Map<String, String>> excluded = (List<Map<String, String>>) mapping.get("excludedMetrics");
        List<Map<String, Object>> clients = (List<Map<String, Object>>) mapping.get("clients");
        Map<String, ValidationCase> cases = new LinkedHashMap<>();
        Map<String, Double> requestsPerS = new LinkedHashMap<>();
        for (Map<String, String> row : CsvRows.read(publicMeasurementsCsv)) {
            String label = row.get("model") + " | " + row.get("engine") + " | tp" + row.get("tensor_parallel")
                    .replaceAll(" .*", "") + " " + row.get("input_len") + "/" + row.get("output_len") + " c="
                    + row.get("concurrency_or_batch").replace(" (saturated)", "");
            if ("Trainium2".equals(row.get("hardware")) && REQUEST_RATE.equals(row.get("metric"))) {
                requestsPerS.put(label, Double.parseDouble(row.get("value")));
            }
            ServingMetric metric = ServingMetric.of(row.get("metric"));
            if (!"Trainium2".equals(row.get("hardware")) || metric == null) {
                continue;
            }
            if (row.get("precision").contains("spec-dec")) {
                skipped.add(label + " " + row.get("metric") + ": speculative decoding with a separate draft model"
                        + " (not an EAGLE-3 head)");
                continue;
            }
            Map<String, String> exclusion = excluded.stream()
                    .filter(x -> row.get("metric").contains(x.get("metricContains"))).findFirst().orElse(null);
            if (exclusion != null) {
                skipped.add(label + " " + row.get("metric") + ": " + exclusion.get("reason"));
                continue;
            }
            String modelId = modelIds.get(row.get("model"));
            Map<String, Object> engine = engines.stream()
                    .filter(e -> row.get("engine").contains((String) e.get("engineContains"))).findFirst().orElse(null);
            if (modelId == null || engine == null) {
                skipped.add(label + " " + row.get("metric") + ": " + (modelId == null ? "model" : "engine")
                        + " not in the catalog");
                continue;
            }
            ValidationCase existing = cases.get(label);
            if (existing != null) {
                Map<ServingMetric, Double> measured = new EnumMap<>(existing.measured());
                measured.putIfAbsent(metric, Double.parseDouble(row.get("value")));
                cases.put(label, existing.withMeasured(measured));
                continue;
            }
            int tp = firstInt(row.get("tensor_parallel"));
            String notes = row.get("notes");
            int concurrency = firstInt(row.get("concurrency_or_batch"))
                    - client(clients, notes, row.get("concurrency_or_batch"), "heldBackFromBound");
            int runSeconds = client(clients, notes, row.get("concurrency_or_batch"), "runSeconds");
            Integer compiled = after(notes, (String) engine.get("compiledBatchFrom"));
            Integer maxSequence = after(notes, (String) engine.get("maxSequenceFrom"));
            int input = firstInt(row.get("input_len"));
            int output = firstInt(row.get("output_len"));
            LengthDistribution promptLengths = LengthDistribution.fixed(input);
            LengthDistribution outputLengths = LengthDistribution.fixed(output);
            Matcher spread = SPREAD.matcher(notes);
            while (spread.find()) {
                int mean = Integer.parseInt(spread.group(2));
                int plusMinus = Integer.parseInt(spread.group(3));
                LengthDistribution drawn = LengthDistribution.uniform(Math.max(1, mean - plusMinus), mean + plusMinus);
                if (spread.group(1).equals("prompt")) {
                    input = mean + plusMinus;
                    promptLengths = drawn;
                } else {
                    output = mean + plusMinus;
                    outputLengths = drawn;
                }
            }
            List<String> opts = (List<String>) engine.get("optimizations");
            StaticShapes shapes = new StaticShapes(List.of(compiled == null ? concurrency : compiled), maxSequence,
                    null);
            DeploymentRequest request = new DeploymentRequest(Trainium2AcceleratorModel.HARDWARE_ID,
                    (String) engine.get("profile"), tp, Precision.BF16, new HashSet<>(opts), input + output, shapes);
            String source = row.get("source_url_or_repo_path").replaceAll(" @.*", "");
            Matcher prompts = PROMPTS.matcher(notes);
            int numPrompts = prompts.find() ? Integer.parseInt(prompts.group(1))
                    : runSeconds > 0 ? WINDOWED_PROMPTS : defaultPrompts(concurrency);
            cases.put(label, new ValidationCase(label, modelId, request, input, output, promptLengths,
                    outputLengths, concurrency, numPrompts, runSeconds,
                    Map.of(metric, Double.parseDouble(row.get("value"))), source, (String) engine.get("reason")));
        }
        List<ValidationCase> result = new ArrayList<>();
        for (ValidationCase c : cases.values()) {
            Double outputPerS = c.measured().get(ServingMetric.OUTPUT_THROUGHPUT);
            Double perS = requestsPerS.get(c.label());
            result.add(outputPerS == null || perS == null ? c : c.returning(outputPerS / perS));
        }
        Map<String, Object> extraProfile = (Map<String, Object>) mapping.get("extraRowsProfile");
        for (Map<String, Object> extra : (List<Map<String, Object>>) mapping.get("extraRows")) {
            int input = ((Number) extra.get("inputTokens")).intValue();
            int output = ((Number) extra.get("outputTokens")).intValue();
            int concurrency = ((Number) extra.get("concurrency")).intValue();
            DeploymentRequest request = new DeploymentRequest(Trainium2AcceleratorModel.HARDWARE_ID,
                    (String) extraProfile.get("profile"), ((Number) extra.get("tensorParallel")).intValue(),
                    Precision.BF16, new HashSet<>((List<String>) extraProfile.get("optimizations")), input + output);
            result.add(new ValidationCase(extra.get("model") + " | vllm-neuron | tp" + extra.get("tensorParallel") + " "
                    + input + "/" + output + " c=" + concurrency, (String) extra.get("model"), request, input, output,
                    LengthDistribution.fixed(input), LengthDistribution.fixed(output), concurrency,
                    defaultPrompts(concurrency), 0,
                    Map.of(ServingMetric.TPOT, ((Number) extra.get("tpotMs")).doubleValue()),
                    (String) mapping.get("extraRowsSource"), (String) extraProfile.get("reason")));
        }
        return result;
    }

    /**
     * A property of the row's client (validation.json "clients": "heldBackFromBound", the requests it holds back from
     * the concurrency it states; "runSeconds", when it stops), 0 when no entry matches the row.
     */
    private static int client(List<Map<String, Object>> clients, String notes, String concurrency, String property) {
        return clients.stream()
                .filter(c -> c.containsKey(property) && notes.contains((String) c.get("notesContain"))
                        && concurrency.contains((String) c.getOrDefault("concurrencyContains", "")))
                .mapToInt(c -> ((Number) c.get(property)).intValue()).findFirst().orElse(0);
    }

    /**
     * The case with each request returning what its run recorded on average (output tokens / requests): guidellm 0.1
     * asks for its drawn length as {@code max_tokens} without ignoring the end of sequence, so an instruct model
     * stops early on some answers. The summary rows give the mean only, so the client's draw is scaled to it.
     */
    private ValidationCase returning(double meanOutputTokens) {
        if (outputLengths.stddevTokens() > 0) {
            throw new IllegalStateException(label + ": only fixed or uniform output lengths can be scaled to a mean");
        }
        double scale = meanOutputTokens / outputLengths.meanTokens();
        LengthDistribution returned = outputLengths.isFixed()
                ? LengthDistribution.fixed((int) Math.round(meanOutputTokens))
                : LengthDistribution.uniform((int) Math.round(outputLengths.minTokens() * scale),
                        (int) Math.round(outputLengths.maxTokens() * scale));
        return new ValidationCase(label, modelId, request, inputTokens, outputTokens, promptLengths, returned,
                concurrency, numPrompts, runSeconds, measured, source, profileReason);
    }

    private ValidationCase withMeasured(Map<ServingMetric, Double> values) {
        return new ValidationCase(label, modelId, request, inputTokens, outputTokens, promptLengths, outputLengths,
                concurrency, numPrompts, runSeconds, values, source, profileReason);
    }

    /** vllm bench serve's sweep default: 10 x concurrency, at least 20. */
    private static int defaultPrompts(int concurrency) {
        return Math.max(20, 10 * concurrency);
    }

    private static Integer after(String notes, String key) {
        if (key == null) {
            return null;
        }
        int at = notes.indexOf(key);
        return at < 0 ? null : firstInt(notes.substring(at + key.length()));
    }

    private static int firstInt(String text) {
        Matcher m = INT.matcher(text);
        if (!m.find()) {
            throw new IllegalArgumentException("no number in " + text);
        }
        return Integer.parseInt(m.group());
    }
}
