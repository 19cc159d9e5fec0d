package io.costbench.engine.port;

import java.util.List;
import java.util.Set;

import io.costbench.engine.graph.StepShape;
import io.costbench.engine.model.ModelSpec;
import io.costbench.engine.model.Precision;

/**
 * A deployment benchmarked in-process, without its server in front: the same engine, no request path
 * ({@link FrontEnd#NONE}). For campaigns whose harness drives the engine directly.
 */
public record InProcessDeployment(Deployment engine) implements Deployment {

    @Override
    public FrontEnd frontEnd() {
        return FrontEnd.NONE;
    }

    @Override
    public ModelSpec model() {
        return engine.model();
    }

    @Override
    public String hardwareId() {
        return engine.hardwareId();
    }

    @Override
    public String profileId() {
        return engine.profileId();
    }

    @Override
    public int tensorParallel() {
        return engine.tensorParallel();
    }

    @Override
    public Precision precision() {
        return engine.precision();
    }

    @Override
    public Set<String> optimizations() {
        return engine.optimizations();
    }

    @Override
    public int chips() {
        return engine.chips();
    }

    @Override
    public SchedulingRules scheduling() {
        return engine.scheduling();
    }

    @Override
    public StepCost price(StepShape shape) {
        return engine.price(shape);
    }

    @Override
    public StepExplanation explain(StepShape shape) {
        return engine.explain(shape);
    }

    @Override
    public List<Parameter> parameters() {
        return engine.parameters();
    }

    @Override
    public String parametersSha256() {
        return engine.parametersSha256();
    }
}
