package io.costbench.service.sweep;

import java.util.List;

/**
 * The seam between sweeps and the performance models: runs one point.
 *
 * <p>Throws {@link io.costbench.engine.port.DoesNotFitException} when the model does not fit the target (the point is
 * SKIPPED with the reason); any other exception marks the point FAILED with its message.
 */
public interface PointSimulator {

    PointOutcome simulate(Scenario scenario);

    /** The version of the catalog (model configs, hardware, profiles) the simulations run with. */
    String catalogVersion();

    /**
     * What a definition names that the performance models do not know: a model, hardware, a profile for that
     * hardware or an optimization switch, each as a problem of its field ({@code models[1]},
     * {@code targets[0].profile}). A sweep that would only fail point after point is refused up front.
     */
    List<FieldProblem> unknownIds(SweepDefinition definition);
}
