package io.costbench.service.validation;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.Test;

import io.costbench.service.support.Prerequisites;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The acceptance on the shared calibration data: H100 vLLM rows (GPUStack Qwen3-8B, AIConfigurator Qwen3-32B
 * and Llama-3.1-70B) within 15% median TPOT and output-throughput error, TensorRT-LLM rows within 20% median TPOT.
 * Prints the full report; without the shared folder it fails in CI and skips loudly elsewhere.
 */
class ValidationReportTest {

    private static final Set<String> VLLM_ACCEPTANCE_MODELS = Set.of("qwen3-8b", "qwen3-32b", "llama-3.1-70b");

    @Test
    void h100PredictionsMeetTheAcceptanceThresholds() {
        Optional<Path> dir = ValidationMain.calibrationDir(null);
        Prerequisites.require(dir.isPresent(), "the shared calibration folder (../shared or -Dcostbench.shared.dir)");
        ValidationReport report = ValidationMain.report(dir.get());
        report.print(System.out);

        List<ValidationRun.Outcome> h100 = report.groups().values().stream().flatMap(List::stream)
                .filter(o -> o.measurement().hardwareId().equals("h100-sxm") && o.skipReason() == null).toList();
        assertThat(h100).as("predicted H100 rows (the H100 family is registered)").isNotEmpty();

        List<ValidationRun.Outcome> vllm = h100.stream().filter(o -> o.measurement().profileId().equals("vllm")
                && VLLM_ACCEPTANCE_MODELS.contains(o.measurement().modelId())).toList();
        assertThat(ValidationReport.stats(vllm, ValidationMetric.TPOT)).hasValueSatisfying(
                s -> assertThat(s.medianAbs()).as("H100 vLLM median |TPOT error|").isLessThanOrEqualTo(0.15));
        assertThat(ValidationReport.stats(vllm, ValidationMetric.OUTPUT_THROUGHPUT)).hasValueSatisfying(
                s -> assertThat(s.medianAbs()).as("H100 vLLM median |throughput error|").isLessThanOrEqualTo(0.15));

        List<ValidationRun.Outcome> trtllm = h100.stream().filter(o -> o.measurement().profileId().equals("trtllm"))
                .toList();
        assertThat(ValidationReport.stats(trtllm, ValidationMetric.TPOT)).hasValueSatisfying(
                s -> assertThat(s.medianAbs()).as("H100 TensorRT-LLM median |TPOT error|").isLessThanOrEqualTo(0.20));
    }
}
