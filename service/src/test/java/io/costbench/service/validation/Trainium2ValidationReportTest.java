package io.costbench.service.validation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import io.costbench.engine.model.ModelCatalog;
import io.costbench.engine.validation.ErrorStatistics;
import io.costbench.trainium2.Trainium2AcceleratorModel;
import io.costbench.trainium2.Trainium2Validation;
import io.costbench.trainium2.ValidationCase.ServingMetric;
import io.costbench.trainium2.ValidationCase;

/**
 * One validation path for Trainium2: the service's report and the Trainium2 module's validation read the same
 * mapping and predict every Trainium2 scenario to the same figures; the acceptance thresholds hold with each source
 * held out of the fit.
 */
class Trainium2ValidationReportTest {

    @Test
    void theServiceReportAndTheModuleValidationPredictTheSameFigures() {
        Optional<Path> dir = ValidationMain.calibrationDir(null);
        assumeTrue(dir.isPresent(), "no shared calibration folder (costbench.shared.dir): validation skipped");
        Path csv = dir.get().resolve(PublicMeasurementsReader.FILE);
        ModelCatalog models = ModelCatalog.standard();
        Trainium2Validation module = new Trainium2Validation(id -> models.find(id).map(m -> m.spec()).orElse(null));
        List<ValidationCase> cases = ValidationCase.load(csv, new ArrayList<>());
        List<Trainium2Validation.CasePrediction> expected = module.predict(Trainium2AcceleratorModel.fromCatalog(), cases);
        List<Measurement> measurements = PublicMeasurementsReader.read(csv).stream()
                .filter(m -> m.hardwareId().equals("trn2")).toList();
        List<ValidationRun.Outcome> outcomes = new ValidationRun(models,
                io.costbench.service.prediction.AcceleratorFamilies.production()).predict(measurements);
        assertThat(outcomes).hasSameSizeAs(expected);
        for (int i = 0; i < expected.size(); i++) {
            Trainium2Validation.CasePrediction e = expected.get(i);
            ValidationRun.Outcome o = outcomes.get(i);
            assertThat(o.measurement().label()).isEqualTo("trn2 " + e.scenario().label());
            for (Map.Entry<ServingMetric, Double> p : e.predicted().entrySet()) {
                assertThat(o.predicted().get(ValidationMetric.valueOf(p.getKey().name()))).as(o.measurement().label())
                        .isEqualTo(p.getValue());
            }
        }
        ErrorStatistics tpot = ValidationReport.stats(outcomes, ValidationMetric.TPOT).orElseThrow();
        assertThat(tpot.medianAbs()).isEqualTo(Trainium2Validation.stats(expected, ServingMetric.TPOT).orElseThrow().medianAbs());
    }

    @Test
    void validationMainPrintsTheTrainium2SectionWithItsHeldOutSources() {
        Optional<Path> dir = ValidationMain.calibrationDir(null);
        assumeTrue(dir.isPresent(), "no shared calibration folder (costbench.shared.dir): validation skipped");
        String section = ValidationMain.trainium2(dir.get());
        System.out.print(section);
        assertThat(section).contains("=== Trainium2 validation", "leave-one-source-out",
                "all sources, each held out", "set from the write-up's ratios", "flags");
    }
}
