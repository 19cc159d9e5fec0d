package io.costbench.service.sweep;

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
}
