package io.costbench.gpu;

import io.costbench.engine.port.Deployment;
import io.costbench.engine.sim.ServingSimulator;
import io.costbench.engine.sim.SimulationResult;
import io.costbench.engine.sim.Workload;

/** Predicts a measured row by running the engine's serving simulator as {@code vllm bench serve} would. */
final class SimulatedPredictor {

    record Prediction(double tpotMs, double ttftMs, double throughput) {
    }

    private SimulatedPredictor() {
    }

    static Prediction predict(Deployment d, CalibrationData.Row row) {
        int prompts = row.numPrompts() > 0 ? row.numPrompts() : Math.max(20, 10 * row.concurrency());
        Workload workload = new Workload(row.inputTokens(), row.outputTokens(), row.rangeRatio(), row.concurrency(), 0,
                prompts, 0);
        SimulationResult result = ServingSimulator.simulate(d, workload);
        return new Prediction(result.metric("mean_tpot_ms"), result.metric("mean_ttft_ms"),
                result.metric("output_throughput"));
    }
}
