package io.costbench.engine.port;

/** The model (weights plus the smallest cache the stack needs) does not fit the accelerator's memory. */
public class DoesNotFitException extends RuntimeException {

    private final double requiredBytes;
    private final double availableBytes;

    public DoesNotFitException(String message, double requiredBytes, double availableBytes) {
        super(message);
        this.requiredBytes = requiredBytes;
        this.availableBytes = availableBytes;
    }

    public double requiredBytes() {
        return requiredBytes;
    }

    public double availableBytes() {
        return availableBytes;
    }
}
