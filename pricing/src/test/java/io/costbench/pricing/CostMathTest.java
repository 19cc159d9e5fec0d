package io.costbench.pricing;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class CostMathTest {

    private static final double EPS = 1e-9;

    @Test
    void oneTrainium2ChipAtTheWriteUpPrice() {
        // 2.23 $/h / (100 tok/s x 3600 s/h) x 1e6 = 2.23 / 0.36 = 6.19444 $/M output; over 400 tok/s total: 1.54861
        Cost cost = CostMath.cost(Prices.price(Accelerator.TRN2, "2.23"), 1, 100, 400);
        assertThat(cost.usdPerHour()).isCloseTo(2.23, within(EPS));
        assertThat(cost.usdPerMillionOutputTokens()).isCloseTo(6.194444444, within(1e-8));
        assertThat(cost.usdPerMillionTotalTokens()).isCloseTo(1.548611111, within(1e-8));
        assertThat(cost.price().usdPerAcceleratorHour()).isEqualByComparingTo("2.23");
        assertThat(cost.currency()).isEqualTo("USD");
    }

    @Test
    void anH100AtTheWriteUpPrice() {
        // 5.19 / (200 x 3600) x 1e6 = 7.208333
        Cost cost = CostMath.cost(Prices.price(Accelerator.H100_SXM, "5.19"), 1, 200, 200);
        assertThat(cost.usdPerMillionOutputTokens()).isCloseTo(7.208333333, within(1e-8));
        assertThat(cost.usdPerMillionTotalTokens()).isCloseTo(7.208333333, within(1e-8));
    }

    @Test
    void twoChipsCostTwiceAsMuchAtTheSameThroughput() {
        // TP=8 at LNC=2 is two chips: 4.46 $/h / 0.36 = 12.38889
        int chips = Accelerator.TRN2.acceleratorsFor(8, 2);
        Cost cost = CostMath.cost(Prices.price(Accelerator.TRN2, "2.23"), chips, 100, 100);
        assertThat(chips).isEqualTo(2);
        assertThat(cost.usdPerHour()).isCloseTo(4.46, within(EPS));
        assertThat(cost.usdPerMillionOutputTokens()).isCloseTo(12.388888889, within(1e-8));
    }

    @ParameterizedTest(name = "{0} TP={1} LNC={2} -> {3}")
    @CsvSource({
            "TRN2, 4, 2, 1",
            "TRN2, 1, 2, 1",
            "TRN2, 8, 2, 2",
            "TRN2, 64, 2, 16",
            "TRN2, 8, 1, 1",
            "TRN2, 16, 1, 2",
            "H100_SXM, 1, 1, 1",
            "H100_SXM, 8, 1, 8",
            "H200_SXM, 4, 1, 4"})
    void acceleratorsFromTensorParallel(Accelerator accelerator, int tp, int lnc, int expected) {
        assertThat(accelerator.acceleratorsFor(tp, lnc)).isEqualTo(expected);
    }

    @Test
    void logicalCoreSizeMustFitTheAccelerator() {
        assertThatThrownBy(() -> Accelerator.TRN2.acceleratorsFor(4, 3)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Accelerator.H100_SXM.acceleratorsFor(4, 2))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Accelerator.TRN2.acceleratorsFor(0, 2)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void withoutATimeSplitThereAreNoInputAndOutputPrices() {
        Cost cost = CostMath.cost(Prices.price(Accelerator.TRN2, "3.6"), 1, 100, 400);
        assertThat(cost.split()).isNull();
        assertThat(cost.usdPerMillionTotalTokens()).isCloseTo(2.5, within(1e-9));
    }

    @Test
    void theSplitChargesPrefillTimeToInputAndBlendsThreeToOne() {
        // 3.6 $/h; prefill gets 25%: input 0.9 $/h over 300 tok/s = 0.83333 $/M, output 2.7 $/h over 100 tok/s
        // = 7.5 $/M; blend (3 x 0.83333 + 7.5) / 4 = 2.5
        Cost cost = CostMath.cost(Prices.price(Accelerator.TRN2, "3.6"), 1, 100, 400, 0.25);
        assertThat(cost.split().usdPerMillionInputTokens()).isCloseTo(0.9 / 300 / 3600 * 1e6, within(1e-9));
        assertThat(cost.split().usdPerMillionOutputTokens()).isCloseTo(7.5, within(1e-9));
        assertThat(cost.split().usdPerMillionTokensBlended3to1()).isCloseTo(2.5, within(1e-9));
        assertThat(cost.split().prefillTimeShare()).isEqualTo(0.25);
        // The all-in figure still charges the whole hour to output tokens (the write-up's measure).
        assertThat(cost.usdPerMillionOutputTokens()).isCloseTo(10.0, within(1e-9));
    }

    @Test
    void rejectsImpossibleThroughputs() {
        Price price = Prices.price(Accelerator.TRN2, "2.23");
        assertThatThrownBy(() -> CostMath.cost(price, 1, 0, 10)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> CostMath.cost(price, 1, 10, 5)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> CostMath.cost(price, 0, 10, 10)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> CostMath.cost(price, 1, Double.NaN, 10))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> CostMath.cost(price, 1, 10, 20, 1.5)).isInstanceOf(IllegalArgumentException.class);
    }
}
