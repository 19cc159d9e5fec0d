package io.costbench.service.pricing;

/** Price writes were requested while {@code costbench.pricing.writes-enabled} is off. */
public class PriceWritesDisabledException extends RuntimeException {

    PriceWritesDisabledException() {
        super("price writes are disabled on this instance (costbench.pricing.writes-enabled=false)");
    }
}
