package io.costbench.gpu;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import io.costbench.engine.graph.PrefillChunk;
import io.costbench.engine.graph.StepShape;
import io.costbench.engine.model.Precision;
import io.costbench.engine.port.Deployment;
import io.costbench.engine.port.DeploymentRequest;
import io.costbench.engine.sim.ServingSimulator;
import io.costbench.engine.sim.SimulationResult;
import io.costbench.engine.sim.Workload;

/**
 * A benchmark main, not a test: how fast the GPU model prices steps it has not seen (the memo's miss path), and how
 * long one closed-loop sweep point takes with the engine's simulator on top of it (concurrency 256, 2,560 requests
 * of 1024/1024 tokens). Prints medians over repeated runs after a warm-up.
 */
public final class GpuPricingBenchmark {

    private GpuPricingBenchmark() {
    }

    public static void main(String[] args) {
        GpuAcceleratorModel gpu = GpuAcceleratorModel.fromCatalog();
        int shapes = 20_000;
        double[] missNs = new double[9];
        for (int run = 0; run < missNs.length + 5; run++) {
            Deployment d = gpu.deploy(TestModels.byId("llama-3.1-70b"),
                    new DeploymentRequest("h100-sxm", "vllm", 4, Precision.FP8, null, 4096));
            long start = System.nanoTime();
            double sink = 0;
            for (int i = 0; i < shapes; i++) {
                int batch = 1 + i % 256;
                int context = 128 + (i / 256) % 4000;
                StepShape shape = i % 7 == 0
                        ? new StepShape(batch, 1, (long) batch * context, context, (long) batch * context,
                                List.of(new PrefillChunk(1 + i % 2048, 0)))
                        : StepShape.decode(batch, context);
                sink += d.price(shape).timeMs();
            }
            if (run >= 5) {
                missNs[run - 5] = (System.nanoTime() - start) / (double) shapes;
            }
            if (sink < 0) {
                System.out.println(sink);
            }
        }
        Arrays.sort(missNs);
        System.out.printf(Locale.ROOT, "price() of unseen shapes (llama-3.1-70b fp8 TP4): median %.2f us per step%n",
                missNs[missNs.length / 2] / 1e3);

        Deployment d = gpu.deploy(TestModels.byId("qwen3-8b"),
                new DeploymentRequest("h100-sxm", "vllm", 1, Precision.BF16, null, 2048));
        double[] ms = new double[7];
        SimulationResult last = null;
        // Note: 256 x 2048 tokens exceed this deployment's KV cache (~357k tokens), so the run includes preemptions.
        for (int run = 0; run < ms.length + 2; run++) {
            long start = System.nanoTime();
            last = ServingSimulator.simulate(d, Workload.closedLoop(1024, 1024, 256, run));
            if (run >= 2) {
                ms[run - 2] = (System.nanoTime() - start) / 1e6;
            }
        }
        Arrays.sort(ms);
        System.out.printf(Locale.ROOT, "closed loop c=256, 2560 x 1024/1024 (qwen3-8b, H100, vLLM): median %.1f ms per"
                + " point (fresh memo each run); output_throughput %.0f tok/s, median TPOT %.2f ms; %s%n",
                ms[ms.length / 2], last.metric("output_throughput"), last.metric("median_tpot_ms"), last.stats());
    }
}
