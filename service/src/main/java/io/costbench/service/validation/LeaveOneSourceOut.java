package io.costbench.service.validation;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import io.costbench.engine.model.ModelCatalog;
import io.costbench.engine.port.AcceleratorModel;
import io.costbench.engine.port.CalibratedFamily;
import io.costbench.engine.port.Parameter;
import io.costbench.engine.validation.ErrorStatistics;

/**
 * Leave-one-source-out: for every source with enough predicted rows, the parameters its family fitted on that source
 * are calibrated again on the other sources they were fitted on ({@link Refit}: from their documented values, inside
 * their plausible ranges, on median |TPOT error|), and the left-out source is predicted with the refitted values. A
 * parameter fitted on the left-out source alone has nothing else to learn from and stays at its documented value. A fit
 * that only works on its own rows shows here as a large left-out error.
 */
final class LeaveOneSourceOut {

    /** Sources with fewer predicted rows are listed but not judged. */
    static final int MIN_ROWS = 4;

    /**
     * One left-out source.
     *
     * @param inSample  parameters as shipped
     * @param leftOut   parameters fitted on this source refitted without it
     * @param refitted  the parameters changed, as "profile/name shipped -> refitted (documented d)"
     * @param trainedOn the other sources the refit used (empty: nothing to refit on, documented values)
     */
    record Result(String source, int rows, ErrorStatistics inSample, ErrorStatistics leftOut,
            List<String> refitted, List<String> trainedOn) {
    }

    private LeaveOneSourceOut() {
    }

    static List<Result> compute(List<ValidationRun.Outcome> outcomes, ModelCatalog models,
            List<AcceleratorModel> families) {
        return compute(outcomes, models, families, Refit.Budget.STANDARD);
    }

    static List<Result> compute(List<ValidationRun.Outcome> outcomes, ModelCatalog models,
            List<AcceleratorModel> families, Refit.Budget budget) {
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
            results.add(leaveOut(entry.getKey(), rows, inSample, bySource, models, families, budget));
        }
        return results;
    }

    private static Result leaveOut(String source, List<ValidationRun.Outcome> rows,
            ErrorStatistics inSample, Map<String, List<ValidationRun.Outcome>> bySource,
            ModelCatalog models, List<AcceleratorModel> families, Refit.Budget budget) {
        String profileId = rows.get(0).measurement().profileId();
        String hardwareId = rows.get(0).measurement().hardwareId();
        int index = familyIndex(families, hardwareId);
        if (index < 0) {
            return new Result(source, rows.size(), inSample, inSample, List.of(), List.of());
        }
        CalibratedFamily calibrated = (CalibratedFamily) families.get(index);
        Map<String, Parameter> shipped = new LinkedHashMap<>();
        rows.get(0).deployment().parameters().forEach(p -> shipped.put(p.name(), p));
        List<Parameter> fitted = new ArrayList<>();
        Set<String> others = new LinkedHashSet<>();
        calibrated.calibrationSources(profileId).forEach((name, sources) -> {
            Parameter p = shipped.get(name);
            if (sources.contains(source) && p != null) {
                fitted.add(p);
                sources.stream().filter(s -> !s.equals(source) && bySource.containsKey(s)).forEach(others::add);
            }
        });
        if (fitted.isEmpty()) {
            return new Result(source, rows.size(), inSample, inSample, List.of(), List.of());
        }
        List<ValidationRun.Outcome> training = new ArrayList<>();
        others.forEach(s -> training.addAll(bySource.get(s)));
        Map<String, Double> values = new Refit(models, families, index, profileId, budget).fit(fitted, training);
        List<AcceleratorModel> refitted = new ArrayList<>(families);
        refitted.set(index, calibrated.withProfileValues(profileId, values));
        ErrorStatistics leftOut = ValidationReport.stats(new ValidationRun(models, refitted)
                .predict(rows.stream().map(ValidationRun.Outcome::measurement).toList()), ValidationMetric.TPOT)
                .orElse(null);
        List<String> changes = new ArrayList<>();
        for (Parameter p : fitted) {
            changes.add(String.format(Locale.ROOT, "%s/%s %.4g -> %.4g (documented %.4g)", profileId, p.name(),
                    p.value(), values.get(p.name()), p.documented()));
        }
        return new Result(source, rows.size(), inSample, leftOut, changes, List.copyOf(others));
    }

    private static int familyIndex(List<AcceleratorModel> families, String hardwareId) {
        for (int i = 0; i < families.size(); i++) {
            if (families.get(i) instanceof CalibratedFamily && families.get(i).supportsHardware(hardwareId)) {
                return i;
            }
        }
        return -1;
    }
}
