package io.costbench.service.validation;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.costbench.engine.model.ModelCatalog;
import io.costbench.engine.port.AcceleratorModel;
import io.costbench.engine.port.CalibratedFamily;
import io.costbench.engine.port.Parameter;
import io.costbench.engine.validation.ErrorStatistics;

/**
 * Calibrates some of a profile's parameters on a set of rows: deterministic coordinate descent, each parameter in
 * turn by golden-section search over its plausible range (never outside it), starting from the documented values and
 * minimising the median |TPOT error| of the rows. A move is kept only when it lowers the objective by more than
 * {@link Budget#minImprovement}, so a parameter the rows do not see stays at its documented value. The budget bounds
 * the work: at most {@link Budget#maxRows} rows (evenly spaced, in file order), {@link Budget#sweeps} passes and
 * {@link Budget#evaluations} evaluations per parameter and pass.
 */
final class Refit {

    /**
     * @param maxRows        rows the objective is evaluated on (every k-th row beyond it)
     * @param sweeps         passes over the parameters
     * @param evaluations    objective evaluations per parameter and pass (golden-section steps + 2)
     * @param minImprovement smallest drop of the median |TPOT error| (fraction) that moves a parameter
     */
    record Budget(int maxRows, int sweeps, int evaluations, double minImprovement) {

        /** What the validation report runs with (see the README for its cost). */
        static final Budget STANDARD = new Budget(32, 2, 7, 0.002);
    }

    /** 1 / golden ratio. */
    private static final double INVERSE_PHI = (Math.sqrt(5) - 1) / 2;

    private final ModelCatalog models;
    private final List<AcceleratorModel> families;
    private final int familyIndex;
    private final String profileId;
    private final Budget budget;

    /** @param familyIndex the index in {@code families} of the {@link CalibratedFamily} whose profile is refitted */
    Refit(ModelCatalog models, List<AcceleratorModel> families, int familyIndex, String profileId, Budget budget) {
        this.models = models;
        this.families = families;
        this.familyIndex = familyIndex;
        this.profileId = profileId;
        this.budget = budget;
    }

    /** The refitted values of {@code parameters}; their documented values when {@code rows} is empty. */
    Map<String, Double> fit(List<Parameter> parameters, List<ValidationRun.Outcome> rows) {
        Map<String, Double> values = new LinkedHashMap<>();
        parameters.forEach(p -> values.put(p.name(), p.documented()));
        List<Measurement> sample = sample(rows);
        if (sample.isEmpty()) {
            return values;
        }
        double best = objective(values, sample);
        for (int sweep = 0; sweep < budget.sweeps(); sweep++) {
            boolean moved = false;
            for (Parameter p : parameters) {
                double[] found = search(p, values, sample);
                if (found[1] < best - budget.minImprovement()) {
                    values.put(p.name(), found[0]);
                    best = found[1];
                    moved = true;
                }
            }
            if (!moved) {
                break;
            }
        }
        return values;
    }

    /** Golden-section search of one parameter over its range, the others fixed: {value, objective} of the best. */
    private double[] search(Parameter p, Map<String, Double> values, List<Measurement> sample) {
        double lo = p.min();
        double hi = p.max();
        double x1 = hi - INVERSE_PHI * (hi - lo);
        double x2 = lo + INVERSE_PHI * (hi - lo);
        double f1 = objective(with(values, p.name(), x1), sample);
        double f2 = objective(with(values, p.name(), x2), sample);
        double[] best = f1 <= f2 ? new double[] {x1, f1} : new double[] {x2, f2};
        for (int i = 2; i < budget.evaluations(); i++) {
            if (f1 <= f2) {
                hi = x2;
                x2 = x1;
                f2 = f1;
                x1 = hi - INVERSE_PHI * (hi - lo);
                f1 = objective(with(values, p.name(), x1), sample);
                if (f1 < best[1]) {
                    best = new double[] {x1, f1};
                }
            } else {
                lo = x1;
                x1 = x2;
                f1 = f2;
                x2 = lo + INVERSE_PHI * (hi - lo);
                f2 = objective(with(values, p.name(), x2), sample);
                if (f2 < best[1]) {
                    best = new double[] {x2, f2};
                }
            }
        }
        return best;
    }

    private static Map<String, Double> with(Map<String, Double> values, String name, double value) {
        Map<String, Double> changed = new LinkedHashMap<>(values);
        changed.put(name, value);
        return changed;
    }

    /** Median |TPOT error| of the sample with the profile's parameters at {@code values}. */
    private double objective(Map<String, Double> values, List<Measurement> sample) {
        List<AcceleratorModel> changed = new ArrayList<>(families);
        changed.set(familyIndex, ((CalibratedFamily) families.get(familyIndex)).withProfileValues(profileId, values));
        return ValidationReport.stats(new ValidationRun(models, changed).predict(sample), ValidationMetric.TPOT)
                .map(ErrorStatistics::medianAbs).orElse(Double.MAX_VALUE);
    }

    /** At most {@link Budget#maxRows} of the rows, evenly spaced in their order (deterministic). */
    private List<Measurement> sample(List<ValidationRun.Outcome> rows) {
        List<Measurement> all = rows.stream().map(ValidationRun.Outcome::measurement).toList();
        if (all.size() <= budget.maxRows()) {
            return all;
        }
        List<Measurement> sample = new ArrayList<>();
        for (int i = 0; i < budget.maxRows(); i++) {
            sample.add(all.get((int) ((long) i * all.size() / budget.maxRows())));
        }
        return sample;
    }
}
