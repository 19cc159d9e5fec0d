package io.costbench.engine.port;

import java.util.List;
import java.util.Locale;

import io.costbench.engine.model.Precision;

/**
 * A serving profile: which engine it represents, the hardware it runs on, its default tensor parallelism and
 * precision, the precisions it can be deployed at, and the optimization switches it turns on by default.
 *
 * @param precisions the precisions the family prices this profile at by mechanism (catalog data, default included;
 *                   a family may accept others on request, unvalidated), in the catalog's order
 */
public record ProfileEntry(String id, String displayName, String engine, List<String> hardwareIds,
        int defaultTensorParallel, String defaultPrecision, List<Precision> precisions,
        List<String> defaultOptimizations, String source) {

    public ProfileEntry {
        hardwareIds = List.copyOf(hardwareIds);
        precisions = List.copyOf(precisions);
        defaultOptimizations = List.copyOf(defaultOptimizations);
        if (!precisions.contains(Precision.parse(defaultPrecision))) {
            throw new IllegalArgumentException("profile " + id + ": default precision " + defaultPrecision
                    + " is not among its precisions " + precisions);
        }
    }

    /** Reads a catalog file's list of precision names ("bf16", "FP8"). */
    public static List<Precision> precisions(String profileId, Object names) {
        if (!(names instanceof List<?> list) || list.isEmpty()) {
            throw new IllegalStateException("profile " + profileId + ": supportedPrecisions must list at least one "
                    + "precision");
        }
        return list.stream().map(name -> Precision.parse(String.valueOf(name).toLowerCase(Locale.ROOT))).distinct()
                .toList();
    }
}
