package io.costbench.service.prediction;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.springframework.util.unit.DataSize;

import io.costbench.engine.model.ModelCatalog;
import io.costbench.engine.sim.DatasetLengths;
import io.costbench.service.simulation.SimulationLimits;
import io.costbench.service.simulation.SimulationProperties;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.offset;

/** The predictor remembers finished predictions: what it answers again is what a fresh predictor computes. */
class PredictorMemoTest {

    private static final ModelCatalog MODELS = ModelCatalog.standard();
    private static final AcceleratorRegistry ACCELERATORS = new AcceleratorRegistry(AcceleratorFamilies.production());
    private static final ScenarioResolver RESOLVER = new ScenarioResolver(MODELS, ACCELERATORS);

    private static Predictor predictor() {
        return new Predictor(MODELS, ACCELERATORS, new SimulationLimits(new SimulationProperties(1L << 28, 1L << 24,
                Duration.ofMinutes(1), Duration.ofMinutes(1), 1, 1, Duration.ZERO, Duration.ofSeconds(5),
                DataSize.ofMegabytes(4))));
    }

    private static Scenario scenario(int tensorParallel, int concurrency) {
        return RESOLVER.resolve(new ScenarioResolver.Spec("Qwen/Qwen3-8B", "h100-sxm5", null, tensorParallel, "bf16",
                null, 200, 128, concurrency, null, null));
    }

    @Test
    void aRememberedPredictionIsTheOneAFreshPredictorComputes() {
        Predictor warm = predictor();
        Prediction first = warm.predict(scenario(1, 4));
        warm.predict(scenario(2, 4));

        Prediction again = warm.predict(scenario(1, 4));

        assertThat(again).isEqualTo(first).isEqualTo(predictor().predict(scenario(1, 4)));
        assertThat(warm.predict(scenario(1, 8))).isNotEqualTo(first)
                .isEqualTo(predictor().predict(scenario(1, 8)));
    }

    /** A dataset's mean is remembered apart from the prediction at its fixed means, and equals a fresh one. */
    @Test
    void aRememberedMeanOverADatasetsDrawsIsTheOneAFreshPredictorComputes() {
        Predictor warm = predictor();
        Prediction fixed = warm.predict(scenario(1, 4));
        Prediction mean = warm.predictMean(scenario(1, 4), DatasetLengths.shareGpt());

        assertThat(mean).isNotEqualTo(fixed).isSameAs(warm.predictMean(scenario(1, 4), DatasetLengths.shareGpt()))
                .isEqualTo(predictor().predictMean(scenario(1, 4), DatasetLengths.shareGpt()));
        assertThat(mean.scenario().workload()).isEqualTo(fixed.scenario().workload());
        assertThat(mean.metrics().get("total_output_tokens")).isCloseTo(fixed.metrics().get("total_output_tokens"),
                offset(1e-6));
        assertThat(warm.predict(scenario(1, 4))).isSameAs(fixed);
        assertThatThrownBy(() -> mean.metrics().put("output_throughput", 0.0))
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void aRememberedPredictionCannotBeChangedByOneOfItsReaders() {
        Prediction prediction = predictor().predict(scenario(1, 4));

        assertThatThrownBy(() -> prediction.metrics().put("output_throughput", 0.0))
                .isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> prediction.breakdown().clear()).isInstanceOf(UnsupportedOperationException.class);
    }
}
