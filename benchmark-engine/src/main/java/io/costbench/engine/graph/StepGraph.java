package io.costbench.engine.graph;

import java.util.List;

/** The operators of one engine step on one tensor-parallel rank. */
public record StepGraph(StepShape shape, int tensorParallel, List<Operator> operators) {

    public StepGraph {
        operators = List.copyOf(operators);
    }

    public double totalFlops() {
        return operators.stream().mapToDouble(op -> op.flops() * op.repeat()).sum();
    }

    public double totalHbmBytes() {
        return operators.stream().mapToDouble(op -> op.hbmBytes() * op.repeat()).sum();
    }
}
