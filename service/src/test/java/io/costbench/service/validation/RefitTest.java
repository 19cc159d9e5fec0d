package io.costbench.service.validation;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.costbench.engine.model.ModelCatalog;
import io.costbench.engine.port.AcceleratorModel;
import io.costbench.engine.port.CalibratedFamily;
import io.costbench.engine.port.Parameter;
import io.costbench.service.prediction.AcceleratorFamilies;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The leave-one-source-out refit on rows the model generated itself with a known parameter value: it finds that value
 * again from the documented one, stays inside the range, and leaves a parameter the rows cannot see where it was.
 */
class RefitTest {

    private static final ModelCatalog MODELS = ModelCatalog.standard();
    private static final String PROFILE = "vllm";
    private static List<AcceleratorModel> families;
    private static int gpu;
    private static Map<String, Parameter> parameters;

    @BeforeAll
    static void families() {
        families = AcceleratorFamilies.production();
        for (int i = 0; i < families.size(); i++) {
            if (families.get(i) instanceof CalibratedFamily && families.get(i).supportsHardware("h100-sxm")) {
                gpu = i;
            }
        }
        ValidationRun.Outcome probe = new ValidationRun(MODELS, families).predict(row(8, 128, 0));
        parameters = new java.util.HashMap<>();
        probe.deployment().parameters().forEach(p -> parameters.put(p.name(), p));
    }

    @Test
    void recoversTheValueThatGeneratedTheRows() {
        Parameter step = parameters.get("cpuStepOverheadUs");
        double truth = 1500;
        assertThat(truth).isBetween(step.min(), step.max()).isNotCloseTo(step.documented(),
                org.assertj.core.api.Assertions.within(300.0));
        List<ValidationRun.Outcome> rows = generated(Map.of("cpuStepOverheadUs", truth));

        Map<String, Double> fitted = new Refit(MODELS, families, gpu, PROFILE, new Refit.Budget(8, 1, 12, 0.0005))
                .fit(List.of(step), rows);

        assertThat(fitted.get("cpuStepOverheadUs")).isBetween(step.min(), step.max())
                .isCloseTo(truth, org.assertj.core.api.Assertions.within(100.0));
    }

    @Test
    void aParameterTheRowsDoNotSeeStaysAtItsDocumentedValue() {
        // dense rows never run the MoE path: nothing to learn about the extra expert reads
        Parameter moe = parameters.get("moeFp8ExtraExpertReads");
        List<ValidationRun.Outcome> rows = generated(Map.of());

        Map<String, Double> fitted = new Refit(MODELS, families, gpu, PROFILE, new Refit.Budget(4, 1, 4, 0.002))
                .fit(List.of(moe), rows);

        assertThat(fitted).containsEntry("moeFp8ExtraExpertReads", moe.documented());
    }

    @Test
    void withoutRowsEveryParameterIsDocumented() {
        Parameter step = parameters.get("cpuStepOverheadUs");
        assertThat(new Refit(MODELS, families, gpu, PROFILE, Refit.Budget.STANDARD).fit(List.of(step), List.of()))
                .containsExactly(Map.entry("cpuStepOverheadUs", step.documented()));
    }

    @Test
    void twoParametersThatTradeOffAreBothRecovered() {
        // an efficiency searched first can absorb the extra reads' share and stop the descent there; run in both
        // orders the refit finds the pair that generated the rows
        Parameter efficiency = parameters.get("moeFp8BandwidthEfficiency");
        Parameter extra = parameters.get("moeFp8ExtraExpertReads");
        Map<String, Double> truth = Map.of(efficiency.name(), 0.8, extra.name(), 100.0);
        List<ValidationRun.Outcome> rows = new ArrayList<>();
        List<AcceleratorModel> generating = new ArrayList<>(families);
        generating.set(gpu, ((CalibratedFamily) families.get(gpu)).withProfileValues(PROFILE, truth));
        ValidationRun run = new ValidationRun(MODELS, generating);
        for (int tp : new int[] {1, 2}) {
            for (int concurrency : new int[] {1, 8, 32}) {
                Measurement m = moeRow(tp, concurrency, 0);
                double tpot = run.predict(m).predicted().get(ValidationMetric.TPOT);
                rows.add(new ValidationRun.Outcome(moeRow(tp, concurrency, tpot), Map.of(), null, null));
            }
        }

        Map<String, Double> fitted = new Refit(MODELS, families, gpu, PROFILE, new Refit.Budget(8, 2, 9, 0.0005))
                .fit(List.of(efficiency, extra), rows);

        assertThat(fitted.get(efficiency.name())).isCloseTo(0.8, org.assertj.core.api.Assertions.within(0.08));
        assertThat(fitted.get(extra.name())).isCloseTo(100.0, org.assertj.core.api.Assertions.within(30.0));
    }

    private static Measurement moeRow(int tp, int concurrency, double tpotMs) {
        return Measurement.builder().source("test", "generated", "test")
                .deployment("h100-sxm", PROFILE, "qwen3-30b-a3b", "fp8", tp).lengths(512, 128).load(concurrency, 0)
                .measured(Map.of(ValidationMetric.TPOT, tpotMs == 0 ? 1.0 : tpotMs), false).build();
    }

    /** Rows whose "measured" TPOT is the model's own with the profile's parameters at {@code values}. */
    private static List<ValidationRun.Outcome> generated(Map<String, Double> values) {
        List<AcceleratorModel> truth = new ArrayList<>(families);
        truth.set(gpu, ((CalibratedFamily) families.get(gpu)).withProfileValues(PROFILE, values));
        ValidationRun run = new ValidationRun(MODELS, truth);
        List<ValidationRun.Outcome> rows = new ArrayList<>();
        for (int concurrency : new int[] {1, 4, 16}) {
            for (int output : new int[] {64, 128}) {
                double tpot = run.predict(row(concurrency, output, 0)).predicted().get(ValidationMetric.TPOT);
                rows.add(new ValidationRun.Outcome(row(concurrency, output, tpot), Map.of(), null, null));
            }
        }
        return rows;
    }

    private static Measurement row(int concurrency, int outputTokens, double tpotMs) {
        return Measurement.builder().source("test", "generated", "test")
                .deployment("h100-sxm", PROFILE, "qwen3-8b", "bf16", 1).lengths(256, outputTokens).load(concurrency, 0)
                .measured(Map.of(ValidationMetric.TPOT, tpotMs == 0 ? 1.0 : tpotMs), false).build();
    }
}
