package io.costbench.service.sweep;

import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;

import io.costbench.service.prediction.PromptRule;
import io.costbench.service.sweep.SweepDefinition.WorkloadShape;

final class SweepTesting {

    private SweepTesting() {
    }

    static SweepDefinition definition(List<String> models, List<Integer> concurrencies) {
        return new SweepDefinition("test " + models, models,
                List.of(new SweepTarget("trn2", "vllm-neuron-baseline", null, null, null),
                        new SweepTarget("h100-sxm", "vllm", List.of("cuda-graphs"), 1, "bf16")),
                concurrencies, List.of(new WorkloadShape(1024, 1024), new WorkloadShape(8192, 1024)),
                PromptRule.DEFAULT, 7L);
    }

    /** Polls the store until the sweep satisfies the condition. */
    static Sweep await(SweepStore store, long id, Predicate<Sweep> condition, Duration timeout)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        Sweep sweep = store.find(id).orElseThrow();
        while (!condition.test(sweep)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("sweep " + id + " did not get there in " + timeout + ": " + sweep);
            }
            Thread.sleep(50);
            sweep = store.find(id).orElseThrow();
        }
        return sweep;
    }

    static Sweep awaitFinished(SweepStore store, long id) throws InterruptedException {
        return await(store, id, s -> s.status().finished(), Duration.ofSeconds(60));
    }
}
