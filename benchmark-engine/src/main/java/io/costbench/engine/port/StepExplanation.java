package io.costbench.engine.port;

import java.util.List;
import java.util.Map;

import io.costbench.engine.graph.StepShape;

/**
 * Why a step costs what it costs: per-operator timings plus hardware-specific counters (DMA transfer counts and their
 * size distribution, tensor-engine tiles and utilisation, collective and host time). Counters are named with units.
 */
public record StepExplanation(StepShape shape, StepCost cost, List<OperatorTiming> operators,
        Map<String, Object> counters) {

    public StepExplanation {
        operators = List.copyOf(operators);
        counters = Map.copyOf(counters);
    }
}
