package io.costbench.service.dashboard;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import io.costbench.service.accuracy.AccuracyCatalog;
import io.costbench.service.accuracy.ValidatedAccuracy;

import static org.assertj.core.api.Assertions.assertThat;

/** The line under a dashboard's SLO headline: how far each of its targets was from public measurements. */
class SloValidationLineTest {

    private final AccuracyCatalog accuracy = new AccuracyCatalog();

    private static final SloOverview.Best H100_VLLM = new SloOverview.Best(new Target("h100-sxm", "vllm", null), 256,
            0.09);
    private static final SloOverview.Best TRN2_OPTIMIZED = new SloOverview.Best(
            new Target("trn2", "vllm-neuron-optimized", null), 64, 0.23);

    @Test
    void namesEachTargetsErrorsOrThatNoneCoversIt() {
        ValidatedAccuracy h100 = accuracy.find("h100-sxm", "vllm", false).orElseThrow();

        String line = SloOverview.validation(accuracy, Optional.of(false), List.of(H100_VLLM, TRN2_OPTIMIZED));

        assertThat(line).isEqualTo(String.format(Locale.ROOT, "Validated against public measurements (median "
                + "|error|): H100 vllm TPOT %.1f%%, TTFT %.1f%% (%d runs); Trainium2 optimized not validated.",
                h100.errors().tpot().medianPct(), h100.errors().ttft().medianPct(), h100.rows()));
    }

    @Test
    void aMixtureOfExpertsModelIsJudgedByItsOwnGroups() {
        ValidatedAccuracy moe = accuracy.find("h100-sxm", "vllm", true).orElseThrow();

        assertThat(SloOverview.validation(accuracy, Optional.of(true), List.of(H100_VLLM)))
                .contains(String.format(Locale.ROOT, "TPOT %.1f%%", moe.errors().tpot().medianPct()))
                .contains("(" + moe.rows() + " runs)");
    }

    @Test
    void saysNothingForAModelOutsideTheCatalogOrWithoutTargets() {
        assertThat(SloOverview.validation(accuracy, Optional.empty(), List.of(H100_VLLM))).isEmpty();
        assertThat(SloOverview.validation(accuracy, Optional.of(false), List.of())).isEmpty();
    }
}
