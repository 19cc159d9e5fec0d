package io.costbench.service.pricing;

/** Price writes were requested while {@code costbench.pricing.writes-enabled} is off. */
class PriceWritesDisabledException extends RuntimeException {

    PriceWritesDisabledException() {
        super("price writes are disabled on this instance: they need the admin scope once API security is on; "
                + "until then an operator enables them with costbench.pricing.writes-enabled=true");
    }
}
