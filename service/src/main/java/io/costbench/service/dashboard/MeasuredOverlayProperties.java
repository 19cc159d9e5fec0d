package io.costbench.service.dashboard;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Which measured runs the cost charts overlay on a model's predicted curves.
 *
 * @param lengthTolerance a run matches a workload when its input and its output length are each within this
 *                        fraction of the workload's (0.10: 1024 matches 922..1126 tokens)
 * @param maxRuns         the most runs one chart shows (the newest)
 */
@ConfigurationProperties("costbench.measured-overlay")
public record MeasuredOverlayProperties(double lengthTolerance, int maxRuns) {

    public MeasuredOverlayProperties {
        if (!(lengthTolerance >= 0 && lengthTolerance < 1)) {
            throw new IllegalArgumentException("costbench.measured-overlay.length-tolerance must be in [0, 1), was "
                    + lengthTolerance);
        }
        if (maxRuns < 1 || maxRuns > 10_000) {
            throw new IllegalArgumentException("costbench.measured-overlay.max-runs must be 1..10000, was " + maxRuns);
        }
    }
}
