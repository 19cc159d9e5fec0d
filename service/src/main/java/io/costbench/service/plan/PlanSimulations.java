package io.costbench.service.plan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

import org.springframework.stereotype.Component;

import io.costbench.engine.model.CatalogModel;
import io.costbench.engine.port.CatalogEntry;
import io.costbench.engine.port.Deployment;
import io.costbench.engine.port.DeploymentRequest;
import io.costbench.engine.port.DoesNotFitException;
import io.costbench.engine.port.ProfileEntry;
import io.costbench.engine.sim.Workload;
import io.costbench.service.prediction.AcceleratorRegistry;
import io.costbench.service.prediction.Predictor;
import io.costbench.service.prediction.Scenario;
import io.costbench.service.prediction.ScenarioLimits;
import io.costbench.service.prediction.ScenarioResolver;
import io.costbench.service.prediction.ServingTarget;
import io.costbench.service.prediction.UnknownIdException;

/**
 * The planner's only door to the prediction core: ids resolve through {@link ScenarioResolver}, points are predicted
 * by {@link Predictor} (so a plan's point equals the prediction of the same scenario, on the same cached simulators).
 * Deploying a candidate here only answers what the search needs before simulating: does it fit, what does it bill,
 * which batch sizes are compiled. Deployments and simulated points are kept in small LRU caches, so a repeated plan
 * costs little.
 */
@Component
class PlanSimulations {

    /** The tensor parallelisms a prediction accepts, smallest first. */
    static final List<Integer> TENSOR_PARALLEL = ScenarioLimits.TENSOR_PARALLEL.stream().sorted().toList();

    private final ScenarioResolver resolver;
    private final Predictor predictor;
    private final AcceleratorRegistry accelerators;
    private final PlanProperties properties;
    private final Map<ServingTargetKey, Deployed> deployments;
    private final Map<PointKey, Map<String, Double>> points;

    PlanSimulations(ScenarioResolver resolver, Predictor predictor, AcceleratorRegistry accelerators,
            PlanProperties properties) {
        this.resolver = resolver;
        this.predictor = predictor;
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
        return predictor.catalogVersion();
    }

    /**
     * @return the hash of the model's catalog files
     * @throws PlanInputException naming {@code field} for a model the catalog does not have
     */
    String requireModel(String field, String model) {
        try {
            return resolver.catalogModel(model).contentSha256();
        } catch (UnknownIdException e) {
            throw new PlanInputException(field, e.getMessage());
        }
    }

    /** @throws PlanInputException naming {@code field.hardware} (or profile, optimizations, precision) */
    void requireTarget(String field, CandidateSpec candidate) {
        target(field, candidate);
    }

    private ServingTarget target(String field, CandidateSpec candidate) {
        try {
            return resolver.target(candidate.hardware(), candidate.profile(), candidate.tensorParallel(),
                    candidate.precision(), candidate.optimizations());
        } catch (UnknownIdException e) {
            throw new PlanInputException(field + "." + e.field(), e.getMessage());
        }
    }

    /** Every hardware id the families offer, with each profile that runs on it (hardware, profile, precision). */
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
        ServingTarget target = target("candidate", candidate);
        ServingTargetKey key = new ServingTargetKey(resolver.model(modelId), target, maxModelLen);
        synchronized (deployments) {
            Deployed cached = deployments.get(key);
            if (cached != null) {
                return cached;
            }
        }
        CatalogModel model = resolver.catalogModel(modelId);
        Deployment deployment = accelerators.forHardware(target.hardware()).orElseThrow().deploy(model.spec(),
                new DeploymentRequest(target.hardware(), target.profile(), target.tensorParallel(),
                        target.precision(), target.optimizations() == null ? null
                                : new TreeSet<>(target.optimizations()), maxModelLen));
        Deployed deployed = new Deployed(key, deployment.chips(), deployment.tensorParallel(),
                deployment.precision().name().toLowerCase(Locale.ROOT),
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
        Map<String, Double> metrics = predictor.predict(new Scenario(deployed.key().model(), deployed.key().target(),
                new Workload(workload.inputTokens(), workload.outputTokens(), workload.rangeRatio(), concurrency, 0,
                        prompts, properties.seed()))).metrics();
        synchronized (points) {
            points.put(key, metrics);
        }
        return metrics;
    }

    /** A deployed candidate, resolved: what it bills and what its prices come from. */
    record Deployed(ServingTargetKey key, int chips, int tensorParallel, String precision, List<String> optimizations,
            String parametersSha256, List<Integer> batchBuckets) {

        String profile() {
            return key.target().profile();
        }
    }

    record ServingTargetKey(String model, ServingTarget target, int maxModelLen) {
    }

    private record PointKey(ServingTargetKey deployment, PlanWorkload workload, int concurrency) {
    }
}
