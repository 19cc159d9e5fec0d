package io.costbench.pricing;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;

import org.junit.jupiter.api.Test;

import static io.costbench.pricing.Prices.price;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PriceCatalogTest {

    private static final LocalDate JAN = LocalDate.parse("2026-01-01");
    private static final LocalDate JUN = LocalDate.parse("2026-06-01");
    private static final PriceKey TRN2_US = new PriceKey(Accelerator.TRN2, PurchaseOption.ON_DEMAND, "us-east-1");

    private final Price old = price(1L, Accelerator.TRN2, "us-east-1", "2.50", JAN, JUN);
    private final Price current = price(2L, Accelerator.TRN2, "us-east-1", "2.23", JUN, null);
    private final List<Price> catalog = List.of(old, current);

    @Test
    void nothingBeforeTheFirstEffectiveDate() {
        assertThat(PriceCatalog.inForce(catalog, TRN2_US, JAN.minusDays(1))).isEmpty();
    }

    @Test
    void aPriceIsInForceOnItsEffectiveDate() {
        assertThat(PriceCatalog.inForce(catalog, TRN2_US, JAN)).contains(old);
        assertThat(PriceCatalog.inForce(catalog, TRN2_US, JUN)).contains(current);
    }

    @Test
    void effectiveToIsExclusive() {
        assertThat(PriceCatalog.inForce(catalog, TRN2_US, JUN.minusDays(1))).contains(old);
    }

    @Test
    void anOpenPriceStaysInForceAfterItsDate() {
        assertThat(PriceCatalog.inForce(catalog, TRN2_US, LocalDate.parse("2030-01-01"))).contains(current);
    }

    @Test
    void aRegionWithoutItsOwnPriceFallsBackToTheRegionlessPrice() {
        Price anyRegion = price(3L, Accelerator.TRN2, "any", "2.40", JAN, null);
        List<Price> prices = List.of(old, current, anyRegion);
        PriceKey euWest = TRN2_US.withRegion("eu-west-1");
        assertThat(PriceCatalog.inForce(prices, euWest, JUN)).contains(anyRegion);
        assertThat(PriceCatalog.inForce(prices, TRN2_US, JUN)).contains(current);
        assertThat(PriceCatalog.inForce(prices, TRN2_US.withRegion("any"), JUN)).contains(anyRegion);
    }

    @Test
    void anotherOptionOrAcceleratorIsNotUsed() {
        PriceKey spot = new PriceKey(Accelerator.TRN2, PurchaseOption.SPOT, "us-east-1");
        PriceKey h100 = new PriceKey(Accelerator.H100_SXM, PurchaseOption.ON_DEMAND, "us-east-1");
        assertThat(PriceCatalog.inForce(catalog, spot, JUN)).isEmpty();
        assertThat(PriceCatalog.inForce(catalog, h100, JUN)).isEmpty();
    }

    @Test
    void overlappingPricesOfOneKeyAreRejected() {
        Price startsInsideOld = price(null, Accelerator.TRN2, "us-east-1", "2.0", LocalDate.parse("2026-03-01"),
                LocalDate.parse("2026-04-01"));
        Price startsAfterCurrent = price(null, Accelerator.TRN2, "us-east-1", "2.0", LocalDate.parse("2027-01-01"),
                null);
        Price coversEverything = price(null, Accelerator.TRN2, "us-east-1", "2.0", JAN.minusYears(1), null);
        for (Price clash : List.of(startsInsideOld, startsAfterCurrent, coversEverything)) {
            assertThatThrownBy(() -> PriceCatalog.checkNoOverlap(catalog, clash))
                    .isInstanceOf(PriceOverlapException.class)
                    .hasMessageContaining("already in force");
        }
    }

    @Test
    void adjacentPricesAndOtherKeysDoNotOverlap() {
        Price before = price(null, Accelerator.TRN2, "us-east-1", "3.0", JAN.minusYears(1), JAN);
        Price otherRegion = price(null, Accelerator.TRN2, "eu-west-1", "3.0", JAN, null);
        Price otherAccelerator = price(null, Accelerator.H100_SXM, "us-east-1", "5.19", JAN, null);
        for (Price fine : List.of(before, otherRegion, otherAccelerator)) {
            assertThat(catalog).as("prices overlapping %s", fine).noneMatch(fine::overlaps);
            assertThatCode(() -> PriceCatalog.checkNoOverlap(catalog, fine)).as("adding %s", fine)
                    .doesNotThrowAnyException();
        }
    }

    @Test
    void closingAPriceOnlyShortensIt() {
        assertThat(current.closedOn(LocalDate.parse("2026-09-01")).effectiveTo())
                .isEqualTo(LocalDate.parse("2026-09-01"));
        assertThatThrownBy(() -> old.closedOn(JUN.plusDays(1))).isInstanceOf(InvalidPriceException.class);
        assertThatThrownBy(() -> current.closedOn(JUN)).isInstanceOf(InvalidPriceException.class)
                .hasMessageContaining("must be after effectiveFrom");
    }

    @Test
    void invalidPricesCannotBeBuilt() {
        assertThatThrownBy(() -> price(Accelerator.TRN2, "0")).isInstanceOf(InvalidPriceException.class)
                .extracting(e -> ((InvalidPriceException) e).field()).isEqualTo("usdPerAcceleratorHour");
        assertThatThrownBy(() -> price(Accelerator.TRN2, "-2.23")).isInstanceOf(InvalidPriceException.class);
        assertThatThrownBy(() -> price(Accelerator.TRN2, "1000000")).isInstanceOf(InvalidPriceException.class);
        assertThatThrownBy(() -> price(Accelerator.TRN2, "1.0000001")).isInstanceOf(InvalidPriceException.class);
        assertThatThrownBy(() -> price(null, Accelerator.TRN2, "any", "2", JUN, JAN))
                .isInstanceOf(InvalidPriceException.class).hasMessageContaining("effectiveTo");
        assertThatThrownBy(() -> price(null, Accelerator.TRN2, "US East", "2", JAN, null))
                .isInstanceOf(InvalidPriceException.class).hasMessageContaining("region");
        assertThatThrownBy(() -> new Price(null, TRN2_US, Price.USD, BigDecimal.ONE, JAN, null, " ", null))
                .isInstanceOf(InvalidPriceException.class).hasMessageContaining("source");
    }

    @Test
    void currenciesAreIso4217Codes() {
        assertThat(Price.currency("EUR").getCurrencyCode()).isEqualTo("EUR");
        for (String bad : new String[] {"usd", "XYZ", "US", "DOLLAR", ""}) {
            assertThatThrownBy(() -> Price.currency(bad)).isInstanceOf(InvalidPriceException.class);
        }
        assertThatThrownBy(() -> Price.currency(null)).isInstanceOf(InvalidPriceException.class);
    }

    @Test
    void idsAreCaseInsensitive() {
        assertThat(Accelerator.fromId("H100-SXM")).contains(Accelerator.H100_SXM);
        assertThat(Accelerator.fromId("a100")).isEmpty();
        assertThat(PurchaseOption.fromId("reserved-3yr")).contains(PurchaseOption.RESERVED_3YR);
        assertThat(PurchaseOption.fromId("ondemand")).isEmpty();
        assertThat(Accelerator.forHardware("trn2-lnc1")).contains(Accelerator.TRN2);
        assertThat(Accelerator.fromId("trn2-lnc1")).isEmpty();
        assertThat(Accelerator.forHardware("h100-pcie")).isEmpty();
    }

    @Test
    void amountsAreCanonicalSoAStoredPriceEqualsTheOneAdded() {
        assertThat(price(Accelerator.TRN2, "2.230000")).isEqualTo(price(Accelerator.TRN2, "2.23"));
        assertThat(price(Accelerator.TRN2, "100.000000").usdPerAcceleratorHour().toPlainString()).isEqualTo("100");
    }
}
