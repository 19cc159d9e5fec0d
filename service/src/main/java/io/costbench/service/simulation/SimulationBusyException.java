package io.costbench.service.simulation;

import java.time.Duration;

/** Every simulation slot of the caller's kind is taken; the web layer answers 429 with Retry-After. */
public class SimulationBusyException extends RuntimeException {

    private final Duration retryAfter;

    SimulationBusyException(String message, Duration retryAfter) {
        super(message);
        this.retryAfter = retryAfter;
    }

    public Duration retryAfter() {
        return retryAfter;
    }
}
