package io.costbench.gpu;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;

import io.costbench.engine.port.DeploymentRequest;
import io.costbench.engine.port.Parameter;

/**
 * A benchmark-style main, not a test: varies each calibrated parameter of a profile across its plausible range and
 * prints the median errors on that profile's H100 rows, to show where the shipped values sit. Run with
 * the test classpath; arguments: the profile id (default vllm), then optional {@code name=value} overrides; with
 * {@code -Dcostbench.sweep.skip=true} it only scores the (overridden) configuration.
 */
public final class CalibrationSweep {

    private CalibrationSweep() {
    }

    public static void main(String[] args) {
        String profile = args.length > 0 ? args[0] : "vllm";
        List<CalibrationData.Row> rows = CalibrationData.load(CalibrationData.sharedCalibrationDir().orElseThrow(
                () -> new IllegalStateException("no shared calibration folder"))).stream()
                .filter(r -> r.hardwareId().equals(System.getProperty("costbench.sweep.hardware", "h100-sxm"))
                        && r.profileId().equals(profile)
                        && r.modelId().matches(System.getProperty("costbench.sweep.model", ".*"))).toList();
        // Further arguments name=value set profile parameters before sweeping (to try a configuration).
        Map<String, Double> overrides = new java.util.LinkedHashMap<>();
        for (int i = 1; i < args.length; i++) {
            String[] kv = args[i].split("=", 2);
            overrides.put(kv[0], Double.parseDouble(kv[1]));
        }
        GpuAcceleratorModel base = GpuAcceleratorModel.fromCatalog().withProfileValues(profile, overrides);
        boolean sweep = !Boolean.getBoolean("costbench.sweep.skip");
        List<Parameter> calibrated = base.deploy(TestModels.byId("qwen3-8b"),
                new DeploymentRequest("h100-sxm", profile, 1, null, null, 4096)).parameters().stream()
                .filter(Parameter::calibrated).toList();
        System.out.printf(Locale.ROOT, "%s: %d rows; shipped values: %s%n", profile, rows.size(),
                summary(base, rows, r -> true));
        String only = System.getProperty("costbench.sweep.parameters", ".*");
        for (Parameter p : sweep ? calibrated : List.<Parameter>of()) {
            if (!p.name().matches(only)) {
                continue;
            }
            for (double factor : new double[] {0.7, 0.85, 1.15, 1.3}) {
                double value = Math.max(p.min(), Math.min(p.max(), p.value() * factor));
                GpuAcceleratorModel varied = base.withProfileValues(profile, Map.of(p.name(), value));
                System.out.printf(Locale.ROOT, "  %-28s %10.4g -> %s%n", p.name(), value,
                        summary(varied, rows, r -> true));
            }
        }
    }

    private static String summary(GpuAcceleratorModel gpu, List<CalibrationData.Row> rows,
            Predicate<ErrorReport.Scored> which) {
        ErrorReport.Summary s = ErrorReport.summarise("", ErrorReport.filter(Scoring.score(gpu, rows).scored(),
                which));
        return String.format(Locale.ROOT, "TPOT med %.1f%% (bias %+.1f%%), thrpt med %.1f%%, TTFT med %.1f%%",
                100 * s.tpotMedian(), 100 * s.tpotBias(), 100 * s.throughputMedian(), 100 * s.ttftMedian());
    }
}
