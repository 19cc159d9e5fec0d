package io.costbench.service.web;

import io.costbench.engine.port.DoesNotFitException;
import io.costbench.service.prediction.UnknownIdException;
import io.costbench.service.prediction.UnsupportedScenarioException;

/**
 * The prediction core's domain exceptions as problem+json, the same on every endpoint: 422 naming the field. A caller
 * that names its fields differently (break-even's {@code aHardware}) renames with {@link #renamed}.
 */
public final class ScenarioProblems {

    private ScenarioProblems() {
    }

    /** Unknown id: names the field, the id and the known ids ({@code knownIds}). */
    public static BadInputException of(UnknownIdException e) {
        BadInputException problem = BadInputException.unprocessable(e.field(), e.getMessage());
        problem.getBody().setProperty("knownIds", e.knownIds());
        return problem;
    }

    /** A model that does not fit: names tensorParallel, the bytes needed and offered, the smallest TP that fits. */
    public static BadInputException of(DoesNotFitException e) {
        BadInputException problem = BadInputException.unprocessable("tensorParallel", e.getMessage());
        problem.getBody().setProperty("requiredBytes", e.requiredBytes());
        problem.getBody().setProperty("availableBytes", e.availableBytes());
        e.smallestFittingTensorParallel().ifPresent(tp ->
                problem.getBody().setProperty("smallestFittingTensorParallel", tp));
        return problem;
    }

    public static BadInputException of(UnsupportedScenarioException e) {
        return BadInputException.unprocessable(e.field(), e.getMessage());
    }

    /** The same problem under another field name, with the original's extra properties. */
    public static BadInputException renamed(BadInputException e, String field) {
        BadInputException renamed = new BadInputException(e.getStatusCode(), field, e.reason());
        if (e.getBody().getProperties() != null) {
            e.getBody().getProperties().forEach((name, value) -> {
                if (!"field".equals(name)) {
                    renamed.getBody().setProperty(name, value);
                }
            });
        }
        return renamed;
    }
}
