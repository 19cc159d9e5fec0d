package io.costbench.service.plan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Supplier;

import org.springframework.stereotype.Component;

import io.costbench.engine.model.CatalogModel;
import io.costbench.engine.port.CatalogEntry;
import io.costbench.engine.port.Deployment;
import io.costbench.engine.port.DeploymentRequest;
import io.costbench.engine.port.DoesNotFitException;
import io.costbench.engine.graph.StepShape;
import io.costbench.engine.port.ProfileEntry;
import io.costbench.engine.port.SchedulingRules;
import io.costbench.engine.sim.Workload;
import io.costbench.service.prediction.AcceleratorRegistry;
import io.costbench.service.prediction.Predictor;
import io.costbench.service.prediction.Scenario;
import io.costbench.service.prediction.ScenarioLimits;
import io.costbench.service.prediction.ScenarioResolver;
import io.costbench.service.prediction.ServingTarget;
import io.costbench.service.prediction.UnknownIdException;
import io.costbench.service.simulation.SimulationProperties;

/**
 * The planner's only door to the prediction core: ids resolve through {@link ScenarioResolver}, points are predicted
 * by {@link Predictor} (so a plan's point equals the prediction of the same scenario, on the same cached simulators).
 * Deploying a candidate here only answers what the search needs before simulating: does it fit, what does it bill,
 * which batch sizes are compiled. Deployments and simulated points are kept in small LRU caches, so a repeated plan
 * costs little.
 */
@Component
class PlanSimulations {

    /** Open loop: re-runs of a point whose run was shorter than its latency asks for (each at least doubles it). */
    private static final int MAX_RERUNS = 4;
    /** Open loop: a run covering this share of the 10 request lifetimes asked for is long enough (8 lifetimes). */
    private static final double ACCEPTED_SHORTFALL = 0.8;

    /** The tensor parallelisms a prediction accepts, smallest first. */
    static final List<Integer> TENSOR_PARALLEL = ScenarioLimits.TENSOR_PARALLEL.stream().sorted().toList();

    private final ScenarioResolver resolver;
    private final Predictor predictor;
    private final AcceleratorRegistry accelerators;
    private final PlanProperties properties;
    private final SimulationProperties budget;
    private final Map<ServingTargetKey, Deployed> deployments;
    private final Map<PointKey, Map<String, Double>> points;

    PlanSimulations(ScenarioResolver resolver, Predictor predictor, AcceleratorRegistry accelerators,
            PlanProperties properties, SimulationProperties budget) {
        this.resolver = resolver;
        this.predictor = predictor;
        this.accelerators = accelerators;
        this.properties = properties;
        this.budget = budget;
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

    /**
     * Every hardware id the families offer, with each profile that runs on it at every precision the profile
     * declares (hardware, profile, precision).
     */
    List<CandidateSpec> hardwareProfiles() {
        List<CandidateSpec> all = new ArrayList<>();
        for (CatalogEntry hardware : accelerators.hardware()) {
            for (ProfileEntry profile : accelerators.profiles()) {
                if (profile.hardwareIds().contains(hardware.id())) {
                    for (var precision : profile.precisions()) {
                        all.add(new CandidateSpec(hardware.id(), profile.id(), null,
                                precision.name().toLowerCase(Locale.ROOT), null));
                    }
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
                deployment.scheduling().batchBuckets(), deployment);
        synchronized (deployments) {
            return deployments.computeIfAbsent(key, k -> deployed);
        }
    }

    /**
     * Where the open-loop search starts: the request rate one replica sustains by its step prices alone, without
     * simulating. A request costs its prefill plus its share of decode steps; at batch b (every decode sequence at the
     * mean context) the replica serves 1000 / (prefill ms + output tokens x step ms / b) requests/s. The largest such
     * rate over batches 1, 2, 4, ... up to max-num-seqs and the KV cache, whose decode step stays within the SLO's
     * TPOT (interactivity) bound. Sliding-window layers read their window, not the whole context, as in the
     * simulator's steps. It ignores queueing and prefill stalling decodes, so it is an upper estimate; it only orders
     * the search's runs, never decides a point ({@link OperatingPointSearch#searchRate(java.util.function.Function,
     * List, Slo, int)}).
     */
    static double sustainableRequestsPerSecond(Deployment deployment, PlanWorkload workload, Slo slo) {
        SchedulingRules rules = deployment.scheduling();
        int window = deployment.model().slidingWindowTokens();
        int input = (int) Math.round(workload.inputTokens() * (1.0 - workload.lengthSpread() / 2.0));
        double output = workload.meanOutputTokens();
        double prefillMs = deployment.price(StepShape.prefill(Math.max(1, input))).timeMs();
        long perSequence = (long) workload.inputTokens() + workload.outputTokens();
        long maxBatch = Math.max(1, Math.min(rules.maxNumSeqs(), rules.kvCacheCapacityTokens() / perSequence));
        double stepLimitMs = slo.decodeStepLimitMs();
        int context = input + (int) Math.round(output / 2);
        double best = 0;
        for (long batch = 1; ; batch = Math.min(maxBatch, 2 * batch)) {
            double stepMs = deployment.price(StepShape.decode((int) batch, context, window)).timeMs();
            if (stepMs > stepLimitMs) {
                break;
            }
            best = Math.max(best, 1000.0 / (prefillMs + output * stepMs / batch));
            if (batch == maxBatch) {
                break;
            }
        }
        return best;
    }

    /** vLLM bench metrics of the deployment at a concurrency, closed loop, the configured prompts per user. */
    Map<String, Double> simulate(Deployed deployed, PlanWorkload workload, int concurrency) {
        int prompts = Math.max(properties.minPrompts(), properties.promptsPerConcurrency() * concurrency);
        return point(new PointKey(deployed.key(), workload, concurrency, 0, 0), () -> new Workload(
                workload.inputTokens(), workload.outputTokens(), workload.rangeRatio(), concurrency, 0, prompts,
                properties.seed()));
    }

    /**
     * vLLM bench metrics of the deployment under open-loop arrivals at {@code requestsPerSecond} ({@code
     * --request-rate}, {@code --burstiness}, no concurrency cap), run long enough to mean something.
     * <p>
     * At rate r a request that takes E seconds end to end has r x E others in flight (Little's law); the closed-loop
     * rule "10 requests per user" becomes 10 x r x E, so the arrivals span 10 request lifetimes and the ramp-up at the
     * start (an empty engine) and the drain at the end are a small part of the percentiles. E is what the run
     * measures under its own load, which a short run understates (its engine never fills): the first run is sized by
     * one request alone (the closed-loop concurrency 1 point), and the point is re-run at (at least twice) 10 x r x E
     * of its last run until that run covered at least 8 of its request lifetimes; a point that misses the SLO is
     * re-run too, so its figures and the monotonicity check compare runs of the same standing. A rate above
     * capacity has a queue growing by (r - capacity) for the whole span, so one grid step (19 %) over capacity has
     * waited about 1.9 request lifetimes at the end, far past any TTFT bound the rate could otherwise meet. Prompts are
     * at least min-prompts, at most what the closed loop runs at max-concurrency (the same cost bound per point) and
     * within the simulation budget (tokens; decode steps even one request at a time).
     */
    Map<String, Double> simulateRate(Deployed deployed, PlanWorkload workload, double requestsPerSecond,
            double burstiness) {
        PointKey key = new PointKey(deployed.key(), workload, 0, requestsPerSecond, burstiness);
        synchronized (points) {
            Map<String, Double> cached = points.get(key);
            if (cached != null) {
                return cached;
            }
        }
        double aloneMs = simulate(deployed, workload, 1).getOrDefault("mean_e2el_ms", 0.0);
        int prompts = openLoopPrompts(workload, requestsPerSecond, aloneMs);
        Map<String, Double> metrics = run(deployed, workload, requestsPerSecond, burstiness, prompts);
        int cap = maxOpenLoopPrompts(workload);
        for (int rerun = 0; rerun < MAX_RERUNS && prompts < cap; rerun++) {
            int needed = openLoopPrompts(workload, requestsPerSecond, metrics.getOrDefault("mean_e2el_ms", 0.0));
            if (prompts >= ACCEPTED_SHORTFALL * needed) {
                break;
            }
            prompts = (int) Math.min(cap, Math.max(needed, 2L * prompts));
            metrics = run(deployed, workload, requestsPerSecond, burstiness, prompts);
        }
        synchronized (points) {
            points.put(key, metrics);
        }
        return metrics;
    }

    private Map<String, Double> run(Deployed deployed, PlanWorkload workload, double requestsPerSecond,
            double burstiness, int prompts) {
        return predictor.predict(new Scenario(deployed.key().model(), deployed.key().target(), new Workload(
                workload.inputTokens(), workload.outputTokens(), workload.rangeRatio(), 0, requestsPerSecond, prompts,
                properties.seed(), burstiness))).metrics();
    }

    /** 10 x rate x E requests (see {@link #simulateRate}), within min-prompts and the cap. */
    private int openLoopPrompts(PlanWorkload workload, double requestsPerSecond, double endToEndMs) {
        long wanted = (long) Math.ceil(properties.promptsPerConcurrency() * requestsPerSecond * endToEndMs / 1000.0);
        return (int) Math.min(maxOpenLoopPrompts(workload), Math.max(properties.minPrompts(), wanted));
    }

    /** What the closed loop runs at max-concurrency, within the simulation budget. */
    private int maxOpenLoopPrompts(PlanWorkload workload) {
        long perPrompt = (long) workload.inputTokens() + workload.outputTokens();
        long cap = Math.min((long) properties.promptsPerConcurrency() * properties.maxConcurrency(),
                Math.min(budget.maxSimulatedTokens() / perPrompt, budget.maxDecodeSteps() / workload.outputTokens()));
        return (int) Math.max(1, cap);
    }

    private Map<String, Double> point(PointKey key, Supplier<Workload> workload) {
        synchronized (points) {
            Map<String, Double> cached = points.get(key);
            if (cached != null) {
                return cached;
            }
        }
        Map<String, Double> metrics = predictor.predict(new Scenario(key.deployment().model(),
                key.deployment().target(), workload.get())).metrics();
        synchronized (points) {
            points.put(key, metrics);
        }
        return metrics;
    }

    /** A deployed candidate, resolved: what it bills and what its prices come from. */
    record Deployed(ServingTargetKey key, int chips, int tensorParallel, String precision, List<String> optimizations,
            String parametersSha256, List<Integer> batchBuckets, Deployment deployment) {

        String profile() {
            return key.target().profile();
        }
    }

    record ServingTargetKey(String model, ServingTarget target, int maxModelLen) {
    }

    /** One simulated point: closed loop at {@code concurrency} (rate 0), or open loop at a rate (concurrency 0). */
    private record PointKey(ServingTargetKey deployment, PlanWorkload workload, int concurrency,
            double requestsPerSecond, double burstiness) {
    }
}
