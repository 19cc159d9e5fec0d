package io.costbench.service.export;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * File names that say what and when: {@code costbench-costs-sweep-12-2026-11-30T0415Z.csv}. The time is the export's,
 * in UTC to the minute, without colons (not allowed in Windows file names).
 */
final class ExportFileName {

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HHmm'Z'")
            .withZone(ZoneOffset.UTC);

    private ExportFileName() {
    }

    static String costs(CostFilter filter, Instant now) {
        StringBuilder name = new StringBuilder("costbench-costs");
        if (filter.sweepId() != null) {
            name.append("-sweep-").append(filter.sweepId());
        }
        append(name, "model", filter.model());
        append(name, "hardware", filter.hardware());
        append(name, "profile", filter.profile());
        if (filter.from() != null) {
            name.append("-from-").append(filter.from());
        }
        if (filter.to() != null) {
            name.append("-to-").append(filter.to());
        }
        name.append('-').append(filter.priceMode().id()).append('-').append(filter.priceOption().id());
        return name.append('-').append(STAMP.format(now)).append(".csv").toString();
    }

    static String sweepResults(long sweepId, Instant now) {
        return "costbench-sweep-" + sweepId + "-results-" + STAMP.format(now) + ".csv";
    }

    static String runs(Instant now) {
        return "costbench-runs-" + STAMP.format(now) + ".csv";
    }

    private static void append(StringBuilder name, String what, String id) {
        if (id != null) {
            // Hugging Face ids carry '/', which a file name cannot.
            name.append('-').append(what).append('-').append(id.replaceAll("[^A-Za-z0-9._-]", "_"));
        }
    }
}
