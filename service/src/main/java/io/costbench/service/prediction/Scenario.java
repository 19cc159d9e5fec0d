package io.costbench.service.prediction;

import io.costbench.engine.sim.Workload;

/**
 * What to predict, resolved: a catalog model on a serving target under a {@code vllm bench serve} workload (lengths,
 * length spread, concurrency or request rate, prompt count, seed). Built by {@link ScenarioResolver}, whose ids are
 * canonical catalog ids (never aliases); {@link Predictor#predict} answers it.
 */
public record Scenario(String model, ServingTarget target, Workload workload) {
}
