package io.costbench.service.sweep;

/** A request that needs a queued or running sweep, made on one that has finished. */
public class SweepFinishedException extends RuntimeException {

    public SweepFinishedException(long id, SweepStatus status) {
        super("sweep " + id + " already finished as " + status);
    }
}
