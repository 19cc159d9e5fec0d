package io.costbench.service.validation;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.costbench.engine.data.CsvRows;

/**
 * {@code aiconfigurator-silicon-h100-h200.csv} (read from the shared folder, never copied into the repository):
 * aggregated-serving rows with plain tensor parallelism (no attention-DP, expert parallelism or pipeline stages, which
 * the models do not describe). TTFT and TPOT are measured means; output throughput is derived from them for a closed
 * loop, concurrency x OSL / (TTFT + (OSL - 1) x TPOT), and marked as derived.
 */
public final class AiconfiguratorReader {

    public static final String FILE = "aiconfigurator-silicon-h100-h200.csv";

    private AiconfiguratorReader() {
    }

    public static List<Measurement> read(Path file) {
        List<Measurement> measurements = new ArrayList<>();
        for (Map<String, String> row : CsvRows.read(file)) {
            toMeasurement(row).ifPresent(measurements::add);
        }
        return measurements;
    }

    private static Optional<Measurement> toMeasurement(Map<String, String> r) {
        Optional<String> model = CatalogIds.model(r.get("model_path"));
        Optional<String> profile = CatalogIds.profile(r.get("backend"));
        Optional<String> hardware = CatalogIds.hardware(r.get("system"));
        Optional<String> precision = CatalogIds.precision(r.get("precision"));
        boolean plainTp = oneOrBlank(r.get("attention_dp_size")) && oneOrBlank(r.get("moe_ep_size"))
                && oneOrBlank(r.get("pp_size"));
        if (model.isEmpty() || profile.isEmpty() || hardware.isEmpty() || precision.isEmpty() || !plainTp
                || !"agg".equals(r.get("mode"))) {
            return Optional.empty();
        }
        int isl = Integer.parseInt(r.get("isl"));
        int osl = Integer.parseInt(r.get("osl"));
        int concurrency = Integer.parseInt(r.get("batch_size"));
        int tp = Integer.parseInt(r.get("tp_size"));
        double ttft = Double.parseDouble(r.get("silicon_ttft_ms"));
        double tpot = Double.parseDouble(r.get("silicon_tpot_ms"));
        Map<ValidationMetric, Double> measured = new EnumMap<>(ValidationMetric.class);
        measured.put(ValidationMetric.TTFT, ttft);
        measured.put(ValidationMetric.TPOT, tpot);
        measured.put(ValidationMetric.OUTPUT_THROUGHPUT, concurrency * osl / ((ttft + (osl - 1) * tpot) / 1e3));
        String label = String.format("%s %s %s %s tp%d %d/%d c=%d", hardware.get(), r.get("backend"), model.get(),
                precision.get(), tp, isl, osl, concurrency);
        return Optional.of(new Measurement(FILE, label, hardware.get(), profile.get(), model.get(), precision.get(), tp,
                isl, osl, concurrency, 0, measured, true));
    }

    private static boolean oneOrBlank(String value) {
        return value == null || value.isBlank() || value.equals("1");
    }
}
