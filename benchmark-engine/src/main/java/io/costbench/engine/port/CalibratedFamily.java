package io.costbench.engine.port;

import java.util.List;
import java.util.Map;

/**
 * An accelerator family whose profiles carry calibrated parameters, seen by the family-agnostic validation report:
 * which validation sources each parameter was fitted on, and the family with some of them set to other values. The
 * report uses it for its leave-one-source-out table (the parameters fitted on the left-out source are calibrated again
 * on the other sources they were fitted on, from their documented values).
 */
public interface CalibratedFamily {

    /**
     * Validation sources (keys like {@code "aiconfigurator h200-sxm vllm qwen3-235b-a22b"}: file, hardware, profile,
     * model) each calibrated parameter of the profile was fitted on; parameters fitted on nothing are absent.
     */
    Map<String, List<String>> calibrationSources(String profileId);

    /**
     * This family with some of a profile's parameters set to other values inside their plausible ranges.
     *
     * @throws IllegalArgumentException for an unknown profile or parameter, or a value outside its range
     */
    AcceleratorModel withProfileValues(String profileId, Map<String, Double> values);
}
