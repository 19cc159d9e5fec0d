package io.costbench.pricing;

import java.math.BigDecimal;
import java.time.LocalDate;

/** Test prices. */
final class Prices {

    private Prices() {
    }

    static Price price(Accelerator accelerator, String perHour) {
        return price(null, accelerator, "any", perHour, LocalDate.parse("2026-01-01"), null);
    }

    static Price price(Long id, Accelerator accelerator, String region, String perHour, LocalDate from,
            LocalDate to) {
        return new Price(id, new PriceKey(accelerator, PurchaseOption.ON_DEMAND, region), Price.USD,
                new BigDecimal(perHour), from, to, "test", null);
    }
}
