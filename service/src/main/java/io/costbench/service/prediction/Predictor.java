package io.costbench.service.prediction;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import java.util.TreeMap;
import java.util.TreeSet;

import org.springframework.stereotype.Service;

import io.costbench.engine.data.DataFiles;
import io.costbench.engine.model.CatalogModel;
import io.costbench.engine.model.ModelCatalog;
import io.costbench.engine.port.AcceleratorModel;
import io.costbench.engine.port.CostCategory;
import io.costbench.engine.port.Deployment;
import io.costbench.engine.port.DeploymentRequest;
import io.costbench.engine.port.DoesNotFitException;
import io.costbench.engine.port.StepCost;
import io.costbench.engine.port.StepExplanation;
import io.costbench.engine.sim.DatasetLengths;
import io.costbench.engine.sim.ServingSimulator;
import io.costbench.engine.sim.SimulationResult;
import io.costbench.engine.sim.Workload;

import io.costbench.service.simulation.SimulationBusyException;
import io.costbench.service.simulation.SimulationLimits;

/**
 * Where a prediction is computed: deploys a resolved {@link Scenario} on its accelerator family and runs the serving
 * simulator. Simulators are kept per deployment so repeated predictions and sweep points share their memoised step
 * prices. A simulation is deterministic (the workload carries its seed), so finished predictions are kept too, per
 * scenario and deployment parameter hash: CI pushes the same few scenarios over and over, and each is simulated
 * once, not once per push.
 */
@Service
public class Predictor {

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

    /**
     * Finished predictions by scenario and the hash of the parameters it was priced with (a few KB each, so at most
     * about 3 MB), least recently used first out.
     */
    private static final int CACHED_PREDICTIONS = 1024;

    private final Map<PredictionKey, Prediction> predictions = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<PredictionKey, Prediction> eldest) {
            return size() > CACHED_PREDICTIONS;
        }
    };

    private final SimulationLimits limits;

    public Predictor(ModelCatalog models, AcceleratorRegistry accelerators, SimulationLimits limits) {
        this.models = models;
        this.accelerators = accelerators;
        this.limits = limits;
    }

    /**
     * @throws DoesNotFitException          when the model does not fit at that tensor parallelism (naming the
     *                                      smallest that fits)
     * @throws UnsupportedScenarioException when the family or the simulator cannot run the scenario
     * @throws io.costbench.engine.sim.OverBudgetException          over the simulation budget (before any work)
     * @throws SimulationBusyException                               no simulation slot free for this caller
     * @throws io.costbench.engine.sim.SimulationCancelledException its deadline passed
     */
    public Prediction predict(Scenario scenario) {
        ServingSimulator simulator = simulator(scenario);
        PredictionKey key = new PredictionKey(scenario, simulator.deployment().parametersSha256(), null);
        synchronized (predictions) {
            Prediction cached = predictions.get(key);
            if (cached != null) {
                return cached;
            }
        }
        Prediction prediction = predict(scenario, run(simulator, scenario));
        synchronized (predictions) {
            predictions.putIfAbsent(key, prediction);
        }
        return prediction;
    }

    /**
     * A run of a dataset whose lengths its client samples, {@code stated} giving their means: one run is one draw, so
     * the prediction is the mean over {@link DatasetLengths#runsOf} seeded draws (seeds from the workload's), each
     * simulated on the one deployment that serves the longest request drawn. Its metrics, median decode step and
     * prefill share are the draws' means, its scenario the stated one as deployed.
     *
     * @throws UnsupportedScenarioException for means the dataset's sampler cannot draw, and as {@link #predict}
     */
    public Prediction predictMean(Scenario stated, DatasetLengths dataset) {
        Workload workload = stated.workload();
        if (!dataset.holds(workload.inputTokens(), workload.outputTokens())) {
            throw new UnsupportedScenarioException("inputTokens", dataset.name() + "'s sampler draws prompts of "
                    + dataset.minTokens() + "-" + dataset.maxPromptTokens() + " tokens and at most "
                    + dataset.maxTotalTokens() + " in all, so no mean of " + workload.inputTokens() + " prompt and "
                    + workload.outputTokens() + " answer tokens", null);
        }
        List<Workload> draws = dataset.draws(workload);
        int longest = draws.stream().mapToInt(draw -> draw.inputTokens() + draw.outputTokens()).max().orElseThrow();
        ServingSimulator simulator = simulator(stated.model(), stated.target(), longest);
        PredictionKey key = new PredictionKey(stated, simulator.deployment().parametersSha256(), dataset);
        synchronized (predictions) {
            Prediction cached = predictions.get(key);
            if (cached != null) {
                return cached;
            }
        }
        Map<String, Double> metrics = new TreeMap<>();
        Map<String, Double> breakdown = new LinkedHashMap<>();
        double prefillTimeShare = 0;
        Prediction first = null;
        for (Workload draw : draws) {
            Scenario drawn = new Scenario(stated.model(), stated.target(), draw);
            Prediction one = predict(drawn, run(simulator, drawn));
            first = first == null ? one : first;
            one.metrics().forEach((metric, value) -> metrics.merge(metric, value / draws.size(), Double::sum));
            one.breakdown().forEach((category, ms) -> breakdown.merge(category, ms / draws.size(), Double::sum));
            prefillTimeShare += one.prefillTimeShare() / draws.size();
        }
        Prediction mean = new Prediction(new Scenario(stated.model(), first.scenario().target(), workload),
                first.chips(), Collections.unmodifiableMap(metrics), Collections.unmodifiableMap(breakdown),
                prefillTimeShare, first.provenance());
        synchronized (predictions) {
            predictions.putIfAbsent(key, mean);
        }
        return mean;
    }

    /** The prediction of one simulation; its maps are read-only, since a cached prediction is shared. */
    private Prediction predict(Scenario scenario, Run run) {
        SimulationResult result = run.result();
        StepCost median = result.medianDecodeStep().cost();
        Map<String, Double> breakdown = new LinkedHashMap<>();
        for (CostCategory category : CostCategory.values()) {
            breakdown.put(category.name().toLowerCase(Locale.ROOT), median.ms(category));
        }
        breakdown.put("totalMs", median.timeMs());
        Deployment deployment = run.deployment();
        ServingTarget asDeployed = new ServingTarget(scenario.target().hardware(), scenario.target().profile(),
                deployment.tensorParallel(), deployment.precision(), new ArrayList<>(deployment.optimizations()),
                scenario.target().staticShapes());
        return new Prediction(new Scenario(scenario.model(), asDeployed, scenario.workload()), deployment.chips(),
                result.metrics(), Collections.unmodifiableMap(breakdown),
                result.stats().prefillTimeShare(),
                new Prediction.Provenance(models.entry(scenario.model()).contentSha256(),
                        deployment.parametersSha256()));
    }

    /** Why the median decode step of the prediction costs what it costs. */
    public StepExplanation explain(Scenario scenario) {
        Run run = run(simulator(scenario), scenario);
        return run.deployment().explain(run.result().medianDecodeStep().shape());
    }

    /** A version of everything predictions are computed from: model files, hardware and profile entries. */
    public String catalogVersion() {
        return DataFiles.sha256(models.contentSha256() + accelerators.hardware() + accelerators.profiles()
                + accelerators.optimizations());
    }

    private Run run(ServingSimulator simulator, Scenario scenario) {
        try {
            return new Run(simulator.deployment(), limits.run(simulator, scenario.workload()));
        } catch (IllegalArgumentException e) {
            throw new UnsupportedScenarioException("inputTokens", e.getMessage(), e);
        }
    }

    private ServingSimulator simulator(Scenario scenario) {
        return simulator(scenario.model(), scenario.target(),
                scenario.workload().inputTokens() + scenario.workload().outputTokens());
    }

    private ServingSimulator simulator(String modelId, ServingTarget target, int maxModelLen) {
        DeploymentKey key = new DeploymentKey(modelId, target, maxModelLen);
        synchronized (simulators) {
            ServingSimulator cached = simulators.get(key);
            if (cached != null) {
                return cached;
            }
        }
        AcceleratorModel family = accelerators.forHardware(target.hardware()).orElseThrow(() ->
                new IllegalStateException("unresolved hardware " + target.hardware()));
        CatalogModel model = models.entry(modelId);
        Deployment deployment;
        try {
            deployment = family.deploy(model.spec(), request(target, target.tensorParallel(), key.maxModelLen()));
        } catch (DoesNotFitException e) {
            throw e.withSmallestFittingTensorParallel(smallestFitting(family, model, target, key.maxModelLen()));
        } catch (IllegalArgumentException e) {
            throw new UnsupportedScenarioException("scenario", e.getMessage(), e);
        }
        ServingSimulator simulator = limits.simulator(deployment);
        synchronized (simulators) {
            return simulators.computeIfAbsent(key, k -> simulator);
        }
    }

    /** The smallest tensor parallelism above the target's at which the family deploys the model, if any. */
    private static OptionalInt smallestFitting(AcceleratorModel family, CatalogModel model, ServingTarget target,
            int maxModelLen) {
        for (int tp : new TreeSet<>(ScenarioLimits.TENSOR_PARALLEL)) {
            if (tp <= target.tensorParallel()) {
                continue;
            }
            try {
                family.deploy(model.spec(), request(target, tp, maxModelLen));
                return OptionalInt.of(tp);
            } catch (IllegalArgumentException | DoesNotFitException e) {
                // not at this TP either: try the next
            }
        }
        return OptionalInt.empty();
    }

    private static DeploymentRequest request(ServingTarget target, int tensorParallel, int maxModelLen) {
        return new DeploymentRequest(target.hardware(), target.profile(), tensorParallel, target.precision(),
                target.optimizations() == null ? null : new TreeSet<>(target.optimizations()), maxModelLen,
                target.staticShapes());
    }

    private record Run(Deployment deployment, SimulationResult result) {
    }

    private record DeploymentKey(String model, ServingTarget target, int maxModelLen) {
    }

    /** A scenario's prediction, or with {@code dataset} the mean over that dataset's draws around its lengths. */
    private record PredictionKey(Scenario scenario, String parametersSha256, DatasetLengths dataset) {
    }
}
