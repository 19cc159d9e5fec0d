package io.costbench.engine.sim;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * When a run must give up: a wall-clock deadline, and a check for whoever asked having gone (a closed connection, a
 * cancelled sweep, a scheduler shutting down). The simulation loop polls it every few thousand iterations.
 */
public record Deadline(long nanoTime, Duration allowed, BooleanSupplier abandoned) {

    /** Never: offline tools and benchmarks. */
    public static final Deadline NONE = new Deadline(Long.MAX_VALUE, null, () -> false);

    public static Deadline in(Duration allowed, BooleanSupplier abandoned) {
        return new Deadline(System.nanoTime() + allowed.toNanos(), allowed, abandoned);
    }

    /** @throws SimulationCancelledException when the deadline has passed or the asker has gone */
    void check() {
        if (allowed != null && System.nanoTime() - nanoTime > 0) {
            throw new SimulationCancelledException("the simulation did not finish within its deadline of "
                    + allowed.toMillis() + " ms");
        }
        if (abandoned.getAsBoolean()) {
            throw new SimulationCancelledException("the simulation was abandoned by whoever asked for it");
        }
    }
}
