package io.costbench.service.sweep;

import java.util.List;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

import io.costbench.service.prediction.ScenarioLimits;

/**
 * One deployment target of a sweep.
 *
 * @param hardware      a hardware id or alias ({@code h100-sxm5}); a started sweep stores the id
 * @param optimizations switches over the profile's own; null means the profile's default set
 * @param tensorParallel null means the profile's default
 * @param precision      bf16, fp8 or mxfp4; null means the checkpoint's format where the profile offers it, else the
 *                       profile's default
 */
public record SweepTarget(
        @NotNull @Pattern(regexp = SweepDefinition.NAME) String hardware,
        @NotNull @Pattern(regexp = SweepDefinition.ID) String profile,
        @Size(max = 32) List<@NotNull @Pattern(regexp = SweepDefinition.ID) String> optimizations,
        @Min(1) @Max(ScenarioLimits.MAX_TENSOR_PARALLEL) Integer tensorParallel,
        @Pattern(regexp = "(?i)bf16|fp8|mxfp4") String precision) {

    /** The target's part of a scenario key; optimizations in sorted order so equal sets give equal keys. */
    String key() {
        String switches = optimizations == null ? "default"
                : String.join("+", optimizations.stream().sorted().toList());
        return hardware + "|" + profile + "|" + switches
                + "|tp=" + (tensorParallel == null ? "default" : tensorParallel)
                + "|" + (precision == null ? "default" : precision.toLowerCase(java.util.Locale.ROOT));
    }
}
