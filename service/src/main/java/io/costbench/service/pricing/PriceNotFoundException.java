package io.costbench.service.pricing;

/** No stored price with that id, or none in force for a key on a date. */
public class PriceNotFoundException extends RuntimeException {

    public PriceNotFoundException(String message) {
        super(message);
    }
}
