package io.costbench.engine.model;

/** Weight and activation number formats the stacks serve in. */
public enum Precision {
    BF16(2.0),
    FP8(1.0);

    private final double bytesPerElement;

    Precision(double bytesPerElement) {
        this.bytesPerElement = bytesPerElement;
    }

    public double bytesPerElement() {
        return bytesPerElement;
    }

    public static Precision parse(String value) {
        return valueOf(value.trim().toUpperCase(java.util.Locale.ROOT));
    }
}
