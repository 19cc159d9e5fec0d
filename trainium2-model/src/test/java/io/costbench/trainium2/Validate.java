package io.costbench.trainium2;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Prints the Trainium2 validation report (the same text the test prints), with leave-one-source-out. Run:
 * {@code java -cp <test classpath> io.costbench.trainium2.Validate [shared dir]}.
 */
public final class Validate {

    static final Trainium2AcceleratorModel TRN2 = Trainium2AcceleratorModel.fromCatalog();
    static final Trainium2Validation VALIDATION = new Trainium2Validation(id -> TestModels.CATALOG.find(id)
            .map(m -> m.spec()).orElse(null));

    private Validate() {
    }

    public static void main(String[] args) {
        Path csv = Path.of(args.length > 0 ? args[0] : "../shared", "calibration", "public-measurements.csv");
        List<String> skipped = new ArrayList<>();
        List<ValidationCase> cases = ValidationCase.load(csv, skipped);
        System.out.print(VALIDATION.report(TRN2, cases, skipped, args.length < 2 || !args[1].equals("--no-loso")));
    }
}
