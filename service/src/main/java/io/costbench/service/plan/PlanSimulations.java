package io.costbench.service.plan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.springframework.stereotype.Component;

import io.costbench.engine.model.CatalogModel;
import io.costbench.engine.model.Precision;
import io.costbench.engine.port.CatalogEntry;
import io.costbench.engine.port.Deployment;
import io.costbench.engine.port.DeploymentRequest;
import io.costbench.engine.port.DoesNotFitException;
import io.costbench.engine.port.ProfileEntry;
import io.costbench.engine.sim.ServingSimulator;
import io.costbench.engine.sim.Workload;
import io.costbench.service.prediction.AcceleratorRegistry;
import io.costbench.service.prediction.PredictionService;
import io.costbench.service.web.BadInputException;

/**
 * The planner's only door to the prediction path: resolving ids against the catalog, deploying a candidate and
 * simulating it at a concurrency. Deployments (with their simulators' step-price memos) and simulated metrics are
 * kept in small LRU caches, so a plan reuses them across its search and a repeated plan costs little.
 */
@Component
class PlanSimulations {

    static final List<Integer> TENSOR_PARALLEL = List.of(1, 2, 4, 8, 16, 32, 64);

    private final PredictionService predictions;
    private final AcceleratorRegistry accelerators;
    private final PlanProperties properties;
    private final Map<DeploymentKey, Deployed> deployments;
    private final Map<PointKey, Map<String, Double>> points;

    PlanSimulations(PredictionService predictions, AcceleratorRegistry accelerators, PlanProperties properties) {
        this.predictions = predictions;
        this.accelerators = accelerators;
        this.properties = properties;
        this.deployments = lru(properties.cachedDeployments());
        this.points = lru(properties.cachedPoints());
    }

    private static <K, V> Map<K, V> lru(int size) {
        return new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
                return size() > size;
            }
        };
    }

    String catalogVersion() {
        return predictions.catalogVersion();
    }

    /**
     * @return the hash of the model's catalog files
     * @throws PlanInputException naming {@code field} for a model the catalog does not have
     */
    String requireModel(String field, String model) {
        try {
            return predictions.model(model).contentSha256();
        } catch (BadInputException e) {
            throw new PlanInputException(field, e.reason());
        }
    }

    /** @throws PlanInputException naming {@code field.hardware} (or profile, optimizations) for unknown ids */
    void requireTarget(String field, CandidateSpec candidate) {
        try {
            predictions.target(candidate.hardware(), candidate.profile(), candidate.optimizations());
        } catch (BadInputException e) {
            throw new PlanInputException(field + "." + e.field(), e.reason());
        }
    }

    /** Every hardware id the families offer, with each profile that runs on it (hardware, profile). */
    List<CandidateSpec> hardwareProfiles() {
        List<CandidateSpec> all = new ArrayList<>();
        for (CatalogEntry hardware : accelerators.hardware()) {
            for (ProfileEntry profile : accelerators.profiles()) {
                if (profile.hardwareIds().contains(hardware.id())) {
                    all.add(new CandidateSpec(hardware.id(), profile.id(), null,
                            profile.defaultPrecision().toLowerCase(Locale.ROOT), null));
                }
            }
        }
        return all;
    }

    /**
     * Deploys a candidate for sequences up to {@code maxModelLen} tokens.
     *
     * @throws DoesNotFitException      when the model does not fit at that tensor parallelism
     * @throws IllegalArgumentException when the family refuses the configuration (say a TP that does not divide
     *                                  the heads)
     */
    Deployed deploy(String modelId, CandidateSpec candidate, int maxModelLen) {
        var target = predictions.target(candidate.hardware(), candidate.profile(), candidate.optimizations());
        ProfileEntry profile = target.profile();
        String precision = candidate.precision() != null ? candidate.precision()
                : profile.defaultPrecision().toLowerCase(Locale.ROOT);
        Set<String> optimizations = candidate.optimizations() == null ? null
                : new TreeSet<>(candidate.optimizations());
        DeploymentKey key = new DeploymentKey(modelId, candidate.hardware(), profile.id(),
                candidate.tensorParallel(), precision, optimizations, maxModelLen);
        synchronized (deployments) {
            Deployed cached = deployments.get(key);
            if (cached != null) {
                return cached;
            }
        }
        CatalogModel model = predictions.model(modelId);
        Deployment deployment = target.family().deploy(model.spec(), new DeploymentRequest(candidate.hardware(),
                profile.id(), candidate.tensorParallel(), Precision.parse(precision), optimizations, maxModelLen));
        Deployed deployed = new Deployed(key, new ServingSimulator(deployment), deployment.chips(),
                deployment.tensorParallel(), deployment.precision().name().toLowerCase(Locale.ROOT),
                List.copyOf(new TreeSet<>(deployment.optimizations())), deployment.parametersSha256(),
                deployment.scheduling().batchBuckets());
        synchronized (deployments) {
            return deployments.computeIfAbsent(key, k -> deployed);
        }
    }

    /** vLLM bench metrics of the deployment at a concurrency, closed loop, the configured prompts per user. */
    Map<String, Double> simulate(Deployed deployed, PlanWorkload workload, int concurrency) {
        PointKey key = new PointKey(deployed.key(), workload, concurrency);
        synchronized (points) {
            Map<String, Double> cached = points.get(key);
            if (cached != null) {
                return cached;
            }
        }
        int prompts = Math.max(properties.minPrompts(), properties.promptsPerConcurrency() * concurrency);
        Map<String, Double> metrics = deployed.simulator().run(new Workload(workload.inputTokens(),
                workload.outputTokens(), workload.rangeRatio(), concurrency, 0, prompts, properties.seed())).metrics();
        synchronized (points) {
            points.put(key, metrics);
        }
        return metrics;
    }

    /** A deployed candidate, resolved: what it bills and what its prices come from. */
    record Deployed(DeploymentKey key, ServingSimulator simulator, int chips, int tensorParallel, String precision,
            List<String> optimizations, String parametersSha256, List<Integer> batchBuckets) {
    }

    record DeploymentKey(String model, String hardware, String profile, Integer tensorParallel, String precision,
            Set<String> optimizations, int maxModelLen) {
    }

    private record PointKey(DeploymentKey deployment, PlanWorkload workload, int concurrency) {
    }
}
