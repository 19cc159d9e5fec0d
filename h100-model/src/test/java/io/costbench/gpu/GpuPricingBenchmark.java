package io.costbench.gpu;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import io.costbench.engine.graph.PrefillChunk;
import io.costbench.engine.graph.StepShape;
import io.costbench.engine.model.Precision;
import io.costbench.engine.port.Deployment;
import io.costbench.engine.port.DeploymentRequest;
import io.costbench.engine.sim.ServingSimulator;
import io.costbench.engine.sim.SimulationResult;
import io.costbench.engine.sim.Workload;

/**
 * JMH: how fast the GPU model prices steps it has not seen (the memo's miss path: 20,000 distinct shapes, one in seven
 * with a prefill chunk, on a fresh deployment each time: Llama-3.1-70B FP8 TP4, or Qwen3-30B-A3B FP8 on one H100, whose
 * MoE layers count their experts' tiles), and one closed-loop point with the engine's simulator on top (Qwen3-8B BF16
 * on one H100, concurrency 256, 2,560 requests of 1024/1024, fresh simulator; 256 x 2,048 tokens exceed its KV cache,
 * so the run preempts). The command is in the README ("Simulator speed"); surefire never runs this class.
 */
@State(Scope.Benchmark)
@Fork(1)
@Warmup(iterations = 3, time = 4)
@Measurement(iterations = 5, time = 4)
public class GpuPricingBenchmark {

    private static final int SHAPES = 20_000;
    private static final Workload POINT = Workload.closedLoop(1024, 1024, 256, 0);

    private GpuAcceleratorModel gpu;
    private StepShape[] shapes;
    private Deployment qwen;

    @Setup
    public void setUp() {
        gpu = GpuAcceleratorModel.fromCatalog();
        shapes = new StepShape[SHAPES];
        for (int i = 0; i < SHAPES; i++) {
            int batch = 1 + i % 256;
            int context = 128 + (i / 256) % 4000;
            shapes[i] = i % 7 == 0
                    ? new StepShape(batch, 1, (long) batch * context, context, (long) batch * context,
                            List.of(new PrefillChunk(1 + i % 2048, 0)))
                    : StepShape.decode(batch, context);
        }
        qwen = gpu.deploy(TestModels.byId("qwen3-8b"),
                new DeploymentRequest("h100-sxm", "vllm", 1, Precision.BF16, null, 2048));
    }

    /** A deployment that has priced nothing yet (its own memo is empty), new for each invocation. */
    @State(Scope.Thread)
    public static class Unseen {
        /** The model and its tensor parallelism, FP8 on H100s. */
        @Param({"llama-3.1-70b:4", "qwen3-30b-a3b:1"})
        public String deployment;

        Deployment fresh;

        @Setup(Level.Invocation)
        public void deploy(GpuPricingBenchmark benchmark) {
            String[] modelAndTp = deployment.split(":");
            fresh = benchmark.gpu.deploy(TestModels.byId(modelAndTp[0]), new DeploymentRequest("h100-sxm", "vllm",
                    Integer.parseInt(modelAndTp[1]), Precision.FP8, null, 4096));
        }
    }

    /** Time per step price: the figure is the invocation divided by its 20,000 shapes. */
    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    @OperationsPerInvocation(SHAPES)
    public double priceUnseenShapes(Unseen unseen) {
        double sum = 0;
        for (StepShape shape : shapes) {
            sum += unseen.fresh.price(shape).timeMs();
        }
        return sum;
    }

    @Benchmark
    @BenchmarkMode(Mode.SampleTime)
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public SimulationResult pointFreshSimulator() {
        return new ServingSimulator(qwen).run(POINT);
    }
}
