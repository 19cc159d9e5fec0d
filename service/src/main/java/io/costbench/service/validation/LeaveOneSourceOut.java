package io.costbench.service.validation;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.costbench.engine.model.ModelCatalog;
import io.costbench.engine.port.AcceleratorModel;
import io.costbench.engine.port.CalibratedFamily;
import io.costbench.engine.port.Parameter;
import io.costbench.engine.validation.ErrorStatistics;

/**
 * Leave-one-source-out: for every source with enough predicted rows, the parameters its family fitted on that source
 * go back to their documented values (what they would be without it) and the source's rows are predicted again. A fit
 * that only works on its own rows shows here as a large left-out error. Parameters fitted on several sources are reset
 * too (no refit on the remaining ones), so the left-out error is an upper bound of what a refit would give.
 */
final class LeaveOneSourceOut {

    /** Sources with fewer predicted rows are listed but not judged. */
    static final int MIN_ROWS = 4;

    /**
     * One left-out source.
     *
     * @param inSample parameters as shipped
     * @param leftOut  parameters fitted on this source reset to their documented values
     * @param reset    the parameters reset, as "profile/name documented (was value)"
     */
    record Result(String source, int rows, ErrorStatistics inSample, ErrorStatistics leftOut,
            List<String> reset) {
    }

    private LeaveOneSourceOut() {
    }

    static List<Result> compute(List<ValidationRun.Outcome> outcomes, ModelCatalog models,
            List<AcceleratorModel> families) {
        Map<String, List<ValidationRun.Outcome>> bySource = new TreeMap<>();
        for (ValidationRun.Outcome o : outcomes) {
            if (o.skipReason() == null) {
                bySource.computeIfAbsent(o.measurement().source(), k -> new ArrayList<>()).add(o);
            }
        }
        List<Result> results = new ArrayList<>();
        for (Map.Entry<String, List<ValidationRun.Outcome>> entry : bySource.entrySet()) {
            List<ValidationRun.Outcome> rows = entry.getValue();
            ErrorStatistics inSample = ValidationReport.stats(rows, ValidationMetric.TPOT).orElse(null);
            if (rows.size() < MIN_ROWS || inSample == null) {
                continue;
            }
            List<String> reset = new ArrayList<>();
            List<AcceleratorModel> refitted = withoutSource(entry.getKey(), rows, families, reset);
            ErrorStatistics leftOut = inSample;
            if (!reset.isEmpty()) {
                ValidationRun run = new ValidationRun(models, refitted);
                leftOut = ValidationReport.stats(run.predict(rows.stream().map(ValidationRun.Outcome::measurement)
                        .toList()), ValidationMetric.TPOT).orElse(null);
            }
            results.add(new Result(entry.getKey(), rows.size(), inSample, leftOut, reset));
        }
        return results;
    }

    /** The families with every parameter fitted on {@code source} set back to its documented value. */
    private static List<AcceleratorModel> withoutSource(String source, List<ValidationRun.Outcome> rows,
            List<AcceleratorModel> families, List<String> reset) {
        String profileId = rows.get(0).measurement().profileId();
        String hardwareId = rows.get(0).measurement().hardwareId();
        Map<String, Parameter> shipped = new LinkedHashMap<>();
        rows.get(0).deployment().parameters().forEach(p -> shipped.put(p.name(), p));
        List<AcceleratorModel> changed = new ArrayList<>();
        for (AcceleratorModel family : families) {
            if (family instanceof CalibratedFamily calibrated && family.supportsHardware(hardwareId)) {
                Map<String, Double> documented = new LinkedHashMap<>();
                calibrated.calibrationSources(profileId).forEach((name, sources) -> {
                    Parameter p = shipped.get(name);
                    if (sources.contains(source) && p != null && p.value() != p.documented()) {
                        documented.put(name, p.documented());
                        reset.add(String.format(java.util.Locale.ROOT, "%s/%s %.4g (was %.4g)", profileId, name,
                                p.documented(), p.value()));
                    }
                });
                changed.add(documented.isEmpty() ? family : calibrated.withProfileValues(profileId, documented));
            } else {
                changed.add(family);
            }
        }
        return changed;
    }
}
