package io.costbench.pricing;

/** A price that cannot exist: the field it concerns and why. */
public class InvalidPriceException extends IllegalArgumentException {

    private final String field;

    public InvalidPriceException(String field, String message) {
        super(message);
        this.field = field;
    }

    public String field() {
        return field;
    }
}
