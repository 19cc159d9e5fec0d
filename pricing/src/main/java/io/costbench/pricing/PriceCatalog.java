package io.costbench.pricing;

import java.time.LocalDate;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * The rules over a set of prices: which one is in force on a date, and whether a new one may join. Stateless; the
 * service hands it the prices of one key from the database.
 */
public final class PriceCatalog {

    private PriceCatalog() {
    }

    /**
     * The price of {@code key} in force on {@code date}; if none names the key's region, the region-less
     * ({@link PriceKey#ANY_REGION}) price in force.
     */
    public static Optional<Price> inForce(Collection<Price> prices, PriceKey key, LocalDate date) {
        Optional<Price> exact = prices.stream()
                .filter(p -> p.key().equals(key) && p.inForceOn(date))
                .findFirst();
        if (exact.isPresent() || PriceKey.ANY_REGION.equals(key.region())) {
            return exact;
        }
        PriceKey anyRegion = key.withRegion(PriceKey.ANY_REGION);
        return prices.stream().filter(p -> p.key().equals(anyRegion) && p.inForceOn(date)).findFirst();
    }

    /** Throws {@link PriceOverlapException} if {@code candidate} shares a day with another price of its key. */
    public static void checkNoOverlap(Collection<Price> prices, Price candidate) {
        List<Price> clashes = prices.stream()
                .filter(p -> p.id() == null || !p.id().equals(candidate.id()))
                .filter(candidate::overlaps)
                .toList();
        if (!clashes.isEmpty()) {
            throw new PriceOverlapException(candidate, clashes.get(0));
        }
    }
}
