package io.costbench.service.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.costbench.engine.graph.StepShape;
import io.costbench.engine.model.ModelCatalog;
import io.costbench.engine.model.ModelSpec;
import io.costbench.engine.model.Precision;
import io.costbench.engine.port.Deployment;
import io.costbench.engine.port.DeploymentRequest;
import io.costbench.engine.port.Parameter;
import io.costbench.engine.port.SchedulingRules;
import io.costbench.engine.port.StepCost;
import io.costbench.engine.port.StepExplanation;
import io.costbench.service.prediction.AcceleratorFamilies;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The open-loop search's starting rate prices the decode steps the simulator would run: a sliding-window model's local
 * layers read their window, not the whole context.
 */
class StartingRateTest {

    @ParameterizedTest
    @CsvSource({"gemma4-31b, h200-sxm, vllm, bf16", "gpt-oss-120b, h200-sxm, trtllm, mxfp4"})
    void slidingLayersArePricedOverTheirWindow(String modelId, String hardware, String profile, String precision) {
        ModelSpec model = ModelCatalog.standard().get(modelId);
        int window = model.slidingWindowTokens();
        assertThat(window).as("the model has sliding layers").isPositive();
        Deployment real = AcceleratorFamilies.production().stream().filter(f -> f.supportsHardware(hardware))
                .findFirst().orElseThrow().deploy(model, new DeploymentRequest(hardware, profile, 1,
                        Precision.parse(precision), null, 8192));
        Recording deployment = new Recording(real);
        PlanWorkload workload = new PlanWorkload(4000, 1000, 0.0);

        double rate = PlanSimulations.sustainableRequestsPerSecond(deployment, workload, Slo.none());

        List<StepShape> decodes = deployment.priced.stream().filter(s -> s.decodeSequences() > 0).toList();
        assertThat(decodes).isNotEmpty();
        int context = 4000 + 500;
        for (StepShape shape : decodes) {
            assertThat(shape.decodeContextTokensSum()).isEqualTo((long) shape.decodeSequences() * context);
            assertThat(shape.decodeWindowedContextTokensSum())
                    .isEqualTo((long) shape.decodeSequences() * Math.min(context, window));
        }
        // By hand: the best of 1000 / (prefill + 1000 x step / batch) over the batches priced, with no TPOT bound.
        double prefillMs = real.price(StepShape.prefill(4000)).timeMs();
        double best = 0;
        for (StepShape shape : decodes) {
            double stepMs = real.price(StepShape.decode(shape.decodeSequences(), context, window)).timeMs();
            best = Math.max(best, 1000.0 / (prefillMs + 1000 * stepMs / shape.decodeSequences()));
        }
        assertThat(rate).isCloseTo(best, within(1e-9));
    }

    /** The deployment as the planner sees it, keeping the shapes it was asked to price. */
    private static final class Recording implements Deployment {

        private final Deployment delegate;
        private final List<StepShape> priced = new ArrayList<>();

        Recording(Deployment delegate) {
            this.delegate = delegate;
        }

        @Override
        public ModelSpec model() {
            return delegate.model();
        }

        @Override
        public String hardwareId() {
            return delegate.hardwareId();
        }

        @Override
        public String profileId() {
            return delegate.profileId();
        }

        @Override
        public int tensorParallel() {
            return delegate.tensorParallel();
        }

        @Override
        public Precision precision() {
            return delegate.precision();
        }

        @Override
        public Set<String> optimizations() {
            return delegate.optimizations();
        }

        @Override
        public int chips() {
            return delegate.chips();
        }

        @Override
        public SchedulingRules scheduling() {
            return delegate.scheduling();
        }

        @Override
        public StepCost price(StepShape shape) {
            priced.add(shape);
            return delegate.price(shape);
        }

        @Override
        public StepExplanation explain(StepShape shape) {
            return delegate.explain(shape);
        }

        @Override
        public List<Parameter> parameters() {
            return delegate.parameters();
        }

        @Override
        public String parametersSha256() {
            return delegate.parametersSha256();
        }
    }
}
