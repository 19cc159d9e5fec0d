package io.costbench.pricing;

import java.util.List;

import org.junit.jupiter.api.Test;

import static io.costbench.pricing.Prices.price;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class IsoInteractivityTest {

    private static OperatingPoint point(int concurrency, double interactivity, double outputTps) {
        return new OperatingPoint(concurrency, 1, outputTps, outputTps, interactivity);
    }

    // (interactivity, tok/s): (100, 100), (80, 160), (60, 150) dominated by (80, 160), (50, 200)
    private final List<OperatingPoint> sweep = List.of(point(1, 100, 100), point(2, 80, 160), point(3, 60, 150),
            point(4, 50, 200));

    @Test
    void interpolatesThroughputBetweenFrontierPoints() {
        // halfway between (100, 100) and (80, 160)
        assertThat(IsoInteractivity.throughputPerAcceleratorAt(sweep, 90)).hasValueCloseTo(130.0, within(1e-9));
        // between (80, 160) and (50, 200), skipping the dominated (60, 150): 160 + (80-60)/30 x 40 = 186.667
        assertThat(IsoInteractivity.throughputPerAcceleratorAt(sweep, 60)).hasValueCloseTo(186.666667,
                within(1e-6));
        assertThat(IsoInteractivity.throughputPerAcceleratorAt(sweep, 50)).hasValueCloseTo(200.0, within(1e-9));
    }

    @Test
    void neverExtrapolates() {
        assertThat(IsoInteractivity.throughputPerAcceleratorAt(sweep, 100.5)).isEmpty();
        assertThat(IsoInteractivity.throughputPerAcceleratorAt(sweep, 49.9)).isEmpty();
        assertThat(IsoInteractivity.throughputPerAcceleratorAt(List.of(point(1, 10, 10)), 9)).isEmpty();
    }

    @Test
    void costFollowsTheInterpolatedThroughput() {
        // 3.6 $/h at 130 tok/s: 3.6 / (130 x 3600) x 1e6 = 7.6923 $/M; B at 90: flat 100 tok/s -> 10 $/M
        List<OperatingPoint> b = List.of(point(1, 120, 100), point(8, 40, 100));
        List<IsoInteractivity.Comparison> result = IsoInteractivity.compare(price(Accelerator.TRN2, "3.6"), sweep,
                price(Accelerator.H100_SXM, "3.6"), b, List.of(90.0, 110.0));
        assertThat(result.get(0).aUsdPerMillionOutputTokens()).hasValueCloseTo(7.692308, within(1e-6));
        assertThat(result.get(0).bUsdPerMillionOutputTokens()).hasValueCloseTo(10.0, within(1e-9));
        assertThat(result.get(0).costRatio()).hasValueCloseTo(0.7692308, within(1e-6));
        assertThat(result.get(1).aUsdPerMillionOutputTokens()).isEmpty();
        assertThat(result.get(1).bUsdPerMillionOutputTokens()).isPresent();
        assertThat(result.get(1).costRatio()).isEmpty();
    }
}
