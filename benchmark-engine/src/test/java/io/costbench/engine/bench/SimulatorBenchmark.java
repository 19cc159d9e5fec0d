package io.costbench.engine.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;

import io.costbench.engine.graph.StepShape;
import io.costbench.engine.model.ModelCatalog;
import io.costbench.engine.sim.ServingSimulator;
import io.costbench.engine.sim.SimulationResult;
import io.costbench.engine.sim.Workload;

/**
 * Speed of the serving simulator on an H100-like roofline of Llama-3.1-8B (run from the repository root):
 * <pre>
 * mvn -B -q -o -pl benchmark-engine test-compile dependency:build-classpath -Dmdep.outputFile=target/cp.txt
 * java -cp benchmark-engine/target/classes:benchmark-engine/target/test-classes:$(cat benchmark-engine/target/cp.txt) \
 *     io.costbench.engine.bench.SimulatorBenchmark
 * </pre>
 * Reports: the cost of one step price, one closed-loop point (c = 256, 2,560 requests of 1024/1024) with a cold
 * memo and with the memo a sweep's earlier points leave behind, and a run of one million requests.
 */
public final class SimulatorBenchmark {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private SimulatorBenchmark() {
    }

    /** CPU time of this thread: the machine is shared, so wall time overstates what the simulator costs. */
    private static long cpuNanos() {
        return THREADS.getCurrentThreadCpuTime();
    }

    public static void main(String[] args) {
        RooflineDeployment deployment = new RooflineDeployment(ModelCatalog.standard().get("llama-3.1-8b"));
        Workload point = Workload.closedLoop(1024, 1024, 256, 0);

        int prices = 20_000;
        for (int i = 0; i < prices; i++) {
            deployment.price(StepShape.decode(1 + i % 256, 1024 + i));
        }
        long t0 = cpuNanos();
        for (int i = 0; i < prices; i++) {
            deployment.price(StepShape.decode(1 + i % 256, 1024 + i));
        }
        System.out.printf("one step price (graph + roofline): %.1f us CPU%n", (cpuNanos() - t0) / 1e3 / prices);

        // Warm-up so the JIT has compiled the simulator, as it would have in a running service.
        for (int i = 0; i < 5; i++) {
            ServingSimulator.simulate(deployment, point);
        }
        int repeats = 15;
        double[] cold = new double[repeats];
        double[] warm = new double[repeats];
        double[] coldWall = new double[repeats];
        double[] warmWall = new double[repeats];
        ServingSimulator shared = new ServingSimulator(deployment);
        SimulationResult result = shared.run(point);
        for (int i = 0; i < repeats; i++) {
            long start = cpuNanos();
            long wall = System.nanoTime();
            ServingSimulator.simulate(deployment, point);
            cold[i] = (cpuNanos() - start) / 1e6;
            coldWall[i] = (System.nanoTime() - wall) / 1e6;
            start = cpuNanos();
            wall = System.nanoTime();
            shared.run(point);
            warm[i] = (cpuNanos() - start) / 1e6;
            warmWall[i] = (System.nanoTime() - wall) / 1e6;
        }
        System.out.printf("c=256, 2,560 x 1024/1024: %d steps (%d batched), %d distinct shapes, %d preemptions, "
                        + "output %.0f tok/s, median TPOT %.2f ms%n", result.stats().steps(),
                result.stats().batchedSteps(), result.stats().distinctShapes(), result.stats().preemptions(),
                result.metric("output_throughput"), result.metric("median_tpot_ms"));
        System.out.printf("  fresh memo: median %.1f ms CPU (%.1f ms wall); memo of an earlier run: median %.1f ms CPU"
                + " (%.1f ms wall)%n", median(cold), median(coldWall), median(warm), median(warmWall));

        for (Workload big : new Workload[] {new Workload(1024, 1024, 1.0, 256, 0, 1_000_000, 0),
                new Workload(1024, 1024, 0.8, 256, 0, 1_000_000, 0)}) {
            long start = cpuNanos();
            long wall = System.nanoTime();
            SimulationResult million = ServingSimulator.simulate(deployment, big);
            System.out.printf("1,000,000 requests of 1024/1024 (range ratio %.1f) at c=256: %.2f s CPU (%.2f s wall), "
                            + "%d steps (%d batched), %d distinct shapes, %d priced%n", big.rangeRatio(),
                    (cpuNanos() - start) / 1e9, (System.nanoTime() - wall) / 1e9, million.stats().steps(),
                    million.stats().batchedSteps(), million.stats().distinctShapes(), million.stats().pricedShapes());
        }
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
