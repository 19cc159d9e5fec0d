package io.costbench.service.prediction;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.costbench.engine.model.ModelCatalog;
import io.costbench.engine.model.Precision;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ScenarioResolverTest {

    private static final ScenarioResolver RESOLVER = new ScenarioResolver(ModelCatalog.standard(),
            new AcceleratorRegistry(AcceleratorFamilies.production()));

    @ParameterizedTest
    @CsvSource({"qwen3-30b-a3b, qwen3-30b-a3b", "Qwen/Qwen3-30B-A3B, qwen3-30b-a3b",
            "meta-llama/Llama-3.1-8B-Instruct, llama-3.1-8b", "  meta-llama/llama-3.1-8b-instruct , llama-3.1-8b"})
    void modelsResolveByIdOrHuggingFaceId(String name, String id) {
        assertThat(RESOLVER.model(name)).isEqualTo(id);
    }

    @ParameterizedTest
    @CsvSource({"h100-sxm, h100-sxm", "h100-sxm5, h100-sxm", "H100 SXM, h100-sxm", "p5.48xlarge, h100-sxm",
            "H200, h200-sxm", "trn2, trn2", "trn2.48xlarge, trn2", "Trainium2, trn2", "trn2-lnc1, trn2-lnc1"})
    void hardwareResolvesByIdOrAlias(String name, String id) {
        assertThat(RESOLVER.hardware(name)).isEqualTo(id);
    }

    @Test
    void aScenarioTakesTheProfilesDefaultsAndThePromptRule() {
        Scenario scenario = RESOLVER.resolve(new ScenarioResolver.Spec("meta-llama/Llama-3.1-8B-Instruct",
                "h100-sxm5", null, null, null, null, 1024, 128, 8, null, null));

        assertThat(scenario.model()).isEqualTo("llama-3.1-8b");
        assertThat(scenario.target().hardware()).isEqualTo("h100-sxm");
        assertThat(scenario.target().profile()).isEqualTo("vllm");
        assertThat(scenario.target().precision()).isEqualTo(Precision.BF16);
        assertThat(scenario.target().optimizations()).isNull();
        assertThat(scenario.workload().numPrompts()).isEqualTo(80);
        assertThat(RESOLVER.resolve(new ScenarioResolver.Spec("qwen3-8b", "trn2", null, null, null, null, 128, 128,
                1, null, 5L)).workload().numPrompts()).isEqualTo(20);
    }

    @Test
    void unknownIdsNameTheirFieldAndTheKnownIds() {
        assertThatThrownBy(() -> RESOLVER.model("gpt-9"))
                .isInstanceOfSatisfying(UnknownIdException.class, e -> {
                    assertThat(e.field()).isEqualTo("model");
                    assertThat(e.id()).isEqualTo("gpt-9");
                    assertThat(e.knownIds()).contains("qwen3-8b").doesNotContain("Qwen/Qwen3-8B");
                    assertThat(e.getMessage()).startsWith("unknown model gpt-9; known: ");
                });
        assertThatThrownBy(() -> RESOLVER.target("tpu-v9", null, null, null, null))
                .isInstanceOfSatisfying(UnknownIdException.class, e -> assertThat(e.field()).isEqualTo("hardware"));
        assertThatThrownBy(() -> RESOLVER.target("trn2", "vllm", null, null, null))
                .isInstanceOfSatisfying(UnknownIdException.class, e -> {
                    assertThat(e.field()).isEqualTo("profile");
                    assertThat(e.knownIds()).contains("vllm-neuron-baseline", "vllm-neuron-optimized").doesNotContain("vllm");
                });
        assertThatThrownBy(() -> RESOLVER.target("h100-sxm", null, null, null, List.of("warp-drive")))
                .isInstanceOfSatisfying(UnknownIdException.class,
                        e -> assertThat(e.field()).isEqualTo("optimizations"));
        assertThatThrownBy(() -> RESOLVER.target("h100-sxm", null, null, "int3", null))
                .isInstanceOfSatisfying(UnknownIdException.class, e -> {
                    assertThat(e.field()).isEqualTo("precision");
                    assertThat(e.knownIds()).containsExactly("bf16", "fp8", "mxfp4");
                });
    }

    @Test
    void withoutAPrecisionAModelIsServedAsItsCheckpointStoresIt() {
        // gpt-oss-120b's release is MXFP4: a GPU profile serves it so; Trainium2's profiles price bf16 copies
        assertThat(RESOLVER.resolve(new ScenarioResolver.Spec("openai/gpt-oss-120b", "h100-sxm", null, null, null,
                null, 128, 128, 1, null, null)).target().precision()).isEqualTo(Precision.MXFP4);
        assertThat(RESOLVER.resolve(new ScenarioResolver.Spec("gpt-oss-120b", "h100-sxm", null, 4, "bf16", null,
                128, 128, 1, null, null)).target().precision()).isEqualTo(Precision.BF16);
        assertThat(RESOLVER.resolve(new ScenarioResolver.Spec("gpt-oss-120b", "trn2", null, null, null, null, 128,
                128, 1, null, null)).target().precision()).isEqualTo(Precision.BF16);
        assertThat(RESOLVER.resolve(new ScenarioResolver.Spec("qwen3-32b", "h100-sxm", null, null, null, null, 128,
                128, 1, null, null)).target().precision()).isEqualTo(Precision.BF16);
    }
}
