package io.costbench.service.run;

import java.util.Map;

import org.springframework.stereotype.Component;

import io.costbench.engine.port.DoesNotFitException;
import io.costbench.engine.sim.DatasetLengths;
import io.costbench.engine.sim.OverBudgetException;
import io.costbench.engine.sim.RequestLengths;
import io.costbench.engine.sim.SimulationCancelledException;
import io.costbench.engine.sim.Workload;
import io.costbench.service.prediction.Prediction;
import io.costbench.service.prediction.Predictor;
import io.costbench.service.prediction.Scenario;
import io.costbench.service.prediction.ScenarioLimits;
import io.costbench.service.prediction.ScenarioResolver;
import io.costbench.service.simulation.SimulationBusyException;
import io.costbench.service.prediction.UnknownIdException;
import io.costbench.service.prediction.UnsupportedScenarioException;

/**
 * What the prediction core predicts for a measured run's scenario, in vLLM's metric names and units, so a push is
 * answered with the model's error. Model and hardware may be aliases ({@code meta-llama/Llama-3.1-8B-Instruct} on
 * {@code h100-sxm5}). A run is predicted as its client ran it: the requests its file says it sent (else as a sweep
 * would), and, when it states a request rate (or a vLLM ramp-up of rates), arrivals at that rate with the file's
 * burstiness (Poisson when it states none), capped by its concurrency when it states one, not a closed loop; with
 * every request's own lengths when the file lists them, else the length spread it states (SGLang's random range
 * ratio; GuideLLM's and LLMPerf's distributions, drawn ahead; a dataset's lengths around the stated means, the
 * mean over several draws), else the stated lengths fixed. A run the catalog cannot express (unknown model or
 * hardware, neither a concurrency nor a rate, a model that does not fit, a scenario over the simulation budget or out
 * of time) gets a prediction with the reason instead of numbers, never a failed push.
 */
@Component
class RunPredictor {

    /** vLLM bench serve's default {@code --num-prompts} (benchmarks/benchmark_serving.py), for a rate run. */
    static final int RATE_RUN_PROMPTS = 1000;

    private final ScenarioResolver resolver;
    private final Predictor predictor;

    RunPredictor(ScenarioResolver resolver, Predictor predictor) {
        this.resolver = resolver;
        this.predictor = predictor;
    }

    /** The prediction compared with the measured metrics, or the reason there is none. */
    RunPrediction predict(RunScenario scenario, ClientSettings client, Map<String, Double> measured) {
        if (scenario.inputTokens() == null || scenario.outputTokens() == null) {
            return RunPrediction.unavailable("the run states no input and output token counts");
        }
        boolean rate = scenario.requestRate() != null && scenario.requestRate() > 0 || client.rampUp() != null;
        if (scenario.concurrency() == null && !rate) {
            return RunPrediction.unavailable("the run states neither a concurrency nor a request rate");
        }
        if (client.numPrompts() != null && client.numPrompts() > ScenarioLimits.MAX_PROMPTS) {
            return RunPrediction.unavailable("the run sent " + client.numPrompts() + " requests; a prediction"
                    + " simulates at most " + ScenarioLimits.MAX_PROMPTS);
        }
        try {
            int concurrency = scenario.concurrency() == null ? 1 : scenario.concurrency();
            Scenario resolved = resolver.resolve(new ScenarioResolver.Spec(scenario.model(), scenario.hardware(),
                    scenario.profile(), scenario.tensorParallel(), scenario.precision(), null,
                    scenario.inputTokens(), scenario.outputTokens(), concurrency, client.numPrompts(), null));
            String lengths = RunPrediction.FIXED;
            DatasetLengths sampled = null;
            if (rate || client.rangeRatio() != null || client.lengths() != null || client.drawn() != null
                    || client.dataset() != null) {
                Workload closed = resolved.workload();
                int prompts = client.numPrompts() != null ? client.numPrompts()
                        : scenario.concurrency() == null ? RATE_RUN_PROMPTS : closed.numPrompts();
                resolved = new Scenario(resolved.model(), resolved.target(), new Workload(closed.inputTokens(),
                        closed.outputTokens(), client.rangeRatio() == null ? closed.rangeRatio() : client.rangeRatio(),
                        scenario.concurrency() == null ? 0 : scenario.concurrency(),
                        !rate || client.rampUp() != null ? 0 : scenario.requestRate(), prompts, closed.seed(),
                        client.burstiness() == null ? Workload.POISSON : client.burstiness(), client.rampUp()));
                if (client.rangeRatio() != null) {
                    lengths = "range ratio " + client.rangeRatio();
                }
                // The run's own requests, or requests drawn ahead as its client drew them, in order: their count and
                // longest lengths replace the stated ones.
                RequestLengths replayed = client.lengths() != null ? client.lengths()
                        : client.drawn() != null ? client.drawn().draw(prompts, closed.seed()) : null;
                if (replayed != null) {
                    lengths = client.lengths() != null ? RunPrediction.REPLAYED
                            : RunPrediction.DRAWN + client.drawn().label();
                    resolved = new Scenario(resolved.model(), resolved.target(),
                            resolved.workload().replaying(replayed));
                } else if (client.dataset() != null
                        && client.dataset().holds(closed.inputTokens(), closed.outputTokens())) {
                    // Means the dataset's sampler could not have drawn (a context's lengths) stay fixed.
                    sampled = client.dataset();
                    lengths = RunPrediction.sampledFrom(sampled, sampled.runsOf(prompts));
                }
            }
            if (client.concurrencyRampSeconds() != null && scenario.concurrency() != null) {
                resolved = new Scenario(resolved.model(), resolved.target(),
                        resolved.workload().withConcurrencyRamp(client.concurrencyRampSeconds()));
            }
            if (client.runSeconds() != null) {
                resolved = new Scenario(resolved.model(), resolved.target(),
                        resolved.workload().within(client.runSeconds()));
            }
            // One run of a dataset is one draw of its lengths: the prediction is the mean over the draws.
            Prediction prediction = sampled == null ? predictor.predict(resolved)
                    : predictor.predictMean(resolved, sampled);
            return RunPrediction.compare(prediction.metrics(), measured, resolved.workload(), lengths);
        } catch (UnknownIdException | UnsupportedScenarioException | DoesNotFitException | OverBudgetException
                | SimulationCancelledException | SimulationBusyException e) {
            return RunPrediction.unavailable(e.getMessage());
        }
    }
}
