package io.costbench.trainium2;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import io.costbench.engine.port.DeploymentRequest;
import io.costbench.engine.sim.ServingSimulator;
import io.costbench.engine.sim.SimulationResult;
import io.costbench.engine.sim.Workload;

/**
 * JMH: speed of a Trainium2 sweep point, one closed-loop point at concurrency 256 with 2,560 requests of 1024/1024
 * tokens (TP 4, 2,048-token sequences), on a deployment whose step prices it has memoised by compiled shape (a fresh
 * simulator per run) and on a fresh deployment. The command is in the README ("Simulator speed"); surefire never
 * runs this class.
 */
@State(Scope.Benchmark)
@Fork(1)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 4)
@Measurement(iterations = 5, time = 4)
public class Trainium2SimulatorBenchmark {

    private static final Workload POINT = new Workload(1024, 1024, 1.0, 256, 0, 2560, 0);

    /** Model and profile, as the catalog names them. */
    @Param({"qwen3.5-4b/vllm-neuron-optimized", "qwen3.5-4b/vllm-neuron-baseline",
            "qwen3-30b-a3b/vllm-neuron-optimized", "gemma4-31b/vllm-neuron-optimized"})
    public String point;

    private Trainium2AcceleratorModel trn2;
    private Trainium2Deployment deployment;

    @Setup
    public void setUp() {
        trn2 = Trainium2AcceleratorModel.fromCatalog();
        deployment = deploy();
        new ServingSimulator(deployment).run(POINT);
    }

    private Trainium2Deployment deploy() {
        String[] parts = point.split("/");
        return trn2.deploy(TestModels.get(parts[0]), new DeploymentRequest("trn2", parts[1], 4, null, null, 2048));
    }

    /** The deployment's compiled-shape prices are memoised; the simulator (its memo of canonical shapes) is new. */
    @Benchmark
    public SimulationResult pointWarmDeployment() {
        return new ServingSimulator(deployment).run(POINT);
    }

    /** Deploy and run: every compiled shape is priced for the first time. */
    @Benchmark
    public SimulationResult pointFreshDeployment() {
        return new ServingSimulator(deploy()).run(POINT);
    }
}
