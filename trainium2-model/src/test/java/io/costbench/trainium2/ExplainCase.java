package io.costbench.trainium2;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.costbench.engine.graph.PrefillChunk;
import io.costbench.engine.graph.StepShape;
import io.costbench.engine.port.OperatorTiming;
import io.costbench.engine.port.StepExplanation;
import io.costbench.engine.sim.ServingSimulator;
import io.costbench.engine.sim.SimulationResult;

/**
 * Explains a measured scenario's median decode step and its prompt's prefill (the validation mapping's deployment):
 * operators by time with their notes (MoE path, descriptors, blocks, collectives by topology level) and the counters.
 * Run: {@code java -cp <test classpath> io.costbench.trainium2.ExplainCase <label substring> [shared dir]}.
 */
public final class ExplainCase {

    private ExplainCase() {
    }

    public static void main(String[] args) {
        Path csv = Path.of(args.length > 1 ? args[1] : "../shared", "calibration", "public-measurements.csv");
        for (ValidationCase c : ValidationCase.load(csv, new ArrayList<>())) {
            if (!c.label().contains(args[0])) {
                continue;
            }
            Trainium2Deployment d = Validate.TRN2.deploy(TestModels.get(c.modelId()), c.request());
            SimulationResult run = new ServingSimulator(d).run(c.workload());
            System.out.printf("== %s: tpot %.2f ms, ttft %.1f ms, %.1f tok/s (measured %s)%n", c.label(),
                    run.metric("median_tpot_ms"), run.metric("median_ttft_ms"), run.metric("output_throughput"),
                    c.measured());
            print("median decode step", d.explain(run.medianDecodeStep().shape()));
            print("prefill", d.explain(new StepShape(0, 1, 0, 0, 0, List.of(new PrefillChunk(c.inputTokens(), 0)))));
        }
    }

    private static void print(String title, StepExplanation e) {
        System.out.printf("-- %s: %.2f ms;", title, e.cost().timeMs());
        e.cost().msByCategory().forEach((k, ms) -> System.out.printf(" %s %.2f", k, ms));
        System.out.println();
        e.operators().stream().sorted(Comparator.comparingDouble(OperatorTiming::timeMs).reversed()).limit(8)
                .forEach(o -> System.out.printf("   %-28s x%-3d %9.3f ms %8d DMAs  %s%n", o.name(), o.repeat(),
                        o.timeMs(), o.dmaTransfers(), o.note()));
        for (Map.Entry<String, Object> k : new TreeMap<>(e.counters()).entrySet()) {
            System.out.printf("   %s = %.4g%n", k.getKey(), ((Number) k.getValue()).doubleValue());
        }
    }
}
