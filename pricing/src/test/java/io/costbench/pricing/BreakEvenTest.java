package io.costbench.pricing;

import java.util.List;

import org.junit.jupiter.api.Test;

import static io.costbench.pricing.Prices.price;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class BreakEvenTest {

    private final Price trn2 = price(Accelerator.TRN2, "2.23");
    private final Price h100 = price(Accelerator.H100_SXM, "5.19");

    private static OperatingPoint point(int concurrency, double outputTps) {
        return new OperatingPoint(concurrency, 1, outputTps, outputTps * 2, outputTps / concurrency);
    }

    @Test
    void costsAndBreakEvenPricesAtOneConcurrency() {
        // A: 2.23 / (50 x 3600) x 1e6 = 12.3889; B: 5.19 / (100 x 3600) x 1e6 = 14.4167; ratio 0.859345.
        // A breaks even at 5.19 x 50/100 = 2.595 $/h; B at 2.23 x 100/50 = 4.46 $/h.
        BreakEven result = BreakEven.compare(trn2, List.of(point(1, 50)), h100, List.of(point(1, 100)));
        BreakEven.Point p = result.points().get(0);
        assertThat(p.a().usdPerMillionOutputTokens()).isCloseTo(12.388889, within(1e-6));
        assertThat(p.b().usdPerMillionOutputTokens()).isCloseTo(14.416667, within(1e-6));
        assertThat(p.costRatio()).isCloseTo(0.859345, within(1e-6));
        assertThat(p.aBreakEvenPricePerHour()).isCloseTo(2.595, within(1e-9));
        assertThat(p.bBreakEvenPricePerHour()).isCloseTo(4.46, within(1e-9));
        assertThat(result.verdict()).isEqualTo(BreakEven.Verdict.A_CHEAPER_AT_EVERY_CONCURRENCY);
        assertThat(result.aCheaperRanges()).containsExactly(new BreakEven.ConcurrencyRange(1, 1));
    }

    @Test
    void aCheaperOnlyAtLowConcurrency() {
        // Equal cost needs B at 5.19/2.23 = 2.327x A's throughput: A wins at 1..4 (ratio 2), loses at 8, 16 (ratio 4).
        List<OperatingPoint> a = List.of(point(1, 50), point(2, 90), point(4, 150), point(8, 200), point(16, 220));
        List<OperatingPoint> b = List.of(point(1, 100), point(2, 180), point(4, 300), point(8, 800), point(16, 880),
                point(32, 900));
        BreakEven result = BreakEven.compare(trn2, a, h100, b);
        assertThat(result.points()).extracting(BreakEven.Point::concurrency).containsExactly(1, 2, 4, 8, 16);
        assertThat(result.aCheaperRanges()).containsExactly(new BreakEven.ConcurrencyRange(1, 4));
        assertThat(result.verdict()).isEqualTo(BreakEven.Verdict.A_CHEAPER_IN_RANGES);
    }

    @Test
    void bCheaperEverywhere() {
        BreakEven result = BreakEven.compare(trn2, List.of(point(1, 10), point(2, 20)), h100,
                List.of(point(1, 100), point(2, 200)));
        assertThat(result.verdict()).isEqualTo(BreakEven.Verdict.B_CHEAPER_AT_EVERY_CONCURRENCY);
        assertThat(result.aCheaperRanges()).isEmpty();
    }

    @Test
    void rangesSplitWhereBWinsInBetween() {
        List<OperatingPoint> a = List.of(point(1, 100), point(2, 10), point(4, 100));
        List<OperatingPoint> b = List.of(point(1, 100), point(2, 100), point(4, 100));
        assertThat(BreakEven.compare(trn2, a, h100, b).aCheaperRanges()).containsExactly(
                new BreakEven.ConcurrencyRange(1, 1), new BreakEven.ConcurrencyRange(4, 4));
    }

    @Test
    void refusesMixedCurrenciesAndDisjointSweeps() {
        Price eur = new Price(null, new PriceKey(Accelerator.H100_SXM, PurchaseOption.ON_DEMAND, "any"),
                Price.currency("EUR"), new java.math.BigDecimal("5"), java.time.LocalDate.parse("2026-01-01"), null,
                "test", null);
        assertThatThrownBy(() -> BreakEven.compare(trn2, List.of(point(1, 1)), eur, List.of(point(1, 1))))
                .hasMessageContaining("EUR");
        assertThatThrownBy(() -> BreakEven.compare(trn2, List.of(point(1, 1)), h100, List.of(point(2, 1))))
                .hasMessageContaining("no concurrency");
    }
}
