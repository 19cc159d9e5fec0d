package io.costbench.service.validation;

import java.util.Map;

/**
 * One measured scenario mapped onto the catalog's ids, with the figures measured for it (means, as vllm bench serve
 * and AIConfigurator report them).
 *
 * @param file       the data file it comes from
 * @param label      how the report names the row
 * @param precision  bf16 or fp8
 * @param numPrompts requests the measurement ran (0 when not stated: the sweep default is used)
 * @param measured   measured values by metric; {@link ValidationMetric#OUTPUT_THROUGHPUT} may be derived (see
 *                   {@code throughputDerived})
 */
public record Measurement(String file, String label, String hardwareId, String profileId, String modelId,
        String precision, int tensorParallel, int inputTokens, int outputTokens, int concurrency, int numPrompts,
        Map<ValidationMetric, Double> measured, boolean throughputDerived) {

    public Measurement {
        measured = Map.copyOf(measured);
    }

    /**
     * The measurement campaign the row belongs to, as calibration notes name it: file, hardware, profile and model
     * (for example {@code "aiconfigurator h200-sxm vllm qwen3-235b-a22b"}). Leave-one-source-out leaves these out.
     */
    public String source() {
        String fileTag = file.startsWith("aiconfigurator") ? "aiconfigurator" : file.startsWith("public") ? "public"
                : file;
        return String.join(" ", fileTag, hardwareId, profileId, modelId);
    }
}
