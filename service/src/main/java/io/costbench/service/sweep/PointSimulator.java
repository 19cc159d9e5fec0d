package io.costbench.service.sweep;

import java.util.List;

import io.costbench.service.web.FieldProblem;

/**
 * The seam between sweeps and the performance models: runs one point.
 *
 * <p>Throws {@link io.costbench.engine.port.DoesNotFitException} when the model does not fit the target (the point is
 * SKIPPED with the reason); any other exception marks the point FAILED with its message.
 */
public interface PointSimulator {

    PointOutcome simulate(SweepScenario scenario);

    /** The version of the catalog (model configs, hardware, profiles) the simulations run with. */
    String catalogVersion();

    /**
     * What a definition names that the performance models do not know: a model, hardware, a profile for that
     * hardware or an optimization switch, each as a problem of its field ({@code models[1]},
     * {@code targets[0].profile}). A sweep that would only fail point after point is refused up front.
     */
    List<FieldProblem> unknownIds(SweepDefinition definition);

    /**
     * The definition with catalog ids in place of aliases ({@code Qwen/Qwen3-8B} becomes {@code qwen3-8b}), so stored
     * points and dashboards see one id per model and hardware. Called on definitions without unknown ids.
     */
    default SweepDefinition canonical(SweepDefinition definition) {
        return definition;
    }
}
