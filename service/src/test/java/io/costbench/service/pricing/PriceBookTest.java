package io.costbench.service.pricing;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.UUID;

import io.costbench.pricing.Accelerator;
import io.costbench.pricing.Cost;
import io.costbench.pricing.InvalidPriceException;
import io.costbench.pricing.Price;
import io.costbench.pricing.PriceKey;
import io.costbench.pricing.PriceOverlapException;
import io.costbench.pricing.PurchaseOption;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.data.jpa.test.autoconfigure.DataJpaTest;
import org.springframework.boot.jdbc.test.autoconfigure.AutoConfigureTestDatabase;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/**
 * The stored catalog on a real database. The PostgreSQL schema is shared by the whole run, so each test works in its
 * own region and never assumes empty tables.
 */
@Tag("database")
@DataJpaTest
@AutoConfigureTestDatabase(replace = AutoConfigureTestDatabase.Replace.NONE)
@Import({PriceBook.class, CostCalculator.class, WithPricingProperties.class, PriceBookTest.FixedClock.class})
class PriceBookTest {

    static final Instant NOW = Instant.parse("2026-11-30T04:00:00Z");
    static final LocalDate JAN = LocalDate.parse("2026-01-01");
    static final LocalDate JUN = LocalDate.parse("2026-06-01");

    @TestConfiguration
    static class FixedClock {
        @Bean
        Clock clock() {
            return Clock.fixed(NOW, ZoneOffset.UTC);
        }
    }

    @Autowired
    PriceBook priceBook;

    @Autowired
    CostCalculator costCalculator;

    @Autowired
    PriceRepository repository;

    private final String region = "t-" + UUID.randomUUID().toString().substring(0, 12);

    private Price price(Accelerator accelerator, PurchaseOption option, String perHour, LocalDate from,
            LocalDate to) {
        return new Price(null, new PriceKey(accelerator, option, region), Price.USD, new BigDecimal(perHour), from,
                to, "test source", "test note");
    }

    @Test
    void theWriteUpPricesAreSeededWithTheirSource() {
        PriceKey trn2 = new PriceKey(Accelerator.TRN2, PurchaseOption.ON_DEMAND, PriceKey.ANY_REGION);
        PriceKey h100 = new PriceKey(Accelerator.H100_SXM, PurchaseOption.ON_DEMAND, PriceKey.ANY_REGION);
        Price trn2Price = priceBook.inForce(trn2, JAN).orElseThrow();
        Price h100Price = priceBook.inForce(h100, JAN).orElseThrow();
        assertThat(trn2Price.usdPerAcceleratorHour()).isEqualByComparingTo("2.23");
        assertThat(h100Price.usdPerAcceleratorHour()).isEqualByComparingTo("5.19");
        for (Price seeded : new Price[] {trn2Price, h100Price}) {
            assertThat(seeded.currency()).isEqualTo(Price.USD);
            assertThat(seeded.effectiveFrom()).isEqualTo(JAN);
            assertThat(seeded.source()).contains("$2.23/hr and $5.19/hr").contains("trainium2-serving-blog.txt");
            assertThat(seeded.note()).contains("assumed");
        }
        assertThat(priceBook.inForce(new PriceKey(Accelerator.H200_SXM, PurchaseOption.ON_DEMAND,
                PriceKey.ANY_REGION), JAN)).isEmpty();
    }

    @Test
    void looksUpThePriceInForceBeforeOnAndAfterItsDate() {
        Price first = priceBook.add(price(Accelerator.TRN2, PurchaseOption.RESERVED_1YR, "1.50", JAN, JUN));
        Price second = priceBook.add(price(Accelerator.TRN2, PurchaseOption.RESERVED_1YR, "1.20", JUN, null));
        PriceKey key = first.key();

        assertThat(priceBook.inForce(key, JAN.minusDays(1))).isEmpty();
        assertThat(priceBook.inForce(key, JAN)).contains(first);
        assertThat(priceBook.inForce(key, JUN.minusDays(1))).contains(first);
        assertThat(priceBook.inForce(key, JUN)).contains(second);
        assertThat(priceBook.inForce(key, LocalDate.parse("2031-01-01"))).contains(second);
        assertThat(second.id()).isNotNull().isNotEqualTo(first.id());
    }

    @Test
    void anOverlappingPriceIsRejectedAndNothingIsStored() {
        Price open = priceBook.add(price(Accelerator.H100_SXM, PurchaseOption.SPOT, "2.00", JAN, null));
        long before = repository.count();

        assertThatThrownBy(() -> priceBook.add(price(Accelerator.H100_SXM, PurchaseOption.SPOT, "1.80", JUN, null)))
                .isInstanceOf(PriceOverlapException.class)
                .satisfies(e -> assertThat(((PriceOverlapException) e).existing().id()).isEqualTo(open.id()));
        assertThat(repository.count()).isEqualTo(before);

        // the way to change a price: close the old one, then add the new one from that day
        priceBook.close(open.id(), JUN);
        Price next = priceBook.add(price(Accelerator.H100_SXM, PurchaseOption.SPOT, "1.80", JUN, null));
        assertThat(priceBook.inForce(open.key(), JUN.minusDays(1)).orElseThrow().id()).isEqualTo(open.id());
        assertThat(priceBook.inForce(open.key(), JUN)).contains(next);
    }

    @Test
    void aCloseCanOnlyShortenAPrice() {
        Price closed = priceBook.add(price(Accelerator.TRN2, PurchaseOption.SPOT, "0.9", JAN, JUN));
        assertThatThrownBy(() -> priceBook.close(closed.id(), JUN.plusMonths(1)))
                .isInstanceOf(InvalidPriceException.class);
        assertThatThrownBy(() -> priceBook.close(closed.id(), JAN)).isInstanceOf(InvalidPriceException.class);
        assertThatThrownBy(() -> priceBook.close(-1, JUN)).isInstanceOf(PriceNotFoundException.class);
        assertThat(priceBook.get(closed.id()).effectiveTo()).isEqualTo(JUN);
    }

    @Test
    void listFiltersByKeyAndDate() {
        Price a = priceBook.add(price(Accelerator.TRN2, PurchaseOption.SAVINGS_PLAN, "1.7", JAN, JUN));
        Price b = priceBook.add(price(Accelerator.TRN2, PurchaseOption.SAVINGS_PLAN, "1.6", JUN, null));
        Price c = priceBook.add(price(Accelerator.H100_SXM, PurchaseOption.SAVINGS_PLAN, "3.9", JAN, null));

        // ordered by accelerator id, option, region, effective date
        assertThat(priceBook.list(new PriceFilter(null, null, region, null))).containsExactly(c, a, b);
        assertThat(priceBook.list(new PriceFilter(Accelerator.TRN2, null, region, null))).containsExactly(a, b);
        assertThat(priceBook.list(new PriceFilter(null, PurchaseOption.SAVINGS_PLAN, region,
                LocalDate.parse("2026-03-01")))).containsExactly(c, a);
        assertThat(priceBook.list(new PriceFilter(null, PurchaseOption.SPOT, region, null))).isEmpty();
    }

    @Test
    void aRegionWithoutItsOwnPriceUsesTheRegionlessOne() {
        PriceKey key = new PriceKey(Accelerator.TRN2, PurchaseOption.ON_DEMAND, region);
        Price seeded = priceBook.inForce(key, JUN).orElseThrow();
        assertThat(seeded.key().region()).isEqualTo(PriceKey.ANY_REGION);

        Price own = priceBook.add(price(Accelerator.TRN2, PurchaseOption.ON_DEMAND, "2.10", JUN, null));
        assertThat(priceBook.inForce(key, JUN)).contains(own);
        assertThat(priceBook.inForce(key, JUN.minusDays(1))).contains(seeded);
    }

    @Test
    void costForCarriesTheSeededPriceItUsed() {
        // 1 chip x 2.23 $/h / (100 tok/s x 3600) x 1e6 = 6.19444 $/M output; over 400 tok/s total 1.54861
        Cost cost = costCalculator.costFor("trn2", 1, 100, 400, null, LocalDate.parse("2026-11-30")).orElseThrow();
        assertThat(cost.usdPerMillionOutputTokens()).isCloseTo(6.194444, within(1e-6));
        assertThat(cost.usdPerMillionTotalTokens()).isCloseTo(1.548611, within(1e-6));
        assertThat(cost.price().id()).isNotNull();
        assertThat(cost.price().usdPerAcceleratorHour()).isEqualByComparingTo("2.23");
        assertThat(cost.price().key().option()).isEqualTo(PurchaseOption.ON_DEMAND);
        assertThat(cost.price().effectiveFrom()).isEqualTo(JAN);

        assertThat(costCalculator.costFor("h100-sxm", 8, 100, 100, null, null).orElseThrow()
                .usdPerMillionOutputTokens()).isCloseTo(8 * 5.19 / 0.36, within(1e-9));
        assertThat(costCalculator.costFor("h200-sxm", 1, 100, 100, null, null)).isEmpty();
        assertThat(costCalculator.costFor("tpu-v5", 1, 100, 100, null, null)).isEmpty();
        assertThat(costCalculator.costFor("trn2", 1, 100, 100, null, LocalDate.parse("2025-12-31"))).isEmpty();
    }
}
