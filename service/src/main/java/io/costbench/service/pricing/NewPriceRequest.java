package io.costbench.service.pricing;

import java.math.BigDecimal;
import java.time.LocalDate;

import io.costbench.pricing.Accelerator;
import io.costbench.pricing.InvalidPriceException;
import io.costbench.pricing.Price;
import io.costbench.pricing.PriceKey;
import io.costbench.pricing.PurchaseOption;

/**
 * Body of POST /api/v1/prices. Defaults: option on-demand, region {@code any}, currency USD. {@code effectiveTo} is
 * exclusive and may be left out for an open price.
 */
public record NewPriceRequest(String accelerator, String option, String region, String currency,
        BigDecimal usdPerAcceleratorHour, LocalDate effectiveFrom, LocalDate effectiveTo, String source, String note) {

    /** The price this request describes, or an {@link InvalidPriceException} naming the first bad field. */
    Price toPrice() {
        Accelerator acc = Accelerators.parse("accelerator", accelerator);
        PurchaseOption purchaseOption = option == null ? PurchaseOption.ON_DEMAND
                : PurchaseOption.fromId(option).orElseThrow(() -> new InvalidPriceException("option",
                        "unknown purchase option '" + option + "'; known: " + Accelerators.optionIds()));
        PriceKey key = new PriceKey(acc, purchaseOption, region == null ? PriceKey.ANY_REGION : region);
        return new Price(null, key, currency == null ? Price.USD : Price.currency(currency), usdPerAcceleratorHour,
                effectiveFrom, effectiveTo, source, note);
    }

    /** Body of POST /api/v1/prices/{id}/close: the first day the price no longer applies. */
    public record Close(LocalDate effectiveTo) {
    }
}
