package io.costbench.pricing;

/** A price whose dates overlap another price of the same key: the catalog never holds two prices for one date. */
public class PriceOverlapException extends RuntimeException {

    private final Price existing;

    public PriceOverlapException(Price candidate, Price existing) {
        super("a price for " + candidate.key().accelerator().id() + " " + candidate.key().option().id() + " "
                + candidate.key().region() + " is already in force from " + existing.effectiveFrom()
                + (existing.effectiveTo() == null ? " (open)" : " to " + existing.effectiveTo())
                + (existing.id() == null ? "" : " (price " + existing.id() + ")")
                + "; close it before the new price starts");
        this.existing = existing;
    }

    public Price existing() {
        return existing;
    }
}
