package io.costbench.engine.bench;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import io.costbench.engine.graph.StepShape;
import io.costbench.engine.model.ModelCatalog;
import io.costbench.engine.sim.ServingSimulator;
import io.costbench.engine.sim.SimulationResult;
import io.costbench.engine.sim.Workload;

/**
 * JMH: speed of the serving simulator on an H100-like roofline of Llama-3.1-8B. One step price (the memo's miss path),
 * one closed-loop point (c = 256, 2,560 requests of 1024/1024) with the memo an earlier run left behind and with a
 * fresh memo, and one million requests with fixed and with varied lengths. The command is in the README
 * ("Simulator speed"); surefire never runs this class.
 */
@State(Scope.Benchmark)
@Fork(1)
public class SimulatorBenchmark {

    private static final Workload POINT = Workload.closedLoop(1024, 1024, 256, 0);
    private static final Workload MILLION = new Workload(1024, 1024, 1.0, 256, 0, 1_000_000, 0);
    /** Lengths uniform in [0.8 L, L], as InferenceX draws them. */
    private static final Workload MILLION_VARIED = new Workload(1024, 1024, 0.8, 256, 0, 1_000_000, 0);
    private static final int SHAPES = 4096;

    private RooflineDeployment deployment;
    private ServingSimulator warm;
    private StepShape[] shapes;
    private int nextShape;

    @Setup
    public void setUp() {
        deployment = new RooflineDeployment(ModelCatalog.standard().get("llama-3.1-8b"));
        warm = new ServingSimulator(deployment);
        warm.run(POINT);
        shapes = new StepShape[SHAPES];
        for (int i = 0; i < SHAPES; i++) {
            shapes[i] = StepShape.decode(1 + i % 256, 1024 + i);
        }
    }

    /** One step priced by the roofline over the operator graph: what each memo miss costs. */
    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    @Warmup(iterations = 3, time = 2)
    @Measurement(iterations = 5, time = 2)
    public Object stepPrice() {
        StepShape shape = shapes[nextShape];
        nextShape = (nextShape + 1) % SHAPES;
        return deployment.price(shape);
    }

    /** The point on a simulator whose memo an earlier run of it filled (a sweep's later points, the service). */
    @Benchmark
    @BenchmarkMode(Mode.SampleTime)
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    @Warmup(iterations = 3, time = 4)
    @Measurement(iterations = 5, time = 4)
    public SimulationResult pointWarmMemo() {
        return warm.run(POINT);
    }

    /** The point on a fresh deployment: every step shape is priced for the first time. */
    @Benchmark
    @BenchmarkMode(Mode.SampleTime)
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    @Warmup(iterations = 3, time = 4)
    @Measurement(iterations = 5, time = 4)
    public SimulationResult pointFreshMemo() {
        return new ServingSimulator(deployment).run(POINT);
    }

    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @OutputTimeUnit(TimeUnit.SECONDS)
    @Warmup(iterations = 1)
    @Measurement(iterations = 3)
    public SimulationResult millionFixedLengths() {
        return new ServingSimulator(deployment).run(MILLION);
    }

    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @OutputTimeUnit(TimeUnit.SECONDS)
    @Warmup(iterations = 1)
    @Measurement(iterations = 3)
    public SimulationResult millionVariedLengths() {
        return new ServingSimulator(deployment).run(MILLION_VARIED);
    }
}
