package io.costbench.service.validation;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

import io.costbench.engine.model.ModelCatalog;
import io.costbench.engine.port.AcceleratorModel;
import io.costbench.service.prediction.AcceleratorFamilies;
import io.costbench.trainium2.Trainium2AcceleratorModel;
import io.costbench.trainium2.Trainium2Validation;
import io.costbench.trainium2.ValidationCase;

/**
 * Prints the validation report for the shared calibration data (no Spring context):
 * {@code mvn -B -pl service -am test -Dtest=ValidationReportTest -Dsurefire.failIfNoSpecifiedTests=false}, or run
 * this class with the shared folder as its argument (default: system property {@code costbench.shared.dir}, else
 * {@code ../shared}).
 */
public final class ValidationMain {

    private ValidationMain() {
    }

    public static void main(String[] args) {
        Optional<Path> dir = calibrationDir(args.length > 0 ? args[0] : null);
        if (dir.isEmpty()) {
            System.out.println("validation skipped: no calibration folder (set costbench.shared.dir)");
            return;
        }
        report(dir.get()).print(System.out);
        System.out.print(trainium2(dir.get()));
    }

    /** The shared calibration folder, when this machine has it. */
    public static Optional<Path> calibrationDir(String sharedDir) {
        String shared = sharedDir != null ? sharedDir : System.getProperty("costbench.shared.dir", "../shared");
        Path dir = Path.of(shared, "calibration");
        return Files.isDirectory(dir) ? Optional.of(dir) : Optional.empty();
    }

    /**
     * The Trainium2 family's own section: the same scenarios (one mapping, {@code catalog/trainium2/validation.json})
     * predicted the same way, with its parameters refitted without each source in turn (leave-one-source-out), the
     * parameters set from the write-up's ratios, and its flags. Empty when the public file is absent.
     */
    public static String trainium2(Path calibrationDir) {
        Path publicFile = calibrationDir.resolve(PublicMeasurementsReader.FILE);
        if (!Files.exists(publicFile)) {
            return "";
        }
        ModelCatalog models = ModelCatalog.standard();
        List<String> skipped = new ArrayList<>();
        List<ValidationCase> cases = ValidationCase.load(publicFile, skipped);
        return "\n" + new Trainium2Validation(id -> models.find(id).map(m -> m.spec()).orElse(null))
                .report(Trainium2AcceleratorModel.fromCatalog(), cases, skipped, true);
    }

    /** Reads whichever data files are present and predicts them with the production accelerator families. */
    public static ValidationReport report(Path calibrationDir) {
        List<Measurement> measurements = new ArrayList<>();
        Map<String, Map<String, Integer>> leftOut = new LinkedHashMap<>();
        Path publicFile = calibrationDir.resolve(PublicMeasurementsReader.FILE);
        if (Files.exists(publicFile)) {
            measurements.addAll(
                    PublicMeasurementsReader.read(publicFile, counter(leftOut, PublicMeasurementsReader.FILE)));
        } else {
            System.out.println("skipping " + PublicMeasurementsReader.FILE + ": not in " + calibrationDir);
        }
        // TensorRT-LLM's own throughput tables, the columns the public file lacks (the project's data)
        measurements.addAll(TrtllmBenchLaunch.allTableRuns());
        Path aiconfigurator = calibrationDir.resolve(AiconfiguratorReader.FILE);
        if (Files.exists(aiconfigurator)) {
            measurements.addAll(
                    AiconfiguratorReader.read(aiconfigurator, counter(leftOut, AiconfiguratorReader.FILE)));
        } else {
            System.out.println("skipping " + AiconfiguratorReader.FILE + ": not in " + calibrationDir);
        }
        ModelCatalog models = ModelCatalog.standard();
        List<AcceleratorModel> families = AcceleratorFamilies.production();
        List<ValidationRun.Outcome> outcomes = new ValidationRun(models, families).predict(measurements);
        List<NotCompared> notCompared = new ArrayList<>();
        leftOut.forEach((file, reasons) -> reasons.forEach(
                (reason, rows) -> notCompared.add(new NotCompared(file, reason, rows))));
        return new ValidationReport(outcomes, id -> models.find(id).map(m -> m.spec().isMixtureOfExperts()).orElse(false),
                LeaveOneSourceOut.compute(outcomes, models, families), notCompared, ClosedLoopStart.of(outcomes));
    }

    private static Consumer<String> counter(Map<String, Map<String, Integer>> leftOut, String file) {
        Map<String, Integer> reasons = leftOut.computeIfAbsent(file, f -> new LinkedHashMap<>());
        return reason -> reasons.merge(reason, 1, Integer::sum);
    }
}
