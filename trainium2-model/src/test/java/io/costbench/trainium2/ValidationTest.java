package io.costbench.trainium2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The Trainium2 rows of public-measurements.csv plus the Qwen3.5-2B sweep: median |TPOT error| <= 20%. */
class ValidationTest {

    @Test
    void medianAbsoluteTpotErrorIsAtMost20Percent() {
        Path csv = Path.of(System.getProperty("costbench.shared.dir", "../../shared"), "calibration",
                "public-measurements.csv");
        // In CI (CI=true) the shared folder is there, so its absence fails; elsewhere the test skips, loudly.
        if (!Files.exists(csv)) {
            assertThat(System.getenv("CI")).as("shared calibration data missing under CI=true: " + csv)
                    .isNotEqualToIgnoringCase("true");
            System.err.println("*** SKIPPED (not in CI): shared calibration data not present: " + csv);
        }
        assumeTrue(Files.exists(csv), "shared calibration data not present: " + csv);
        List<String> skipped = new ArrayList<>();
        List<Validate.Result> results = Validate.run(csv, skipped);
        results.forEach(r -> System.out.printf("%-75s measured %7.2f predicted %7.2f error %+6.1f%%%n",
                r.c().label(), r.c().measured(), r.predicted(), 100 * r.error()));
        double[] abs = results.stream().mapToDouble(r -> Math.abs(r.error())).sorted().toArray();
        double median = abs.length % 2 == 1 ? abs[abs.length / 2] : (abs[abs.length / 2 - 1] + abs[abs.length / 2]) / 2;
        System.out.printf("rows %d, median |TPOT error| %.1f%%; skipped %s%n", abs.length, 100 * median, skipped);
        System.out.println("calibrated parameters (value / documented, plausible range):");
        Validate.TRN2.deploy(TestModels.qwen35_4b(), new io.costbench.engine.port.DeploymentRequest("trn2", null, 4,
                null, null, 2048)).parameters().stream().filter(io.costbench.engine.port.Parameter::calibrated)
                .forEach(p -> System.out.printf("  %-32s %10.4g / %-10.4g [%g, %g] %s%n", p.name(), p.value(),
                        p.documented(), p.min(), p.max(), p.unit()));
        assertThat(results).hasSizeGreaterThanOrEqualTo(10);
        assertThat(median).isLessThanOrEqualTo(0.20);
    }
}
