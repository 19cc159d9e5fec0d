package io.costbench.trainium2;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Fits {@link Trainium2Validation#FITTED} on every measured scenario and prints the values (to copy into the catalog
 * with their "calibrated on:" notes). Run: {@code java -cp <test classpath> io.costbench.trainium2.Calibrate [shared]}.
 */
public final class Calibrate {

    private Calibrate() {
    }

    public static void main(String[] args) {
        Path csv = Path.of(args.length > 0 ? args[0] : "../shared", "calibration", "public-measurements.csv");
        List<ValidationCase> cases = ValidationCase.load(csv, new ArrayList<>());
        long t0 = System.nanoTime();
        var fitted = Validate.VALIDATION.fit(Validate.TRN2, cases);
        System.out.printf("fit in %.1f s: %s%n", (System.nanoTime() - t0) / 1e9, fitted);
        var trn2 = Validate.TRN2.withParameters(fitted);
        System.out.print(Validate.VALIDATION.report(trn2, cases, List.of(), false));
    }
}
