package io.costbench.trainium2;

import java.util.Comparator;
import java.util.Map;
import java.util.TreeMap;

import io.costbench.engine.graph.StepShape;
import io.costbench.engine.port.DeploymentRequest;
import io.costbench.engine.port.OperatorTiming;
import io.costbench.engine.port.StepExplanation;
import io.costbench.engine.sim.SimulationResult;
import io.costbench.engine.sim.ServingSimulator;
import io.costbench.engine.sim.Workload;

/**
 * The "DMA traffic predictor" view: the explanation of the median decode step of a closed-loop run, baseline vs
 * optimized. Run: {@code java -cp <test classpath> io.costbench.trainium2.ExplainReport [model] [concurrency]}.
 */
public final class ExplainReport {

    public static void main(String[] args) {
        String model = args.length > 0 ? args[0] : "qwen3.5-4b";
        int concurrency = args.length > 1 ? Integer.parseInt(args[1]) : 64;
        Trainium2AcceleratorModel trn2 = Trainium2AcceleratorModel.fromCatalog();
        for (String profile : new String[] {Trainium2AcceleratorModel.BASELINE, Trainium2AcceleratorModel.OPTIMIZED}) {
            Trainium2Deployment d = trn2.deploy(TestModels.get(model),
                    new DeploymentRequest("trn2", profile, 4, null, null, 2048));
            SimulationResult run = ServingSimulator.simulate(d, Workload.closedLoop(1024, 1024, concurrency, 0));
            StepShape median = run.medianDecodeStep().shape();
            StepExplanation e = d.explain(median);
            System.out.printf("== %s %s c=%d: output %.0f tok/s, median TPOT %.2f ms; median decode step %d seqs,"
                            + " context max %d: %.2f ms%n", model, profile, concurrency,
                    run.metric("output_throughput"), run.metric("median_tpot_ms"), median.decodeSequences(),
                    median.decodeContextTokensMax(), e.cost().timeMs());
            System.out.print("   by category (ms):");
            e.cost().msByCategory().forEach((c, ms) -> System.out.printf(" %s %.2f", c, ms));
            System.out.println();
            e.operators().stream().sorted(Comparator.comparingDouble(OperatorTiming::timeMs).reversed()).limit(6)
                    .forEach(o -> System.out.printf("   %-26s x%-2d %8.2f ms  %7d DMAs  %s%n", o.name(), o.repeat(),
                            o.timeMs(), o.dmaTransfers(), o.note()));
            for (Map.Entry<String, Object> c : new TreeMap<>(e.counters()).entrySet()) {
                System.out.printf("   %s = %.4g%n", c.getKey(), ((Number) c.getValue()).doubleValue());
            }
        }
    }
}
