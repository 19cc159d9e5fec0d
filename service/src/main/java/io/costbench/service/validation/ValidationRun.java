package io.costbench.service.validation;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import io.costbench.engine.model.ModelCatalog;
import io.costbench.engine.model.Precision;
import io.costbench.engine.port.AcceleratorModel;
import io.costbench.engine.port.Deployment;
import io.costbench.engine.port.DeploymentRequest;
import io.costbench.engine.port.InProcessDeployment;
import io.costbench.engine.port.DoesNotFitException;
import io.costbench.engine.sim.ServingSimulator;
import io.costbench.engine.sim.SimulationResult;
import io.costbench.engine.sim.Workload;

/**
 * Predicts every measurement with whichever accelerator family offers its hardware, through the serving simulator as
 * a prediction would. Rows no family can run are kept with the reason, so coverage is reported next to error.
 */
public final class ValidationRun {

    /**
     * @param predicted  predicted values for the metrics the row measured (empty when skipped)
     * @param skipReason why the row was not predicted, or null
     * @param deployment the deployment used (null when skipped), for its parameters
     */
    public record Outcome(Measurement measurement, Map<ValidationMetric, Double> predicted, String skipReason,
            Deployment deployment) {

        /** (predicted - measured) / measured, for a metric the row has both of. */
        public Optional<Double> relativeError(ValidationMetric metric) {
            Double p = predicted.get(metric);
            Double m = measurement.measured().get(metric);
            return p == null || m == null || m == 0 ? Optional.empty() : Optional.of((p - m) / m);
        }
    }

    /** The optimization switch a family offers for an FP8 KV cache (kvCacheDtype "fp8"). */
    static final String FP8_KV_CACHE = "fp8-kv-cache";

    private final ModelCatalog models;
    private final List<AcceleratorModel> families;
    private final Map<String, Object> deployments = new HashMap<>();

    public ValidationRun(ModelCatalog models, List<AcceleratorModel> families) {
        this.models = models;
        this.families = List.copyOf(families);
    }

    public List<Outcome> predict(List<Measurement> measurements) {
        List<Outcome> outcomes = new ArrayList<>();
        for (Measurement m : measurements) {
            outcomes.add(predict(m));
        }
        return outcomes;
    }

    public Outcome predict(Measurement m) {
        Optional<AcceleratorModel> family = families.stream().filter(f -> f.supportsHardware(m.hardwareId()))
                .findFirst();
        if (family.isEmpty()) {
            return skipped(m, "no accelerator model offers " + m.hardwareId());
        }
        if (family.get().profiles().stream().noneMatch(p -> p.id().equals(m.profileId())
                && p.hardwareIds().contains(m.hardwareId()))) {
            return skipped(m, "no profile " + m.profileId() + " on " + m.hardwareId());
        }
        if (models.find(m.modelId()).isEmpty()) {
            return skipped(m, "model " + m.modelId() + " not in the catalog");
        }
        String key = String.join("|", m.modelId(), m.hardwareId(), m.profileId(), m.precision(),
                String.valueOf(m.tensorParallel()), String.valueOf(m.maxModelLenTokens()),
                m.kvCacheDtype(), String.valueOf(new TreeSet<>(m.engineOptions())),
                String.valueOf(m.viaServer()), String.valueOf(m.staticShapes()), String.valueOf(m.maxBatchedTokens()));
        Object cached = deployments.computeIfAbsent(key, k -> deploy(family.get(), m));
        if (cached instanceof String reason) {
            return skipped(m, reason);
        }
        ServingSimulator simulator = (ServingSimulator) cached;
        List<Workload> runs = !m.clientRuns().isEmpty() ? m.clientRuns() : List.of(workloadOf(m));
        Map<ValidationMetric, Double> predicted = new EnumMap<>(ValidationMetric.class);
        for (Workload run : runs) {
            SimulationResult result;
            try {
                result = simulator.run(run);
            } catch (IllegalArgumentException e) {
                return skipped(m, e.getMessage());
            }
            for (ValidationMetric metric : m.measured().keySet()) {
                predicted.merge(metric, result.metric(metric.simulatorMetric()) / runs.size(), Double::sum);
            }
        }
        return new Outcome(m, predicted, null, simulator.deployment());
    }

    /** The client of a row that states no runs of its own: its lengths and concurrency, its prompts or the default. */
    static Workload workloadOf(Measurement m) {
        int prompts = m.numPrompts() > 0 ? m.numPrompts() : Workload.defaultNumPrompts(m.concurrency());
        return new Workload(m.inputTokens(), m.outputTokens(), m.rangeRatio(), m.concurrency(), 0, prompts, 0);
    }

    private Object deploy(AcceleratorModel family, Measurement m) {
        Set<String> optimizations = new TreeSet<>(m.engineOptions());
        if (m.kvCacheDtype().equals("fp8")) {
            optimizations.add(FP8_KV_CACHE);
        }
        for (String id : optimizations) {
            if (family.optimizations().stream().noneMatch(o -> o.id().equals(id))) {
                return "the campaign's recipe sets " + id + ", which no switch of " + m.hardwareId() + " offers";
            }
        }
        try {
            DeploymentRequest request = new DeploymentRequest(m.hardwareId(), m.profileId(), m.tensorParallel(),
                    Precision.parse(m.precision()), optimizations.isEmpty() ? null : optimizations,
                    m.maxModelLenTokens(), m.staticShapes());
            Deployment deployment = family.deploy(models.get(m.modelId()),
                    m.maxBatchedTokens() == null ? request : request.withMaxBatchedTokens(m.maxBatchedTokens()));
            return new ServingSimulator(m.viaServer() ? deployment : new InProcessDeployment(deployment));
        } catch (DoesNotFitException e) {
            return "does not fit: " + e.getMessage();
        } catch (IllegalArgumentException e) {
            return "not deployable: " + e.getMessage();
        }
    }

    private static Outcome skipped(Measurement m, String reason) {
        return new Outcome(m, Map.of(), reason, null);
    }
}
