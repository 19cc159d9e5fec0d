package io.costbench.service.prediction;

/**
 * A scenario of known ids that its accelerator family or the simulator cannot run (an impossible configuration,
 * lengths beyond what the deployment serves).
 */
public class UnsupportedScenarioException extends RuntimeException {

    private final String field;

    UnsupportedScenarioException(String field, String message, Throwable cause) {
        super(message, cause);
        this.field = field;
    }

    /** The scenario field to blame: "scenario" for the whole configuration, "inputTokens" for the workload. */
    public String field() {
        return field;
    }
}
