package io.costbench.service.pricing;

import java.time.LocalDate;
import java.util.List;
import java.util.Optional;

import io.costbench.pricing.Price;
import io.costbench.pricing.PriceCatalog;
import io.costbench.pricing.PriceKey;

/**
 * The prices of one key that {@link PriceBook#inForce} picks from, held in memory: {@link #inForce} gives what
 * {@link CostCalculator#priceFor} would for any date, without a query per date.
 *
 * @param key        null when the hardware has no price at all (not an accelerator the catalog prices)
 * @param candidates the key's prices and the region-less ones
 * @param today      the day a null date stands for
 */
public record PriceHistory(PriceKey key, List<Price> candidates, LocalDate today) {

    static final PriceHistory NONE = new PriceHistory(null, List.of(), null);

    public PriceHistory {
        candidates = List.copyOf(candidates);
    }

    /** The price in force on {@code date} (null: today), as {@link CostCalculator#priceFor} picks it. */
    public Optional<Price> inForce(LocalDate date) {
        if (key == null) {
            return Optional.empty();
        }
        return PriceCatalog.inForce(candidates, key, date == null ? today : date);
    }
}
