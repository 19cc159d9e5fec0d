package io.costbench.service.validation;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.costbench.engine.data.CsvRows;
import io.costbench.engine.port.DeploymentRequest;
import io.costbench.engine.sim.DatasetLengths;
import io.costbench.engine.sim.Workload;
import io.costbench.trainium2.ValidationCase;

/**
 * {@code public-measurements.csv}: one row per measured figure, grouped here into scenarios (same hardware, engine,
 * model, precision, TP, lengths and concurrency). Lengths like "~233 (ShareGPT)" are ShareGPT's, drawn around the
 * stated means ({@link DatasetLengths#shareGpt}); saturated Trainium2 rows ("<=16 (saturated)") use the number as the
 * batch; TensorRT-LLM's own offline tables run as {@code trtllm-bench throughput} ran them ({@link TrtllmBenchLaunch});
 * other offline and server-mode rows, and rows whose model, hardware, engine or precision the catalog does not cover,
 * are left out. Every other kept row was measured through the engine's server ({@code vllm bench serve} and the like,
 * as the rows' notes say).
 */
public final class PublicMeasurementsReader {

    public static final String FILE = "public-measurements.csv";
    private static final Pattern LEADING_NUMBER = Pattern.compile("^[~<=\\s]*(\\d+(?:\\.\\d+)?)");
    private static final String TRAINIUM2 = "trn2";
    private static final Pattern PROMPTS = Pattern.compile("(\\d+) prompts");
    private static final String SHAREGPT = "(ShareGPT)";

    private PublicMeasurementsReader() {
    }

    /**
     * The file's scenarios; Trainium2 rows come from the Trainium2 model's own mapping
     * ({@code catalog/trainium2/validation.json}: profile, switches, compiled shapes, length spread), the one its
     * validation test uses too, plus that mapping's extra rows (the vllm-neuron Qwen3.5-2B sweep).
     */
    public static List<Measurement> read(Path file) {
        return read(file, reason -> {
        });
    }

    /**
     * @param leftOut told, for every GPU row of the file not compared, why (Trainium2 rows are the Trainium2 mapping's,
     *                which reports its own)
     */
    public static List<Measurement> read(Path file, Consumer<String> leftOut) {
        Map<String, List<Map<String, String>>> scenarios = new LinkedHashMap<>();
        for (Map<String, String> row : CsvRows.read(file)) {
            if (CatalogIds.hardware(row.get("hardware")).filter(TRAINIUM2::equals).isPresent()) {
                continue;
            }
            String key = String.join("|", row.get("hardware"), row.get("engine"), row.get("model"),
                    row.get("precision"), row.get("tensor_parallel"), row.get("input_len"), row.get("output_len"),
                    row.get("concurrency_or_batch"));
            scenarios.computeIfAbsent(key, k -> new ArrayList<>()).add(row);
        }
        List<Measurement> measurements = new ArrayList<>();
        for (List<Map<String, String>> rows : scenarios.values()) {
            if (TrtllmBenchLaunch.describes(rows.get(0))) {
                trtllmBench(TrtllmBenchLaunch.standard(), rows, leftOut).ifPresent(measurements::add);
                continue;
            }
            Optional<String> why = whyNotRead(rows.get(0));
            if (why.isPresent()) {
                rows.forEach(row -> leftOut.accept(why.get()));
                continue;
            }
            rows.stream().filter(row -> metricOf(row.get("metric")).isEmpty())
                    .forEach(row -> leftOut.accept("metric " + row.get("metric") + " not compared"));
            toMeasurement(rows).ifPresent(measurements::add);
        }
        for (ValidationCase c : ValidationCase.load(file, new ArrayList<>())) {
            measurements.add(trainium2(c));
        }
        return measurements;
    }

    /** Why a scenario is not compared, or empty when the catalog covers it. */
    private static Optional<String> whyNotRead(Map<String, String> first) {
        Optional<String> uncovered = CatalogIds.uncovered(first.get("hardware"), first.get("engine"),
                first.get("model"), first.get("precision"));
        if (uncovered.isPresent()) {
            return uncovered;
        }
        for (String column : List.of("input_len", "output_len", "concurrency_or_batch", "tensor_parallel")) {
            if (number(first.get(column)).isEmpty()) {
                return Optional.of(column + " not a number (\"" + first.get(column)
                        + "\": offline or server-mode run)");
            }
        }
        return Optional.empty();
    }

    /**
     * A {@code trtllm-bench throughput} run of TensorRT-LLM's own tables, as the tool ran it
     * ({@link TrtllmBenchLaunch}); runs of layouts the models do not describe are left out with the reason.
     */
    private static Optional<Measurement> trtllmBench(TrtllmBenchLaunch launch, List<Map<String, String>> rows,
            Consumer<String> leftOut) {
        Map<String, String> first = rows.get(0);
        Optional<String> why = CatalogIds.uncovered(first.get("hardware"), first.get("engine"), first.get("model"),
                first.get("precision"));
        Optional<Integer> input = number(first.get("input_len"));
        Optional<Integer> output = number(first.get("output_len"));
        Optional<Integer> tp = number(first.get("tensor_parallel"));
        if (why.isEmpty() && tp.isEmpty()) {
            why = Optional.of("tensor_parallel not a number (\"" + first.get("tensor_parallel")
                    + "\": a data-parallel layout)");
        }
        if (why.isEmpty() && (input.isEmpty() || output.isEmpty())) {
            why = Optional.of("lengths not numbers (\"" + first.get("input_len") + "\", \"" + first.get("output_len")
                    + "\")");
        }
        if (why.isEmpty()) {
            why = launch.whyNotRead(first, input.get(), output.get());
        }
        if (why.isPresent()) {
            String reason = why.get();
            rows.forEach(row -> leftOut.accept(reason));
            return Optional.empty();
        }
        Optional<Double> throughput = Optional.empty();
        for (Map<String, String> row : rows) {
            if (metricOf(row.get("metric")).filter(ValidationMetric.OUTPUT_THROUGHPUT::equals).isPresent()) {
                throughput = Optional.of(Double.parseDouble(row.get("value")));
            } else {
                leftOut.accept("metric " + row.get("metric") + " not compared");
            }
        }
        String hardware = CatalogIds.hardware(first.get("hardware")).orElseThrow();
        return throughput.map(tokensPerSecond -> launch.run(FILE, hardware, first.get("engine") + " "
                + first.get("model"), CatalogIds.model(first.get("model")).orElseThrow(),
                CatalogIds.precision(first.get("precision")).orElseThrow(), tp.get(), input.get(), output.get(),
                tokensPerSecond));
    }

    private static Measurement trainium2(ValidationCase c) {
        Map<ValidationMetric, Double> measured = new EnumMap<>(ValidationMetric.class);
        c.measured().forEach((metric, value) -> measured.put(ValidationMetric.valueOf(metric.name()), value));
        DeploymentRequest r = c.request();
        // A client that stopped by time sent as many as it could; its count is not stated.
        int prompts = c.runSeconds() > 0 ? 0 : c.numPrompts();
        return Measurement.builder().source(FILE, "trn2 " + c.label(), "public")
                .deployment(r.hardwareId(), r.profileId(), c.modelId(), r.precision().name().toLowerCase(Locale.ROOT),
                        r.tensorParallel())
                .lengths(c.inputTokens(), c.outputTokens()).load(c.concurrency(), prompts).measured(measured, false)
                .engineOptions(r.optimizations() == null ? Set.of() : r.optimizations()).viaServer(true)
                .staticShapes(r.staticShapes()).clientRuns(List.of(c.workload())).build();
    }

    private static Optional<Measurement> toMeasurement(List<Map<String, String>> rows) {
        Map<String, String> first = rows.get(0);
        String hardware = CatalogIds.hardware(first.get("hardware")).orElseThrow();
        String profile = CatalogIds.profile(first.get("engine")).orElseThrow();
        String model = CatalogIds.model(first.get("model")).orElseThrow();
        String precision = CatalogIds.precision(first.get("precision")).orElseThrow();
        int input = number(first.get("input_len")).orElseThrow();
        int output = number(first.get("output_len")).orElseThrow();
        int concurrency = number(first.get("concurrency_or_batch")).orElseThrow();
        int tp = number(first.get("tensor_parallel")).orElseThrow();
        Map<ValidationMetric, Double> measured = new EnumMap<>(ValidationMetric.class);
        for (Map<String, String> row : rows) {
            metricOf(row.get("metric")).ifPresent(metric -> measured.put(metric, Double.parseDouble(row.get("value"))));
        }
        if (measured.isEmpty()) {
            return Optional.empty();
        }
        Matcher prompts = PROMPTS.matcher(first.getOrDefault("notes", ""));
        int numPrompts = prompts.find() ? Integer.parseInt(prompts.group(1)) : 0;
        String label = String.format("%s %s %s %s tp%d %d/%d c=%d", hardware, first.get("engine"), model, precision, tp,
                input, output, concurrency);
        return Optional.of(Measurement.builder().source(FILE, label, "public")
                .deployment(hardware, profile, model, precision, tp).lengths(input, output)
                .load(concurrency, numPrompts).measured(measured, false).viaServer(true)
                .clientRuns(shareGptRuns(first, input, output, concurrency, numPrompts)).build());
    }

    /**
     * A closed loop over ShareGPT prompts whose count the notes state ("100 prompts") and whose lengths the file
     * gives as means ("~233 (ShareGPT)"): the dataset's draws ({@link DatasetLengths#shareGpt}); none otherwise.
     */
    private static List<Workload> shareGptRuns(Map<String, String> row, int input, int output, int concurrency,
            int numPrompts) {
        boolean shareGpt = row.get("input_len").contains(SHAREGPT) && row.get("output_len").contains(SHAREGPT);
        if (!shareGpt || numPrompts == 0) {
            return List.of();
        }
        return DatasetLengths.shareGpt().draws(new Workload(input, output, 1.0, concurrency, 0, numPrompts, 0));
    }

    /** The file's metric names as compared metrics; per-user and per-GPU figures are not compared here. */
    static Optional<ValidationMetric> metricOf(String name) {
        return switch (name) {
            case "TPOT_ms_mean", "TPOT_ms_median", "TPOT_ms_p50", "ITL_ms", "ITL_ms_p50" -> Optional.of(ValidationMetric.TPOT);
            case "TTFT_ms_mean", "TTFT_ms", "TTFT_ms_median", "TTFT_ms_p50" -> Optional.of(ValidationMetric.TTFT);
            case "output_tokens_per_s_total" -> Optional.of(ValidationMetric.OUTPUT_THROUGHPUT);
            default -> Optional.empty();
        };
    }

    private static Optional<Integer> number(String value) {
        Matcher m = LEADING_NUMBER.matcher(value == null ? "" : value);
        if (!m.find()) {
            return Optional.empty();
        }
        return Optional.of((int) Math.round(Double.parseDouble(m.group(1))));
    }
}
