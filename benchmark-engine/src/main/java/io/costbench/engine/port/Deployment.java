package io.costbench.engine.port;

import java.util.List;
import java.util.Set;

import io.costbench.engine.graph.StepShape;
import io.costbench.engine.model.ModelSpec;
import io.costbench.engine.model.Precision;

/**
 * A model deployed on an accelerator with a serving profile: the resolved configuration, the batching rules the
 * simulator follows, and the price of any step. Implementations memoise prices by shape.
 */
public interface Deployment {

    ModelSpec model();

    String hardwareId();

    String profileId();

    int tensorParallel();

    Precision precision();

    /** Optimization switches in effect (the profile's own plus those requested). */
    Set<String> optimizations();

    /** Physical chips or GPUs this deployment occupies (what a price per accelerator-hour multiplies). */
    int chips();

    SchedulingRules scheduling();

    /** The request path in front of the engine (none unless the family models its server). */
    default FrontEnd frontEnd() {
        return FrontEnd.NONE;
    }

    StepCost price(StepShape shape);

    StepExplanation explain(StepShape shape);

    /** The parameters the prices come from, with sources and (for calibrated ones) documented values and ranges. */
    List<Parameter> parameters();

    /** A stable hash of everything that determines prices (profile parameters, hardware spec, switches). */
    String parametersSha256();
}
