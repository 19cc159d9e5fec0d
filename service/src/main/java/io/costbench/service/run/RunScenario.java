package io.costbench.service.run;

import java.util.Objects;

/**
 * The scenario of one measured run: the series it belongs to (everything here) plus the engine that served it.
 * The series key leaves out the branch and the engine version: a branch's run is compared with the same series on
 * the base branch, and an engine upgrade is exactly the kind of change the comparison should show.
 */
public record RunScenario(String model, String hardware, String profile, Integer tensorParallel, String precision,
        Integer inputTokens, Integer outputTokens, Integer concurrency, Double requestRate, String engine,
        String engineVersion) {

    public String seriesKey() {
        return String.join("|", model, hardware, text(profile), text(tensorParallel), text(precision),
                text(inputTokens), text(outputTokens), text(concurrency),
                requestRate == null ? "-" : Double.toString(requestRate));
    }

    private static String text(Object value) {
        return value == null ? "-" : Objects.toString(value);
    }
}
