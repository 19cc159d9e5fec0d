package io.costbench.trainium2;

import io.costbench.engine.port.Deployment;
import io.costbench.engine.sim.ServingSimulator;
import io.costbench.engine.sim.SimulationResult;
import io.costbench.engine.sim.Workload;

/** One closed-loop point as {@code vllm bench serve --max-concurrency c} runs it, on the engine's simulator. */
record Bench(double outputTokensPerSecond, double tpotMs, SimulationResult result) {

    static Bench closedLoop(Deployment d, int input, int output, int concurrency) {
        SimulationResult r = ServingSimulator.simulate(d, Workload.closedLoop(input, output, concurrency, 0));
        return new Bench(r.metric("output_throughput"), r.metric("median_tpot_ms"), r);
    }
}
