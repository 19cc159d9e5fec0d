package io.costbench.service.sweep;

import java.util.Locale;

/**
 * A stored point as the sweep page shows it: a target label, the workload in short form, throughput per chip and
 * what a million output tokens cost at the on-demand price in force on the point's run date.
 *
 * @param usdPerMillionOutputTokens null without a result or without a price; {@code costNote} then says why
 */
public record PointRow(SweepPoint point, String target, String workload, Double outputTokensPerSecondPerChip,
        Double usdPerMillionOutputTokens, String costNote) {

    static String target(SweepPoint p) {
        StringBuilder label = new StringBuilder(p.hardware()).append(' ').append(p.profile());
        if (p.optimizations() != null && !p.optimizations().isBlank() && !p.optimizations().equals(
                SweepScenario.DEFAULT_OPTIMIZATIONS)) {
            label.append(" +").append(p.optimizations());
        }
        if (p.tensorParallel() != null) {
            label.append(" · TP").append(p.tensorParallel());
        }
        if (p.precision() != null) {
            label.append(' ').append(p.precision().toLowerCase(Locale.ROOT));
        }
        return label.toString();
    }

    static String workload(SweepPoint p) {
        return tokens(p.inputTokens()) + "/" + tokens(p.outputTokens());
    }

    private static String tokens(int n) {
        return n % 1024 == 0 ? (n / 1024) + "k" : Integer.toString(n);
    }
}
