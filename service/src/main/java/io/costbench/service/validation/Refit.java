package io.costbench.service.validation;

import java.util.ArrayList;
import java.util.Collections;
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
 * minimising the median |TPOT error| of the rows (of their measured output throughput where they measured no TPOT).
 * Coordinate descent depends on the order when two parameters trade off (an efficiency lowered first can absorb a cost
 * another parameter should carry, and the search stops there), so it runs in the parameters' order and in the reverse
 * order and keeps the better fit. A move is kept only when it lowers the objective by more than
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
        Map<String, Double> documented = new LinkedHashMap<>();
        parameters.forEach(p -> documented.put(p.name(), p.documented()));
        List<Measurement> sample = sample(rows);
        if (sample.isEmpty()) {
            return documented;
        }
        double start = objective(documented, sample);
        Map<String, Double> forward = new LinkedHashMap<>(documented);
        double forwardBest = descend(parameters, forward, start, sample);
        if (parameters.size() < 2) {
            return forward;
        }
        List<Parameter> reversed = new ArrayList<>(parameters);
        Collections.reverse(reversed);
        Map<String, Double> backward = new LinkedHashMap<>(documented);
        double backwardBest = descend(reversed, backward, start, sample);
        return backwardBest < forwardBest ? backward : forward;
    }

    /** Coordinate descent from {@code values} (updated in place) in the given order: the objective reached. */
    private double descend(List<Parameter> parameters, Map<String, Double> values, double start,
            List<Measurement> sample) {
        double best = start;
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
        return best;
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

    /**
     * Median |TPOT error| of the sample with the profile's parameters at {@code values}; for a sample that measured no
     * TPOT (offline throughput tables), the median |error| of its measured output throughput.
     */
    private double objective(Map<String, Double> values, List<Measurement> sample) {
        List<AcceleratorModel> changed = new ArrayList<>(families);
        changed.set(familyIndex, ((CalibratedFamily) families.get(familyIndex)).withProfileValues(profileId, values));
        List<ValidationRun.Outcome> predicted = new ValidationRun(models, changed).predict(sample);
        return ValidationReport.stats(predicted, ValidationMetric.TPOT)
                .or(() -> ValidationReport.stats(predicted.stream()
                        .filter(o -> !o.measurement().throughputDerived()).toList(),
                        ValidationMetric.OUTPUT_THROUGHPUT))
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
