package io.costbench.service.pricing;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;

import io.costbench.pricing.Accelerator;
import io.costbench.pricing.OperatingPoint;
import io.costbench.pricing.Price;
import io.costbench.pricing.PriceKey;
import io.costbench.pricing.PurchaseOption;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

class BreakEvenReportTest {

    private final CostCalculator costs = mock(CostCalculator.class);
    private final BreakEvenReport report = new BreakEvenReport(costs);

    private static Price price(long id, Accelerator accelerator, String perHour) {
        return new Price(id, new PriceKey(accelerator, PurchaseOption.ON_DEMAND, "any"), Price.USD,
                new BigDecimal(perHour), LocalDate.parse("2026-01-01"), null, "write-up", null);
    }

    private static OperatingPoint point(int concurrency, double outputTps, double interactivity) {
        return new OperatingPoint(concurrency, 1, outputTps, 2 * outputTps, interactivity);
    }

    @Test
    void pairsCostsPerConcurrencyAndStatesTheVerdict() {
        when(costs.priceFor(eq("trn2"), any(), any())).thenReturn(Optional.of(price(1, Accelerator.TRN2, "2.23")));
        when(costs.priceFor(eq("h100-sxm"), any(), any()))
                .thenReturn(Optional.of(price(2, Accelerator.H100_SXM, "5.19")));
        var trn2 = new BreakEvenReport.SideSweep("trn2", "vllm-neuron-optimized",
                List.of(point(1, 50, 50), point(2, 90, 45), point(4, 150, 37.5)), null);
        var h100 = new BreakEvenReport.SideSweep("h100-sxm", "vllm",
                List.of(point(1, 100, 100), point(2, 180, 90), point(4, 400, 80)), null);

        BreakEvenView view = report.compare("qwen3.5-4b", 1024, 1024, trn2, h100, null, null, List.of(45.0, 95.0));

        // c=1: 2.23/0.18 = 12.3889 vs 5.19/0.36 = 14.4167 -> trn2 cheaper; break-even trn2 at 2.595 $/h
        BreakEvenView.PointView first = view.points().get(0);
        assertThat(first.a().usdPerMillionOutputTokens()).isCloseTo(12.388889, within(1e-6));
        assertThat(first.b().usdPerMillionOutputTokens()).isCloseTo(14.416667, within(1e-6));
        assertThat(first.cheaper()).isEqualTo("a");
        assertThat(first.aBreakEvenUsdPerAcceleratorHour()).isCloseTo(2.595, within(1e-9));
        assertThat(first.bBreakEvenUsdPerAcceleratorHour()).isCloseTo(4.46, within(1e-9));
        // c=4: 2.23/0.54 = 4.1296 vs 5.19/1.44 = 3.6042 -> h100 cheaper
        assertThat(view.points().get(2).cheaper()).isEqualTo("b");
        assertThat(view.aCheaperConcurrencies()).extracting(r -> r.from() + "-" + r.to()).containsExactly("1-2");
        assertThat(view.verdict()).isEqualTo("A_CHEAPER_IN_RANGES");
        assertThat(view.verdictText()).isEqualTo("trn2 (vllm-neuron-optimized) is cheaper per million output tokens "
                + "at concurrency 1-2; h100-sxm (vllm) elsewhere");
        assertThat(view.a().price().id()).isEqualTo(1L);
        assertThat(view.b().price().usdPerAcceleratorHour()).isEqualByComparingTo("5.19");
        // interactivity 45 is trn2's c=2 point (90 tok/s): 2.23/0.324 = 6.8827; h100 covers 80..100: at 95, 140 tok/s -> 5.19/0.504 = 10.2976
        assertThat(view.isoInteractivity().get(0).aUsdPerMillionOutputTokens()).isCloseTo(6.882716, within(1e-6));
        assertThat(view.isoInteractivity().get(0).bUsdPerMillionOutputTokens()).isNull();
        assertThat(view.isoInteractivity().get(1).aUsdPerMillionOutputTokens()).isNull();
        assertThat(view.isoInteractivity().get(1).bUsdPerMillionOutputTokens())
                .isCloseTo(10.297619, within(1e-6));
    }

    @Test
    void aTargetWithoutAPriceIsNotFound() {
        when(costs.priceFor(any(), any(), any())).thenReturn(Optional.empty());
        var sweep = new BreakEvenReport.SideSweep("h200-sxm", "vllm", List.of(point(1, 10, 10)), null);
        assertThatThrownBy(() -> report.compare("m", 1, 1, sweep, sweep, null, null, List.of()))
                .isInstanceOf(PriceNotFoundException.class).hasMessageContaining("h200-sxm");
    }
}
