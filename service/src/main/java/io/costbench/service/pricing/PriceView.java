package io.costbench.service.pricing;

import java.math.BigDecimal;
import java.time.LocalDate;

import io.costbench.pricing.Price;

/**
 * A price as the API shows it. {@code usdPerAcceleratorHour} is in {@code currency}; {@code effectiveTo} is exclusive
 * and null while the price is open.
 */
public record PriceView(Long id, String accelerator, String option, String region, String currency,
        BigDecimal usdPerAcceleratorHour, LocalDate effectiveFrom, LocalDate effectiveTo, String source, String note) {

    public static PriceView of(Price price) {
        return new PriceView(price.id(), price.key().accelerator().id(), price.key().option().id(),
                price.key().region(), price.currency().getCurrencyCode(), price.usdPerAcceleratorHour(),
                price.effectiveFrom(), price.effectiveTo(), price.source(), price.note());
    }
}
