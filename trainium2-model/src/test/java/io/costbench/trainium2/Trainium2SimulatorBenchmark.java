package io.costbench.trainium2;

import java.util.Arrays;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

import io.costbench.engine.model.ModelSpec;
import io.costbench.engine.port.DeploymentRequest;
import io.costbench.engine.sim.ServingSimulator;
import io.costbench.engine.sim.SimulationResult;
import io.costbench.engine.sim.Workload;

/**
 * Speed of a Trainium2 sweep point (a benchmark, not a test): one closed-loop point at concurrency 256 with 2,560
 * requests of 1024/1024 tokens, fresh simulator per run, on one deployment (whose step prices are memoised by compiled
 * shape). Prints the cold first run and the median of the warm runs. Run:
 * {@code java -cp <test classpath> io.costbench.trainium2.Trainium2SimulatorBenchmark}
 */
public final class Trainium2SimulatorBenchmark {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    public static void main(String[] args) {
        Trainium2AcceleratorModel trn2 = Trainium2AcceleratorModel.fromCatalog();
        String[][] points = {{"qwen3.5-4b", "vllm-neuron-optimized"}, {"qwen3.5-4b", "vllm-neuron-baseline"},
                {"qwen3-30b-a3b", "vllm-neuron-optimized"}, {"gemma4-31b", "vllm-neuron-optimized"}};
        Workload workload = new Workload(1024, 1024, 1.0, 256, 0, 2560, 0);
        for (String[] point : points) {
            ModelSpec model = TestModels.get(point[0]);
            long t0 = System.nanoTime();
            Trainium2Deployment d = trn2.deploy(model, new DeploymentRequest("trn2", point[1], 4, null, null, 2048));
            SimulationResult first = new ServingSimulator(d).run(workload);
            double coldMs = (System.nanoTime() - t0) / 1e6;
            int runs = 15;
            double[] ms = new double[runs];
            double[] cpuMs = new double[runs];
            SimulationResult last = first;
            for (int i = 0; i < runs; i++) {
                long t = System.nanoTime();
                long cpu = THREADS.getCurrentThreadCpuTime();
                last = new ServingSimulator(d).run(workload);
                ms[i] = (System.nanoTime() - t) / 1e6;
                cpuMs[i] = (THREADS.getCurrentThreadCpuTime() - cpu) / 1e6;
            }
            Arrays.sort(ms);
            Arrays.sort(cpuMs);
            System.out.printf("%-14s %-22s c=256 2560x1024/1024: cold %.1f ms, warm median %.1f ms wall (min %.1f,"
                            + " max %.1f), %.1f ms thread CPU; output %.0f tok/s, median TPOT %.2f ms, batch cap %d%n",
                    point[0], point[1], coldMs, ms[runs / 2], ms[0], ms[runs - 1], cpuMs[runs / 2], last.metric("output_throughput"),
                    last.metric("median_tpot_ms"), d.scheduling().maxNumSeqs());
        }
    }
}
