package io.costbench.service.prediction;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.springframework.stereotype.Service;

import io.costbench.engine.model.CatalogModel;
import io.costbench.engine.model.ModelCatalog;
import io.costbench.engine.model.Precision;
import io.costbench.engine.port.AcceleratorModel;
import io.costbench.engine.port.CatalogEntry;
import io.costbench.engine.port.CostCategory;
import io.costbench.engine.port.Deployment;
import io.costbench.engine.port.DeploymentRequest;
import io.costbench.engine.port.DoesNotFitException;
import io.costbench.engine.port.ProfileEntry;
import io.costbench.engine.port.StepCost;
import io.costbench.engine.port.StepExplanation;
import io.costbench.engine.sim.ServingSimulator;
import io.costbench.engine.sim.SimulationResult;
import io.costbench.engine.sim.Workload;
import io.costbench.pricing.PurchaseOption;
import io.costbench.service.pricing.CostCalculator;
import io.costbench.service.pricing.CostView;
import io.costbench.service.web.BadInputException;

/**
 * Resolves a request against the catalog and the accelerator families (defaults from the serving profile), deploys
 * the model and runs the serving simulator. Simulators are kept per deployment so repeated predictions and sweep
 * points share their memoised step prices.
 */
@Service
public class PredictionService {

    /** Each simulator holds a memo of priced shapes (costbench.simulation.memo-per-deployment): keep the cache small. */
    private static final int CACHED_SIMULATORS = 16;

    private final ModelCatalog models;
    private final AcceleratorRegistry accelerators;
    private final Map<DeploymentKey, ServingSimulator> simulators = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<DeploymentKey, ServingSimulator> eldest) {
            return size() > CACHED_SIMULATORS;
        }
    };

    private final CostCalculator costs;
    private final SimulationLimits limits;

    public PredictionService(ModelCatalog models, AcceleratorRegistry accelerators, CostCalculator costs,
            SimulationLimits limits) {
        this.models = models;
        this.accelerators = accelerators;
        this.costs = costs;
        this.limits = limits;
    }

    /** vLLM bench sweeps' default: 10 x concurrency, at least 20. */
    static int defaultPrompts(int concurrency) {
        return Math.min(PredictionRequests.MAX_PROMPTS, Math.max(20, 10 * concurrency));
    }

    public Prediction predict(PredictionRequest request) {
        Run run = runForApi(request);
        SimulationResult result = run.result();
        StepCost median = result.medianDecodeStep().cost();
        Map<String, Double> breakdown = new LinkedHashMap<>();
        for (CostCategory category : CostCategory.values()) {
            breakdown.put(category.name().toLowerCase(java.util.Locale.ROOT), median.ms(category));
        }
        breakdown.put("totalMs", median.timeMs());
        Deployment deployment = run.deployment();
        return new Prediction(run.scenario(), deployment.chips(), result.metrics(), breakdown,
                new Prediction.Provenance(models.entry(request.model()).contentSha256(),
                        deployment.parametersSha256()), cost(request, deployment.chips(), result.metrics()));
    }

    /** Cost per million tokens at the prediction's throughput, on the chips it occupies; null without a price. */
    private CostView cost(PredictionRequest request, int chips, Map<String, Double> metrics) {
        Double output = metrics.get("output_throughput");
        Double total = metrics.get("total_token_throughput");
        if (output == null || total == null || !(output > 0)) {
            return null;
        }
        PurchaseOption option = request.priceOption() == null ? PurchaseOption.ON_DEMAND
                : PurchaseOption.fromId(request.priceOption()).orElseThrow();
        LocalDate date = request.priceDate() == null ? null : LocalDate.parse(request.priceDate());
        return costs.costFor(request.hardware(), chips, output, total, option, date).map(CostView::of).orElse(null);
    }

    /** Why the median decode step of the prediction costs what it costs. */
    public StepExplanation explain(PredictionRequest request) {
        Run run = runForApi(request);
        return run.deployment().explain(run.result().medianDecodeStep().shape());
    }

    /** As {@link #run}, with a model that does not fit answered as a 422 naming tensorParallel. */
    private Run runForApi(PredictionRequest request) {
        try {
            return run(request);
        } catch (DoesNotFitException e) {
            BadInputException problem = BadInputException.unprocessable("tensorParallel", e.getMessage());
            problem.getBody().setProperty("requiredBytes", e.requiredBytes());
            problem.getBody().setProperty("availableBytes", e.availableBytes());
            throw problem;
        }
    }

    /**
     * Resolves, deploys and simulates.
     *
     * @throws BadInputException   for unknown ids or a scenario the family rejects (naming the field)
     * @throws DoesNotFitException when the model does not fit at that tensor parallelism
     */
    Run run(PredictionRequest request) {
        CatalogModel model = model(request.model());
        Target target = target(request.hardware(), request.profile(), request.optimizations());
        AcceleratorModel family = target.family();
        ProfileEntry profile = target.profile();
        int tp = request.tensorParallel() != null ? request.tensorParallel() : profile.defaultTensorParallel();
        String precision = request.precision() != null ? request.precision()
                : profile.defaultPrecision().toLowerCase(java.util.Locale.ROOT);
        int maxModelLen = request.inputTokens() + request.outputTokens();
        DeploymentKey key = new DeploymentKey(model.id(), request.hardware(), profile.id(), tp, precision,
                request.optimizations() == null ? null : new TreeSet<>(request.optimizations()), maxModelLen);
        ServingSimulator simulator = simulator(key, family, model);
        Deployment deployment = simulator.deployment();
        int prompts = request.numPrompts() != null ? request.numPrompts() : defaultPrompts(request.concurrency());
        long seed = request.seed() != null ? request.seed() : 0L;
        ResolvedScenario scenario = new ResolvedScenario(model.id(), request.hardware(), profile.id(),
                deployment.tensorParallel(), deployment.precision().name().toLowerCase(java.util.Locale.ROOT),
                new ArrayList<>(new TreeSet<>(deployment.optimizations())), request.inputTokens(),
                request.outputTokens(), request.concurrency(), prompts, seed);
        Workload workload = new Workload(request.inputTokens(), request.outputTokens(), 1.0, request.concurrency(), 0,
                prompts, seed);
        SimulationResult result;
        try {
            result = limits.run(simulator, workload);
        } catch (IllegalArgumentException e) {
            throw BadInputException.unprocessable("inputTokens", e.getMessage());
        }
        return new Run(scenario, deployment, result);
    }

    /** @throws BadInputException (422 naming "model") for a model the catalog does not have */
    public CatalogModel model(String id) {
        return models.find(id).orElseThrow(() -> BadInputException.unprocessable("model",
                "unknown model " + id + "; known: " + String.join(", ", models.ids())));
    }

    /**
     * The accelerator family and serving profile of a target, the profile's default when {@code profileId} is null.
     *
     * @throws BadInputException (422 naming "hardware", "profile" or "optimizations") for unknown hardware, a profile
     *                           that does not run on it, or a switch its family does not have
     */
    public Target target(String hardware, String profileId, List<String> optimizations) {
        AcceleratorModel family = accelerators.forHardware(hardware).orElseThrow(() ->
                BadInputException.unprocessable("hardware", "unknown hardware " + hardware + "; known: "
                        + String.join(", ", accelerators.hardware().stream().map(CatalogEntry::id).toList())));
        ProfileEntry profile = profile(family, hardware, profileId);
        Set<String> known = new TreeSet<>(family.optimizations().stream().map(CatalogEntry::id).toList());
        if (optimizations != null) {
            List<String> unknown = optimizations.stream().filter(id -> !known.contains(id)).toList();
            if (!unknown.isEmpty()) {
                throw BadInputException.unprocessable("optimizations", "unknown switch(es) " + unknown + " for "
                        + hardware + "; known: " + String.join(", ", known));
            }
        }
        return new Target(family, profile);
    }

    private static ProfileEntry profile(AcceleratorModel family, String hardware, String profileId) {
        List<ProfileEntry> forHardware = family.profiles().stream()
                .filter(p -> p.hardwareIds().contains(hardware)).toList();
        if (profileId == null) {
            if (forHardware.isEmpty()) {
                throw BadInputException.unprocessable("hardware", "no serving profile runs on " + hardware);
            }
            return forHardware.get(0);
        }
        return forHardware.stream().filter(p -> p.id().equals(profileId)).findFirst().orElseThrow(() ->
                BadInputException.unprocessable("profile", "unknown profile " + profileId + " for " + hardware
                        + "; known: " + String.join(", ", forHardware.stream().map(ProfileEntry::id).toList())));
    }

    /** A resolved target: the family that prices it and its serving profile. */
    public record Target(AcceleratorModel family, ProfileEntry profile) {
    }

    private ServingSimulator simulator(DeploymentKey key, AcceleratorModel family, CatalogModel model) {
        synchronized (simulators) {
            ServingSimulator cached = simulators.get(key);
            if (cached != null) {
                return cached;
            }
        }
        Deployment deployment;
        try {
            deployment = family.deploy(model.spec(), new DeploymentRequest(key.hardware(), key.profile(),
                    key.tensorParallel(), Precision.parse(key.precision()), key.optimizations(), key.maxModelLen()));
        } catch (IllegalArgumentException e) {
            throw BadInputException.unprocessable("scenario", e.getMessage());
        }
        ServingSimulator simulator = limits.simulator(deployment);
        synchronized (simulators) {
            return simulators.computeIfAbsent(key, k -> simulator);
        }
    }

    /** A version of everything predictions are computed from: model files, hardware and profile entries. */
    public String catalogVersion() {
        return io.costbench.engine.data.DataFiles.sha256(models.contentSha256() + accelerators.hardware()
                + accelerators.profiles() + accelerators.optimizations());
    }

    record Run(ResolvedScenario scenario, Deployment deployment, SimulationResult result) {
    }

    private record DeploymentKey(String model, String hardware, String profile, int tensorParallel, String precision,
            Set<String> optimizations, int maxModelLen) {
    }
}
