package io.costbench.service.prediction;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.util.unit.DataSize;

import io.costbench.engine.model.ModelCatalog;
import io.costbench.engine.sim.Workload;
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

    /** Lengths spread over [L / 2, L], so the two requests' prompts arrive while the other one decodes. */
    private static Scenario staggered(Scenario s) {
        return new Scenario(s.model(), s.target(), new Workload(2048, 64, 0.5, 2, 0, 16, 1L));
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
        Prediction own = PREDICTOR.predict(staggered(scenario("sglang", null, 2048)));
        Prediction mixed = PREDICTOR.predict(staggered(scenario("sglang", List.of("mixed-chunk"), 2048)));
        assertThat(mixed.metrics().get("completed")).isEqualTo(16.0);
        assertThat(mixed.scenario().target().optimizations()).contains("mixed-chunk");
        // a prompt admitted while the other request decodes: SGLang's own prefill step, then a decode step for both;
        // mixed, one step that carries the prompt and the decode, so the decoding request waits one decode step
        // (~7 ms) less per admission, about 0.1 ms a token over 64 tokens
        assertThat(mixed.metrics().get("mean_tpot_ms")).isLessThan(own.metrics().get("mean_tpot_ms") - 0.05);
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
