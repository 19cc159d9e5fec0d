package io.costbench.service.export;

import java.time.LocalDate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.costbench.pricing.Accelerator;
import io.costbench.pricing.Price;
import io.costbench.pricing.PriceCatalog;
import io.costbench.pricing.PriceKey;
import io.costbench.pricing.PurchaseOption;

/**
 * The prices one export can use, loaded once per request, and the pick of the price in force for a row in memory
 * with the catalog's own rule ({@link PriceCatalog#inForce}), so a million rows cost no price query. Picks are
 * remembered per hardware and day; the memo is bounded, so a long date range cannot grow it without limit.
 */
final class PriceTable {

    private static final int MAX_MEMO = 10_000;

    private final List<Price> prices;
    private final PurchaseOption option;
    private final String region;
    private final Map<String, Map<LocalDate, Optional<Price>>> memo = new HashMap<>();
    private int memoSize;

    PriceTable(List<Price> prices, PurchaseOption option, String region) {
        this.prices = List.copyOf(prices);
        this.option = option;
        this.region = region;
    }

    /** The price of {@code hardwareId} in force on {@code date}; null when the hardware has no price that day. */
    Price inForce(String hardwareId, LocalDate date) {
        Map<LocalDate, Optional<Price>> byDate = memo.get(hardwareId);
        if (byDate == null) {
            if (memoSize >= MAX_MEMO) {
                memo.clear();
                memoSize = 0;
            }
            byDate = new HashMap<>();
            memo.put(hardwareId, byDate);
        }
        Optional<Price> price = byDate.get(date);
        if (price == null) {
            price = Accelerator.fromId(hardwareId)
                    .flatMap(accelerator -> PriceCatalog.inForce(prices, new PriceKey(accelerator, option, region),
                            date));
            if (memoSize >= MAX_MEMO) {
                memo.values().forEach(Map::clear);
                memoSize = 0;
            }
            byDate.put(date, price);
            memoSize++;
        }
        return price.orElse(null);
    }
}
