package io.costbench.service.pricing;

import java.time.LocalDate;

import io.costbench.pricing.Accelerator;
import io.costbench.pricing.PurchaseOption;

/** Which prices to list; a null field does not filter. {@code inForceOn} keeps the prices in force that day. */
public record PriceFilter(Accelerator accelerator, PurchaseOption option, String region, LocalDate inForceOn) {

    public static PriceFilter all() {
        return new PriceFilter(null, null, null, null);
    }
}
