package io.costbench.service.sweep;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.costbench.service.web.FieldProblem;

import static org.assertj.core.api.Assertions.assertThat;

class SweepDefinitionTest {

    @Test
    void theDefaultSweepHas243PointsEachWithItsOwnKeyInExpansionOrder() {
        SweepDefinition definition = SweepPresets.defaultSweep("d");
        List<SweepScenario> all = definition.scenarios(0, 243);

        assertThat(definition.pointCount()).isEqualTo(243);
        assertThat(all).extracting(SweepScenario::key).doesNotHaveDuplicates();
        assertThat(all.get(0).key()).isEqualTo("qwen3.5-4b|trn2|vllm-neuron-baseline|default|tp=default|default"
                + "|1024/1024|c=1");
        // Concurrency innermost, then workload, target, model.
        assertThat(all.get(8).concurrency()).isEqualTo(256);
        assertThat(all.get(9).outputTokens()).isEqualTo(8192);
        assertThat(all.get(27).target().profile()).isEqualTo("vllm-neuron-optimized");
        assertThat(all.get(81).model()).isEqualTo("qwen3-30b-a3b");
        assertThat(all.get(242).key()).isEqualTo("gemma4-31b|h100-sxm|vllm|default|tp=default|default|8192/1024"
                + "|c=256");
    }

    @Test
    void aSliceIsThePartOfTheWholeExpansion() {
        SweepDefinition definition = SweepPresets.defaultSweep("d");
        List<SweepScenario> all = definition.scenarios(0, 243);

        assertThat(definition.scenarios(100, 109)).isEqualTo(all.subList(100, 109));
        assertThat(definition.scenarios(100, 109)).extracting(SweepScenario::index).containsExactly(100, 101, 102, 103,
                104, 105, 106, 107, 108);
    }

    @Test
    void thePromptRuleIsTenPerUnitOfConcurrencyAndAtLeastTwenty() {
        SweepDefinition definition = SweepPresets.defaultSweep("d");

        assertThat(definition.scenarios(0, 9)).extracting(SweepScenario::numPrompts)
                .containsExactly(20, 20, 40, 80, 160, 320, 640, 1280, 2560);
        assertThat(definition.scenarios(3, 4).get(0).workload().maxConcurrency()).isEqualTo(8);
    }

    @Test
    void equalSwitchSetsInAnyOrderGiveTheSameKey() {
        var a = new SweepTarget("trn2", "p", List.of("b", "a"), null, "FP8");
        var b = new SweepTarget("trn2", "p", List.of("a", "b"), null, "fp8");

        assertThat(a.key()).isEqualTo(b.key()).isEqualTo("trn2|p|a+b|tp=default|fp8");
    }

    @Test
    void theFormRoundTripsTheDefaultSweep() {
        SweepDefinition definition = SweepPresets.defaultSweep("default sweep");
        Map<String, String> errors = new HashMap<>();

        assertThat(SweepForm.of(definition).toDefinition(errors)).isEqualTo(definition);
        assertThat(errors).isEmpty();
    }

    @Test
    void theFormNamesWhatItCannotRead() {
        Map<String, String> errors = new HashMap<>();
        SweepForm form = new SweepForm("x", "m", "trn2\nh100-sxm vllm colour=red", "1, two", "1024x1024", 10, 20, 0L);

        assertThat(form.toDefinition(errors)).isNull();
        assertThat(errors).containsOnlyKeys("targets", "concurrencies", "workloads");
        assertThat(SweepForm.byFormField(List.of(new FieldProblem("targets[1].profile", "bad"),
                new FieldProblem("numPrompts.minimum", "too big"), new FieldProblem("targets[2].hardware", "worse"))))
                .containsEntry("targets", "targets[1].profile: bad\ntargets[2].hardware: worse")
                .containsEntry("minimumPrompts", "numPrompts.minimum: too big");
    }
}
