package io.costbench.engine.sim;

import java.util.List;

/**
 * What a sweep covers: every model on every target, for every workload shape and concurrency.
 *
 * @param numPrompts requests per point; null for vLLM bench's sweep default (10 x concurrency, at least 20)
 */
public record SweepDefinition(List<String> models, List<SweepTarget> targets, List<WorkloadShape> workloads,
        List<Integer> concurrencies, Integer numPrompts, long seed) {

    public SweepDefinition {
        models = models == null ? List.of() : List.copyOf(models);
        targets = targets == null ? List.of() : List.copyOf(targets);
        workloads = workloads == null ? List.of() : List.copyOf(workloads);
        concurrencies = concurrencies == null ? List.of() : List.copyOf(concurrencies);
    }
}
