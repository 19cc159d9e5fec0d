package io.costbench.service.accuracy;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.costbench.engine.port.AcceleratorModel;
import io.costbench.service.prediction.AcceleratorFamilies;

import static org.assertj.core.api.Assertions.assertThat;

class AccuracyCatalogTest {

    private final AccuracyCatalog catalog = new AccuracyCatalog();

    @Test
    void everyShippedGroupNamesAHardwareAndProfileTheFamiliesOffer() {
        List<AcceleratorModel> families = AcceleratorFamilies.production();
        assertThat(catalog.file().groups()).isNotEmpty().allSatisfy(group -> {
            assertThat(families.stream().anyMatch(f -> f.profiles().stream().anyMatch(p -> p.id()
                    .equals(group.profile()) && p.hardwareIds().contains(group.hardware()))))
                    .as(group.hardware() + " " + group.profile()).isTrue();
            assertThat(group.modelKind()).isIn(ValidatedAccuracy.DENSE, ValidatedAccuracy.MOE);
            assertThat(group.rows()).isPositive();
            assertThat(group.sources()).isNotEmpty();
            assertThat(group.errors().tpot()).as("every group measured TPOT").isNotNull();
        });
    }

    @Test
    void aGroupIsFoundByHardwareProfileAndModelKindOnly() {
        ValidatedAccuracy first = catalog.file().groups().get(0);
        boolean moe = first.modelKind().equals(ValidatedAccuracy.MOE);
        assertThat(catalog.find(first.hardware(), first.profile(), moe)).contains(first);
        assertThat(catalog.find(first.hardware(), first.profile() + "-other", moe)).isEmpty();
        // The write-up's optimized Trainium2 stack has no public measurement of its own.
        assertThat(catalog.find("trn2", "vllm-neuron-optimized", false)).isEmpty();
    }

    @Test
    void theFileReadsBackAsWritten() {
        assertThat(AccuracyCatalog.parse(AccuracyCatalog.json(catalog.file()))).isEqualTo(catalog.file());
    }

    @Test
    void errorBandsArePercentToOneDecimal() {
        assertThat(ErrorBand.of(new io.costbench.engine.validation.ErrorStatistics(12, 0.03049, 0.0944, 0.39349)))
                .isEqualTo(new ErrorBand(12, 3.0, 9.4, 39.3));
    }
}
