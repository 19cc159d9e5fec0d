package io.costbench.trainium2;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.costbench.engine.model.ModelSpec;

/** Prints the validation table with steady-state estimates (until the serving simulator lands). */
public final class Validate {

    static final Map<String, ModelSpec> MODELS = Map.of("llama-3.1-8b", TestModels.llama31_8b(), "llama-3.3-70b",
            TestModels.llama33_70b(), "qwen3-32b", TestModels.qwen3_32b(), "qwen3-235b-a22b", TestModels.qwen3_235b(),
            "qwen3.5-2b", TestModels.qwen35_2b());

    static final Trainium2AcceleratorModel TRN2 = Trainium2AcceleratorModel.fromCatalog();

    record Result(ValidationCase c, double predicted) {
        double error() {
            return (predicted - c.measured()) / c.measured();
        }
    }

    static List<Result> run(Path csv, List<String> skipped) {
        List<Result> results = new ArrayList<>();
        for (ValidationCase c : ValidationCase.load(csv, skipped)) {
            Trainium2Deployment d = TRN2.deploy(MODELS.get(c.modelId()), c.request(), c.compiledBatches());
            results.add(new Result(c, Bench.closedLoop(d, c.inputTokens(), c.outputTokens(), c.concurrency())
                    .tpotMs()));
        }
        return results;
    }

    public static void main(String[] args) {
        List<String> skipped = new ArrayList<>();
        List<Result> results = run(Path.of("/work/shared/calibration/public-measurements.csv"), skipped);
        for (Result r : results) {
            System.out.printf("%-70s %-10s measured %7.2f predicted %7.2f error %+6.1f%%%n", r.c().label(),
                    r.c().metric(), r.c().measured(), r.predicted(), 100 * r.error());
        }
        double[] abs = results.stream().mapToDouble(r -> Math.abs(r.error())).sorted().toArray();
        System.out.printf("rows %d median |error| %.1f%%%n", abs.length, 100 * (abs.length % 2 == 1 ? abs[abs.length / 2]
                : (abs[abs.length / 2 - 1] + abs[abs.length / 2]) / 2));
        skipped.forEach(s -> System.out.println("skipped: " + s));
    }
}
