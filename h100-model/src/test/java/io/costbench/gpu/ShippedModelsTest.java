package io.costbench.gpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import io.costbench.engine.graph.PrefillChunk;
import io.costbench.engine.graph.StepShape;
import io.costbench.engine.model.ModelCatalog;
import io.costbench.engine.model.ModelSpec;
import io.costbench.engine.model.Precision;
import io.costbench.engine.port.CostCategory;
import io.costbench.engine.port.Deployment;
import io.costbench.engine.port.DeploymentRequest;
import io.costbench.engine.port.DoesNotFitException;
import io.costbench.engine.port.OperatorTiming;
import io.costbench.engine.port.StepExplanation;

/** Every model the engine ships deploys on H100 at the smallest TP that holds it, and prices sensible steps. */
class ShippedModelsTest {

    private static final GpuAcceleratorModel GPU = GpuAcceleratorModel.fromCatalog();

    /** Every shipped model on every GPU serving profile. */
    static Stream<Arguments> models() {
        return ModelCatalog.standard().ids().stream().flatMap(id -> GPU.profiles().stream()
                .map(profile -> Arguments.of(id, profile.id())));
    }

    private static Deployment smallestFit(ModelSpec model, String profile) {
        for (int tp : List.of(1, 2, 4, 8)) {
            try {
                Deployment d = GPU.deploy(model, new DeploymentRequest("h100-sxm", profile, tp, Precision.FP8, null,
                        8192));
                // The smallest useful TP holds a few full-length sequences (a TP where the weights just fit is not).
                if (d.scheduling().kvCacheCapacityTokens() >= 4 * 8192L) {
                    return d;
                }
            } catch (DoesNotFitException | IllegalArgumentException e) {
                // next TP
            }
        }
        throw new AssertionError(model.id() + " fits no TP on 8 H100s");
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("models")
    void deploysAndPricesDecodeAndMixedSteps(String id, String profile) {
        ModelSpec model = ModelCatalog.standard().get(id);
        Deployment d = smallestFit(model, profile);
        assertThat(d.chips()).isEqualTo(d.tensorParallel());
        // At least a few full-length sequences fit in what is left.
        assertThat(d.scheduling().kvCacheCapacityTokens()).isGreaterThanOrEqualTo(4 * 8192L);
        // Weights plus cache stay within 0.9 x the 85.52 GB an H100 reports.
        double weightsPerGpu = model.weightBytes(Precision.FP8) / d.tensorParallel();
        assertThat(weightsPerGpu).isLessThan(0.9 * 85_520_809_984.0);

        StepShape decode = StepShape.decode(16, 2048, model.slidingWindowTokens());
        StepShape mixed = new StepShape(16, 1, 16L * 2048, 2048, decode.decodeWindowedContextTokensSum(),
                List.of(new PrefillChunk(2048, 0)));
        double decodeMs = d.price(decode).timeMs();
        double mixedMs = d.price(mixed).timeMs();
        // A decode step reads at least the active weights once at no more than peak bandwidth.
        double activeBytesPerGpu = Math.min(model.weightBytes(Precision.FP8),
                model.activeParams() * 1.0) / d.tensorParallel();
        assertThat(decodeMs).isGreaterThan(activeBytesPerGpu / 3.35e12 * 1e3 * 0.5).isLessThan(200);
        assertThat(mixedMs).isGreaterThan(decodeMs);
        StepExplanation e = d.explain(mixed);
        assertThat(e.operators().stream().mapToDouble(OperatorTiming::timeMs).sum())
                .isCloseTo(e.cost().timeMs(), within(1e-9));
        assertThat(e.cost().ms(CostCategory.HOST)).isPositive();
    }
}
