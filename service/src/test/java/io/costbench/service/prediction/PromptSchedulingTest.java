package io.costbench.service.prediction;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.util.unit.DataSize;

import io.costbench.engine.model.ModelCatalog;
import io.costbench.service.simulation.SimulationLimits;
import io.costbench.service.simulation.SimulationProperties;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * TensorRT-LLM takes prompts whole unless its chunked-prefill switch is on: a prompt above the step's token budget is
 * refused with the reason, and chunking it is the remedy; the switch means nothing on vLLM, which always chunks. SGLang's
 * mixed-chunk switch is SGLang's alone.
 */
class PromptSchedulingTest {

    private static final ModelCatalog MODELS = ModelCatalog.standard();
    private static final AcceleratorRegistry ACCELERATORS = new AcceleratorRegistry(AcceleratorFamilies.production());
    private static final ScenarioResolver RESOLVER = new ScenarioResolver(MODELS, ACCELERATORS);
    private static final Predictor PREDICTOR = new Predictor(MODELS, ACCELERATORS, new SimulationLimits(
            new SimulationProperties(1L << 28, 1L << 24, Duration.ofMinutes(1), Duration.ofMinutes(1), 1, 1,
                    Duration.ZERO, Duration.ofSeconds(5), DataSize.ofMegabytes(4))));

    private static Scenario scenario(String profile, List<String> optimizations, int inputTokens) {
        return RESOLVER.resolve(new ScenarioResolver.Spec("qwen3-8b", "h100-sxm", profile, 1, "bf16", optimizations,
                inputTokens, 16, 2, 4, 1L));
    }

    @Test
    void aPromptAboveTensorRtLlmsBudgetIsRefusedUnlessItChunks() {
        assertThatThrownBy(() -> PREDICTOR.predict(scenario("trtllm", null, 9000)))
                .isInstanceOfSatisfying(UnsupportedScenarioException.class,
                        e -> assertThat(e.field()).isEqualTo("inputTokens"))
                .hasMessageContaining("9000 tokens").hasMessageContaining("whole prompts");

        Prediction chunked = PREDICTOR.predict(scenario("trtllm", List.of("chunked-prefill"), 9000));
        assertThat(chunked.metrics().get("completed")).isEqualTo(4.0);
        assertThat(PREDICTOR.predict(scenario("vllm", null, 9000)).metrics().get("completed")).isEqualTo(4.0);
    }

    @Test
    void sglangMixesPromptChunksIntoDecodeStepsOnlyWhenAsked() {
        Prediction mixed = PREDICTOR.predict(scenario("sglang", List.of("mixed-chunk"), 2048));
        assertThat(mixed.metrics().get("completed")).isEqualTo(4.0);
        assertThat(mixed.scenario().target().optimizations()).contains("mixed-chunk");
        assertThatThrownBy(() -> PREDICTOR.predict(scenario("trtllm", List.of("mixed-chunk"), 512)))
                .isInstanceOfSatisfying(UnsupportedScenarioException.class,
                        e -> assertThat(e.field()).isEqualTo("scenario"))
                .hasMessageContaining("SGLang switch");
    }

    @Test
    void theSwitchIsRefusedOnVllm() {
        assertThatThrownBy(() -> PREDICTOR.predict(scenario("vllm", List.of("chunked-prefill"), 512)))
                .isInstanceOfSatisfying(UnsupportedScenarioException.class,
                        e -> assertThat(e.field()).isEqualTo("scenario"))
                .hasMessageContaining("chunks prompts always");
    }
}
