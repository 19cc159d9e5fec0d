package io.costbench.service.plan;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.costbench.engine.graph.StepShape;
import io.costbench.engine.model.ModelCatalog;
import io.costbench.engine.model.ModelSpec;
import io.costbench.engine.model.Precision;
import io.costbench.engine.port.Deployment;
import io.costbench.engine.port.DeploymentRequest;
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
        List<StepShape> priced = new ArrayList<>();
        Deployment deployment = recording(real, priced);
        PlanWorkload workload = new PlanWorkload(4000, 1000, 0.0);

        double rate = PlanSimulations.sustainableRequestsPerSecond(deployment, workload, Slo.none());

        List<StepShape> decodes = priced.stream().filter(s -> s.decodeSequences() > 0).toList();
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

    /** The deployment as the planner sees it, keeping the shapes it is asked to price. */
    private static Deployment recording(Deployment delegate, List<StepShape> priced) {
        return (Deployment) Proxy.newProxyInstance(Deployment.class.getClassLoader(), new Class<?>[] {Deployment.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("price")) {
                        priced.add((StepShape) args[0]);
                    }
                    try {
                        return method.invoke(delegate, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }
}
