package io.costbench.service.dashboard;

import java.util.Map;

import io.costbench.service.sweep.SweepScenario;

/** What a series of results ran on: hardware, serving profile and any optimization switches on top of it. */
public record Target(String hardwareId, String profileId, String optimizations) implements Comparable<Target> {

    private static final Map<String, String> HARDWARE_NAMES = Map.of("trn2", "Trainium2", "h100-sxm", "H100",
            "h200-sxm", "H200");

    public Target {
        optimizations = optimizations == null ? "" : optimizations;
    }

    /**
     * "Trainium2 optimized", "H100 vllm +eagle3": the hardware's name, the profile without its stack prefix, and the
     * switches asked for on top of the profile's own (none shown when the point kept the profile's).
     */
    public String label() {
        String profile = profileId.startsWith("vllm-neuron-") ? profileId.substring("vllm-neuron-".length())
                : profileId;
        return HARDWARE_NAMES.getOrDefault(hardwareId, hardwareId) + " " + profile
                + (optimizations.isBlank() || optimizations.equals(SweepScenario.DEFAULT_OPTIMIZATIONS) ? ""
                        : " +" + optimizations);
    }

    /** The URL/form value naming this target. */
    public String key() {
        return hardwareId + "|" + profileId + "|" + optimizations;
    }

    static Target ofKey(String key) {
        String[] parts = key.split("\\|", -1);
        if (parts.length != 3) {
            throw new IllegalArgumentException("target must be hardware|profile|optimizations");
        }
        return new Target(parts[0], parts[1], parts[2]);
    }

    /** A baseline: the profile says so, or it is a plain profile with no switches on top. */
    public boolean isBaseline() {
        return profileId.endsWith("baseline");
    }

    @Override
    public int compareTo(Target other) {
        return key().compareTo(other.key());
    }
}
