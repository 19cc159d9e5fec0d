package io.costbench.engine.sim;

/** A run stopped before it finished: its deadline passed or whoever asked for it has gone. Nothing is returned. */
public class SimulationCancelledException extends RuntimeException {

    public SimulationCancelledException(String message) {
        super(message);
    }
}
