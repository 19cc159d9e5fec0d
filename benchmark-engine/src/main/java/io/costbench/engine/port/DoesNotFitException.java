package io.costbench.engine.port;

import java.util.OptionalInt;

/**
 * The model (weights plus the smallest cache the stack needs) does not fit the accelerator's memory. A family throws
 * it without {@code smallestFittingTensorParallel}; a caller that tried larger tensor parallelism adds what it found
 * with {@link #withSmallestFittingTensorParallel}.
 */
public class DoesNotFitException extends RuntimeException {

    private final double requiredBytes;
    private final double availableBytes;
    private final Integer smallestFittingTensorParallel;

    public DoesNotFitException(String message, double requiredBytes, double availableBytes) {
        this(message, requiredBytes, availableBytes, null);
    }

    private DoesNotFitException(String message, double requiredBytes, double availableBytes,
            Integer smallestFittingTensorParallel) {
        super(message);
        this.requiredBytes = requiredBytes;
        this.availableBytes = availableBytes;
        this.smallestFittingTensorParallel = smallestFittingTensorParallel;
    }

    /** The same misfit, naming the smallest tensor parallelism at which the model fits (empty: none does). */
    public DoesNotFitException withSmallestFittingTensorParallel(OptionalInt tensorParallel) {
        return new DoesNotFitException(getMessage(), requiredBytes, availableBytes,
                tensorParallel.isPresent() ? tensorParallel.getAsInt() : null);
    }

    public double requiredBytes() {
        return requiredBytes;
    }

    public double availableBytes() {
        return availableBytes;
    }

    /** Empty when nobody searched, or no tensor parallelism the family offers fits. */
    public OptionalInt smallestFittingTensorParallel() {
        return smallestFittingTensorParallel == null ? OptionalInt.empty()
                : OptionalInt.of(smallestFittingTensorParallel);
    }
}
