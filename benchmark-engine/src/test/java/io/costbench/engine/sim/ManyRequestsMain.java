package io.costbench.engine.sim;

import java.util.List;

import io.costbench.engine.model.ModelCatalog;
import io.costbench.engine.port.PrefillPolicy;
import io.costbench.engine.port.SchedulingRules;

/** Simulates {@code args[0]} short requests and prints the completed count; run in a small-heap JVM by a test. */
public final class ManyRequestsMain {

    private ManyRequestsMain() {
    }

    public static void main(String[] args) {
        SchedulingRules rules = new SchedulingRules(1024, 8192, 100_000_000, 16, PrefillPolicy.CHUNKED_MIXED,
                List.of(), null);
        FakeDeployment deployment = new FakeDeployment(ModelCatalog.standard().get("llama-3.1-8b"), rules,
                shape -> 1 + 1e-3 * shape.totalTokens() + 1e-7 * shape.decodeContextTokensSum());
        // A memo of 4 MB: the rest of the run must fit what is left of a small heap whatever the prompt count.
        SimulationResult result = new ServingSimulator(deployment, 4L << 20)
                .run(new Workload(8, 4, 0.5, 1024, 0, Integer.parseInt(args[0]), 1));
        System.out.println("completed " + (long) result.metric("completed") + " p99_ttft_ms "
                + result.metric("p99_ttft_ms"));
    }
}
