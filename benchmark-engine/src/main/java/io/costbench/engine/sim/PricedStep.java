package io.costbench.engine.sim;

import io.costbench.engine.graph.StepShape;
import io.costbench.engine.port.StepCost;

/** A step shape as priced (the quantised, canonical shape) and its cost. */
public record PricedStep(StepShape shape, StepCost cost) {
}
