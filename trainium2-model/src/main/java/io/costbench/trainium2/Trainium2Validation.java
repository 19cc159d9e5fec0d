package io.costbench.trainium2;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;

import io.costbench.engine.model.ModelSpec;
import io.costbench.engine.port.DoesNotFitException;
import io.costbench.engine.port.Parameter;
import io.costbench.engine.sim.ServingSimulator;
import io.costbench.engine.sim.SimulationResult;
import io.costbench.engine.validation.ErrorStatistics;
import io.costbench.trainium2.ValidationCase.ServingMetric;

/**
 * Predicts the measured Trainium2 scenarios through the serving simulator, fits the parameters calibrated on
 * measurements, and holds each source out in turn (leave-one-source-out: fit without it, report its error). The
 * parameters set from the write-up's ratios are not refitted here.
 */
public final class Trainium2Validation {

    /** Parameters fitted on public measurements (a stack's own named stack/name), each within its plausible range. */
    public static final List<String> FITTED = List.of("interChipCollectiveSetupUs",
            "compilerGemmEfficiency",
            "moeBlockFixedCostUs", "nxdi/expertGatherSetupUs", "nxdi/stepRuntimeOverheadUs",
            "nxdi/hostSamplingNsPerLogit");

    private static final int GRID_POINTS = 7;
    private static final int PASSES = 2;
    private static final double[] REFINE_STEPS = {1.25, 1.1};
    private static final double PRIOR_WEIGHT = 0.01;

    private final Function<String, ModelSpec> models;

    public Trainium2Validation(Function<String, ModelSpec> models) {
        this.models = models;
    }

    /** One scenario predicted: the predicted figures for the metrics measured, or why it was not predicted. */
    public record CasePrediction(ValidationCase scenario, Map<ServingMetric, Double> predicted, String skipReason) {

        public Double error(ServingMetric metric) {
            Double p = predicted.get(metric);
            Double m = scenario.measured().get(metric);
            return p == null || m == null || m == 0 ? null : (p - m) / m;
        }
    }

    public List<CasePrediction> predict(Trainium2AcceleratorModel trn2, List<ValidationCase> cases) {
        List<CasePrediction> out = new ArrayList<>(cases.size());
        for (ValidationCase c : cases) {
            out.add(predict(trn2, c));
        }
        return out;
    }

    public CasePrediction predict(Trainium2AcceleratorModel trn2, ValidationCase c) {
        ModelSpec model = models.apply(c.modelId());
        if (model == null) {
            return new CasePrediction(c, Map.of(), "model " + c.modelId() + " not in the catalog");
        }
        SimulationResult result;
        try {
            Trainium2Deployment d = trn2.deploy(model, c.request());
            result = new ServingSimulator(d).run(c.workload());
        } catch (DoesNotFitException | IllegalArgumentException e) {
            return new CasePrediction(c, Map.of(), e.getMessage());
        }
        Map<ServingMetric, Double> predicted = new EnumMap<>(ServingMetric.class);
        c.measured().keySet().forEach(m -> predicted.put(m, result.metric(m.simulatorMetric())));
        return new CasePrediction(c, predicted, null);
    }

    /** Median, p90 and max of |relative error| of one metric over the predictions that have it; empty if none. */
    public static Optional<ErrorStatistics> stats(List<CasePrediction> predictions, ServingMetric metric) {
        return ErrorStatistics.of(predictions.stream().map(p -> p.error(metric)).filter(e -> e != null)
                .mapToDouble(Double::doubleValue));
    }

    /**
     * What the fit minimises: the mean |log(predicted / measured)| of TPOT plus half that of TTFT and of output
     * throughput (a mean, so no row is free to drift; logs, so over- and under-prediction weigh alike).
     */
    static double objective(List<CasePrediction> predictions) {
        double sum = 0;
        double[] weights = {1.0, 0.25, 0.25};
        ServingMetric[] metrics = ServingMetric.values();
        for (int i = 0; i < metrics.length; i++) {
            double total = 0;
            int n = 0;
            for (CasePrediction p : predictions) {
                Double e = p.error(metrics[i]);
                if (e != null) {
                    total += Math.abs(Math.log1p(e));
                    n++;
                }
            }
            sum += n == 0 ? 0 : weights[i] * total / n;
        }
        return sum;
    }

    /**
     * Coordinate descent over the fitted parameters: each in turn takes the best of a log-spaced grid across its
     * plausible range, two passes, then local refinement by shrinking multiplicative steps (clamped to the range).
     */
    public Map<String, Double> fit(Trainium2AcceleratorModel trn2, List<ValidationCase> cases) {
        Map<String, Parameter> byName = new LinkedHashMap<>();
        trn2.allParameters().forEach(p -> byName.put(p.name(), p));
        // Start from the documented values, not the catalog's fitted ones: a held-out source must not leak in.
        Map<String, Double> values = new LinkedHashMap<>();
        FITTED.forEach(n -> values.put(n, byName.get(n).documented()));
        double best = score(trn2, values, byName, cases);
        for (int pass = 0; pass < PASSES; pass++) {
            for (String name : FITTED) {
                Parameter p = byName.get(name);
                for (double candidate : grid(p.min(), p.max())) {
                    Map<String, Double> trial = new LinkedHashMap<>(values);
                    trial.put(name, candidate);
                    double score = score(trn2, trial, byName, cases);
                    if (score < best - 1e-9) {
                        best = score;
                        values.put(name, candidate);
                    }
                }
            }
        }
        for (double step : REFINE_STEPS) {
            for (String name : FITTED) {
                Parameter p = byName.get(name);
                for (double factor : new double[] {1 / step, step}) {
                    double candidate = Math.max(p.min(), Math.min(p.max(), values.get(name) * factor));
                    Map<String, Double> trial = new LinkedHashMap<>(values);
                    trial.put(name, candidate);
                    double score = score(trn2, trial, byName, cases);
                    if (score < best - 1e-9) {
                        best = score;
                        values.put(name, candidate);
                    }
                }
            }
        }
        return values;
    }

    /**
     * The objective plus a weak pull towards each parameter's documented value (PRIOR_WEIGHT x |log(value /
     * documented)|): a parameter the remaining data cannot see stays at its documented value.
     */
    private double score(Trainium2AcceleratorModel trn2, Map<String, Double> values, Map<String, Parameter> byName,
            List<ValidationCase> cases) {
        double prior = 0;
        for (Map.Entry<String, Double> v : values.entrySet()) {
            prior += PRIOR_WEIGHT * Math.abs(Math.log(v.getValue() / byName.get(v.getKey()).documented()));
        }
        return objective(predict(trn2.withParameters(values), cases)) + prior;
    }

    private static double[] grid(double min, double max) {
        double[] g = new double[GRID_POINTS];
        double lo = Math.log(min);
        double hi = Math.log(max);
        for (int i = 0; i < GRID_POINTS; i++) {
            g[i] = Math.exp(lo + (hi - lo) * i / (GRID_POINTS - 1));
        }
        g[0] = min;
        g[GRID_POINTS - 1] = max;
        return g;
    }

    /** One held-out source: the fit without it and its scenarios' predictions under that fit. */
    public record HeldOut(String source, Map<String, Double> fitted, List<CasePrediction> predictions) {
    }

    /** Fits without each source in turn and predicts that source's scenarios. */
    public List<HeldOut> leaveOneSourceOut(Trainium2AcceleratorModel trn2, List<ValidationCase> cases) {
        Map<String, List<ValidationCase>> bySource = new TreeMap<>();
        cases.forEach(c -> bySource.computeIfAbsent(c.source(), k -> new ArrayList<>()).add(c));
        List<HeldOut> out = new ArrayList<>();
        for (Map.Entry<String, List<ValidationCase>> source : bySource.entrySet()) {
            List<ValidationCase> rest = cases.stream().filter(c -> !c.source().equals(source.getKey())).toList();
            Map<String, Double> fitted = fit(trn2, rest);
            out.add(new HeldOut(source.getKey(), fitted, predict(trn2.withParameters(fitted), source.getValue())));
        }
        return out;
    }

    /** Measurement rows a scenario stands for (one per metric measured). */
    public static int rows(List<CasePrediction> predictions) {
        return predictions.stream().mapToInt(p -> p.predicted().size()).sum();
    }

    /** Within this fraction of the range's width of either end a parameter is flagged (as the service report does). */
    static final double EDGE_FRACTION = 0.05;

    /**
     * A parameter flagged for review: calibrated (on measurements or on the write-up's ratios) and within
     * {@link #EDGE_FRACTION} of an end of its plausible range, or more than 2x from its documented value; the flag
     * says whether its note gives a written reason.
     */
    public static List<String> flags(List<Parameter> parameters) {
        List<String> flags = new ArrayList<>();
        for (Parameter p : parameters) {
            if (!p.calibrated() && !p.source().contains("write-up's ratios")) {
                continue;
            }
            double margin = EDGE_FRACTION * (p.max() - p.min());
            boolean edge = p.min() < p.max() && (p.value() <= p.min() + margin || p.value() >= p.max() - margin);
            double ratio = p.documented() == 0 ? 1 : p.value() / p.documented();
            if (edge || ratio > 2 || ratio < 0.5) {
                flags.add(String.format(Locale.ROOT, "%s = %.4g %s (documented %.4g, range %.4g..%.4g)%s%s%s", p.name(),
                        p.value(), p.unit(), p.documented(), p.min(), p.max(), edge ? " NEAR A RANGE END" : "",
                        ratio > 2 || ratio < 0.5 ? String.format(Locale.ROOT, " %.1fx documented", ratio) : "",
                        p.source().contains("Written reason") ? " (written reason given)" : " (NO WRITTEN REASON)"));
            }
        }
        return flags;
    }

    /** The full text report: per-scenario errors, per source and overall stats, LOSO table, parameters and flags. */
    public String report(Trainium2AcceleratorModel trn2, List<ValidationCase> cases, List<String> skipped,
            boolean withLeaveOneSourceOut) {
        StringBuilder out = new StringBuilder();
        List<CasePrediction> predictions = predict(trn2, cases);
        out.append("=== Trainium2 validation: public-measurements.csv (+ vllm-neuron Qwen3.5-2B README)\n");
        for (CasePrediction p : predictions) {
            out.append(String.format(Locale.ROOT, "  %-88s", p.scenario().label()));
            if (p.skipReason() != null) {
                out.append(" SKIPPED: ").append(p.skipReason()).append('\n');
                continue;
            }
            for (ServingMetric m : ServingMetric.values()) {
                Double e = p.error(m);
                if (e != null) {
                    out.append(String.format(Locale.ROOT, " %s %.4g->%.4g (%+.0f%%)", m.name().toLowerCase(Locale.ROOT),
                            p.scenario().measured().get(m), p.predicted().get(m), 100 * e));
                }
            }
            out.append('\n');
        }
        skipped.forEach(s -> out.append("  skipped: ").append(s).append('\n'));
        out.append(table("all Trainium2 scenarios", predictions));
        Map<String, List<CasePrediction>> bySource = new TreeMap<>();
        predictions.forEach(p -> bySource.computeIfAbsent(p.scenario().source(), k -> new ArrayList<>()).add(p));
        bySource.forEach((source, list) -> out.append(table(source, list)));
        if (withLeaveOneSourceOut) {
            out.append("--- leave-one-source-out (fit ").append(FITTED).append(" without the source, predict it)\n");
            List<CasePrediction> all = new ArrayList<>();
            for (HeldOut h : leaveOneSourceOut(trn2, cases)) {
                all.addAll(h.predictions());
                out.append(table(h.source() + " [held out; fit " + compact(h.fitted()) + "]", h.predictions()));
            }
            out.append(table("all sources, each held out", all));
        }
        out.append("--- calibrated parameters (value / documented, plausible range)\n");
        for (Parameter p : trn2.allParameters()) {
            if (p.calibrated()) {
                out.append(String.format(Locale.ROOT, "  %-36s %10.4g / %-10.4g [%g, %g] %s%s%n", p.name(), p.value(),
                        p.documented(), p.min(), p.max(), p.unit(),
                        FITTED.contains(p.name()) ? "  (fitted on measurements)" : ""));
            }
        }
        out.append("--- set from the write-up's ratios (S1-S7), not from measurements\n");
        for (Parameter p : trn2.allParameters()) {
            if (p.source().contains("write-up's ratios")) {
                out.append(String.format(Locale.ROOT, "  %-36s %10.4g / %-10.4g [%g, %g] %s%n", p.name(), p.value(),
                        p.documented(), p.min(), p.max(), p.unit()));
            }
        }
        List<String> flags = flags(trn2.allParameters());
        out.append("--- flags (within 5% of a range end or > 2x documented): ").append(flags.isEmpty() ? "none" : "").append('\n');
        flags.forEach(f -> out.append("  ").append(f).append('\n'));
        return out.toString();
    }

    private static String compact(Map<String, Double> values) {
        StringBuilder b = new StringBuilder();
        values.forEach((k, v) -> b.append(b.length() == 0 ? "" : ", ").append(k.replaceAll(".*/", ""))
                .append('=').append(String.format(Locale.ROOT, "%.3g", v)));
        return b.toString();
    }

    static String table(String title, List<CasePrediction> predictions) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "--- %s: %d scenarios, %d measurement rows%n", title,
                predictions.size(), rows(predictions)));
        out.append("    metric              rows  median |err|  p90 |err|  max |err|\n");
        for (ServingMetric m : ServingMetric.values()) {
            stats(predictions, m).ifPresent(s -> out.append(String.format(Locale.ROOT,
                    "    %-18s %5d  %11.1f%%  %8.1f%%  %8.1f%%%n", m.name().toLowerCase(Locale.ROOT), s.rows(),
                    100 * s.medianAbs(), 100 * s.p90Abs(), 100 * s.maxAbs())));
        }
        return out.toString();
    }
}
