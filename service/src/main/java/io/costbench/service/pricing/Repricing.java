package io.costbench.service.pricing;

import java.time.Instant;
import java.time.LocalDate;

import io.costbench.pricing.Cost;

/**
 * One result costed twice: at the price in force when it ran and at today's price. A side is null when no price was
 * in force on its date.
 */
public record Repricing(Instant ranAt, Priced atRun, Priced current) {

    public static final String AT_RUN = "at-run";
    public static final String CURRENT = "current";

    /** @param basis {@link #AT_RUN} or {@link #CURRENT}; {@code label} says it in words for pages and CSV */
    public record Priced(String basis, LocalDate pricedOn, String label, CostView cost) {

        static Priced of(String basis, LocalDate pricedOn, Cost cost) {
            String words = AT_RUN.equals(basis) ? "price in force when the run ran" : "price in force today";
            String label = cost == null ? "no " + words + " (" + pricedOn + ")"
                    : words + " (" + pricedOn + ", price " + cost.price().id() + " from "
                            + cost.price().effectiveFrom() + ")";
            return new Priced(basis, pricedOn, label, cost == null ? null : CostView.of(cost));
        }
    }

    /** Whether the two prices differ, so a page can flag a re-priced figure. */
    public boolean priceChanged() {
        if (atRun.cost() == null || current.cost() == null) {
            return atRun.cost() != current.cost();
        }
        return !atRun.cost().price().id().equals(current.cost().price().id());
    }
}
