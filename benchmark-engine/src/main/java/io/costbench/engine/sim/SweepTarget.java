package io.costbench.engine.sim;

import java.util.List;
import java.util.TreeSet;

/**
 * Where a sweep runs: hardware, serving profile and the knobs over it. Nulls mean "the profile's default".
 *
 * @param optimizations switch ids turned on over the profile (null: the profile's own set)
 */
public record SweepTarget(String hardwareId, String profileId, Integer tensorParallel, String precision,
        List<String> optimizations) {

    public SweepTarget {
        if (hardwareId == null || hardwareId.isBlank()) {
            throw new IllegalArgumentException("a sweep target needs a hardware id");
        }
        // Sorted and de-duplicated: the same switches in another order are the same target.
        optimizations = optimizations == null ? null : List.copyOf(new TreeSet<>(optimizations));
    }

    String key() {
        return hardwareId + "|" + orDefault(profileId) + "|tp" + (tensorParallel == null ? "default" : tensorParallel)
                + "|" + orDefault(precision) + "|" + (optimizations == null ? "default" : String.join(",", optimizations));
    }

    private static String orDefault(String value) {
        return value == null ? "default" : value;
    }
}
