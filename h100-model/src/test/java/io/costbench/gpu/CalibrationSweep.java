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
 * {@code mvn -pl h100-model -am test-compile exec:java} or from the IDE; argument: the profile id (default vllm).
 */
public final class CalibrationSweep {

    private CalibrationSweep() {
    }

    public static void main(String[] args) {
        String profile = args.length > 0 ? args[0] : "vllm";
        List<CalibrationData.Row> rows = CalibrationData.load(CalibrationData.sharedCalibrationDir().orElseThrow(
                () -> new IllegalStateException("no shared calibration folder"))).stream()
                .filter(r -> r.hardwareId().equals("h100-sxm") && r.profileId().equals(profile)).toList();
        GpuAcceleratorModel base = GpuAcceleratorModel.fromCatalog();
        List<Parameter> calibrated = base.deploy(TestModels.byId("qwen3-8b"),
                new DeploymentRequest("h100-sxm", profile, 1, null, null, 4096)).parameters().stream()
                .filter(Parameter::calibrated).toList();
        System.out.printf(Locale.ROOT, "%s: %d H100 rows; shipped values: %s%n", profile, rows.size(),
                summary(base, rows, r -> true));
        for (Parameter p : calibrated) {
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
