package io.costbench.trainium2;

import java.util.Map;
import java.util.Set;

import io.costbench.engine.graph.StepShape;
import io.costbench.engine.model.ModelSpec;
import io.costbench.engine.port.DeploymentRequest;
import io.costbench.engine.port.OperatorTiming;
import io.costbench.engine.port.StepExplanation;

/** Prints the numbers calibration looks at (run as a main from the IDE or exec). */
public final class Explore {

    static final Trainium2AcceleratorModel TRN2 = Trainium2AcceleratorModel.fromCatalog();

    static Trainium2Deployment deploy(ModelSpec m, String profile, Set<String> opts, int tp, int maxLen) {
        return TRN2.deploy(m, new DeploymentRequest("trn2", profile, tp, null, opts, maxLen));
    }

    public static void main(String[] args) {
        ModelSpec q4 = TestModels.qwen35_4b();
        ModelSpec moe = TestModels.qwen3_30b_a3b();
        ModelSpec gemma = TestModels.gemma4_31b();
        for (int c : new int[] {1, 4, 16, 64}) {
            var b = Bench.closedLoop(deploy(q4, "vllm-neuron-baseline", null, 4, 2048), 1024, 1024, c);
            var o = Bench.closedLoop(deploy(q4, "vllm-neuron-optimized", null, 4, 2048), 1024, 1024, c);
            System.out.printf("S1 c=%d base %.0f tok/s tpot %.2f | opt %.0f tok/s tpot %.2f | ratio %.2f%n", c,
                    b.outputTokensPerSecond(), b.tpotMs(), o.outputTokensPerSecond(), o.tpotMs(),
                    o.outputTokensPerSecond() / b.outputTokensPerSecond());
        }
        var base = Bench.closedLoop(deploy(q4, "vllm-neuron-baseline", null, 4, 2048), 1024, 1024, 64);
        for (Switch s : Switch.values()) {
            var one = Bench.closedLoop(deploy(q4, "vllm-neuron-baseline", Set.of(s.id()), 4, 2048), 1024, 1024,
                    64);
            System.out.printf("S2 %s alone: %.4f%n", s.id(), one.outputTokensPerSecond() / base.outputTokensPerSecond());
        }
        String[] order = {"selective-expert-decode", "on-device-sampling", "eagle3"};
        var prev = Bench.closedLoop(deploy(moe, "vllm-neuron-baseline", null, 4, 2048), 1024, 1024, 1);
        double first = prev.tpotMs();
        java.util.Set<String> on = new java.util.HashSet<>();
        for (String s : order) {
            on.add(s);
            var next = Bench.closedLoop(deploy(moe, "vllm-neuron-baseline", on, 4, 2048), 1024, 1024, 1);
            System.out.printf("S4 +%s: tpot %.2f -> %.2f (x%.2f)%n", s, prev.tpotMs(), next.tpotMs(),
                    prev.tpotMs() / next.tpotMs());
            prev = next;
        }
        var optMoe = Bench.closedLoop(deploy(moe, "vllm-neuron-optimized", null, 4, 2048), 1024, 1024, 1);
        System.out.printf("S3 interactivity ratio c=1: %.2f (base tpot %.2f, opt %.2f)%n", first / optMoe.tpotMs(),
                first, optMoe.tpotMs());
        for (int c : new int[] {1, 2, 4, 8, 16, 32, 64}) {
            Set<String> all = Set.of("selective-expert-decode", "on-device-sampling", "kv-block-16");
            var without = Bench.closedLoop(deploy(moe, "vllm-neuron-baseline", all, 4, 2048), 1024, 1024, c);
            var with = Bench.closedLoop(deploy(moe, "vllm-neuron-optimized", null, 4, 2048), 1024, 1024, c);
            System.out.printf("S5 c=%d eagle gain %.2f%n", c, with.outputTokensPerSecond() / without.outputTokensPerSecond());
        }
        for (int[] len : new int[][] {{1024, 1024}, {8192, 1024}}) {
            for (int c : new int[] {1, 4, 16, 64}) {
                int max = len[0] + len[1];
                var b = Bench.closedLoop(deploy(gemma, "vllm-neuron-baseline", null, 4, max), len[0], len[1], c);
                var o = Bench.closedLoop(deploy(gemma, "vllm-neuron-optimized", null, 4, max), len[0], len[1], c);
                System.out.printf("S6 %d/%d c=%d base %.0f opt %.0f ratio %.2f (batches %d/%d)%n", len[0], len[1], c,
                        b.outputTokensPerSecond(), o.outputTokensPerSecond(),
                        o.outputTokensPerSecond() / b.outputTokensPerSecond(),
                        deploy(gemma, "vllm-neuron-baseline", null, 4, max).scheduling().maxNumSeqs(),
                        deploy(gemma, "vllm-neuron-optimized", null, 4, max).scheduling().maxNumSeqs());
            }
            var b = Bench.closedLoop(deploy(gemma, "vllm-neuron-baseline", null, 4, len[0] + len[1]), len[0],
                    len[1], 16);
            for (String s : new String[] {"fast-attention-head-dim-256", "kv-block-16", "swa-window",
                    "on-device-sampling"}) {
                var one = Bench.closedLoop(deploy(gemma, "vllm-neuron-baseline", Set.of(s), 4, len[0] + len[1]),
                        len[0], len[1], 16);
                System.out.printf("S7 %d %s alone c=16: %.3f%n", len[0], s,
                        one.outputTokensPerSecond() / b.outputTokensPerSecond());
            }
        }
        ModelSpec q2 = TestModels.qwen35_2b();
        for (String p : new String[] {"vllm-neuron-baseline"}) {
            for (int c : new int[] {1, 4, 8}) {
                var d = deploy(q2, p, Set.of("gdn-head-sharding"), 4, 1152);
                var s = Bench.closedLoop(d, 1024, 128, c);
                System.out.printf("2B %s c=%d tpot %.2f (decode step %.2f)%n", p, c, s.tpotMs(),
                        d.price(StepShape.decode(c, 1100)).timeMs());
            }
        }
        if (args.length > 0) {
            ModelSpec which = switch (args[0]) { case "gemma" -> gemma; case "moe" -> moe; default -> q4; };
            int batch = args.length > 1 ? Integer.parseInt(args[1]) : 64;
            for (String p : new String[] {"vllm-neuron-baseline", "vllm-neuron-optimized"}) {
                StepExplanation e = deploy(which, p, null, 4, 2048).explain(StepShape.decode(batch, 1536));
                System.out.println("== " + p + " " + e.cost().timeMs() + " " + e.cost().msByCategory());
                e.operators().stream().sorted((a, x) -> Double.compare(x.timeMs(), a.timeMs())).limit(8)
                        .forEach(o -> System.out.printf("  %-28s %8.3f ms  dma %d  %s%n", o.name(), o.timeMs(),
                                o.dmaTransfers(), o.note()));
                for (Map.Entry<String, Object> en : new java.util.TreeMap<>(e.counters()).entrySet()) {
                    System.out.println("  " + en.getKey() + " = " + en.getValue());
                }
            }
        }
    }

    static void print(OperatorTiming o) {
        System.out.println(o);
    }
}
