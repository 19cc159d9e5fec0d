package io.costbench.engine.sim;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.ToDoubleFunction;

import io.costbench.engine.graph.StepShape;
import io.costbench.engine.model.ModelSpec;
import io.costbench.engine.model.Precision;
import io.costbench.engine.port.CostCategory;
import io.costbench.engine.port.Deployment;
import io.costbench.engine.port.FrontEnd;
import io.costbench.engine.port.Parameter;
import io.costbench.engine.port.SchedulingRules;
import io.costbench.engine.port.StepCost;
import io.costbench.engine.port.StepExplanation;

/** A deployment with a hand-checkable cost model, for testing the simulator's scheduling and metrics. */
final class FakeDeployment implements Deployment {

    private final ModelSpec model;
    private final SchedulingRules rules;
    private final ToDoubleFunction<StepShape> stepMs;
    private final FrontEnd frontEnd;
    final AtomicInteger priceCalls = new AtomicInteger();

    FakeDeployment(ModelSpec model, SchedulingRules rules, ToDoubleFunction<StepShape> stepMs) {
        this(model, rules, stepMs, FrontEnd.NONE);
    }

    FakeDeployment(ModelSpec model, SchedulingRules rules, ToDoubleFunction<StepShape> stepMs, FrontEnd frontEnd) {
        this.model = model;
        this.rules = rules;
        this.stepMs = stepMs;
        this.frontEnd = frontEnd;
    }

    /** Fixed cost per step plus a cost per token computed: a weight-bound accelerator in miniature. */
    static ToDoubleFunction<StepShape> linear(double fixedMs, double msPerToken) {
        return shape -> fixedMs + msPerToken * shape.totalTokens();
    }

    @Override public ModelSpec model() { return model; }
    @Override public String hardwareId() { return "fake"; }
    @Override public String profileId() { return "fake"; }
    @Override public int tensorParallel() { return 1; }
    @Override public Precision precision() { return Precision.BF16; }
    @Override public Set<String> optimizations() { return Set.of(); }
    @Override public int chips() { return 2; }
    @Override public SchedulingRules scheduling() { return rules; }
    @Override public FrontEnd frontEnd() { return frontEnd; }

    @Override
    public StepCost price(StepShape shape) {
        priceCalls.incrementAndGet();
        return StepCost.of(Map.of(CostCategory.MEMORY, stepMs.applyAsDouble(shape)));
    }

    @Override
    public StepExplanation explain(StepShape shape) {
        return new StepExplanation(shape, price(shape), List.of(), Map.of());
    }

    @Override public List<Parameter> parameters() { return List.of(); }
    @Override public String parametersSha256() { return "0".repeat(64); }
}
