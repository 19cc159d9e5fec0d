package io.costbench.service.run;

import java.util.Objects;

/**
 * The scenario of one measured run: the series it belongs to (everything here) plus the engine that served it.
 * {@code rampUp} is a vLLM ramp-up in words ({@link io.costbench.engine.sim.RampUp#label()}), which stands in for
 * the request rate such a run does not state; null for every other run. {@code rangeRatio} is an SGLang random
 * dataset's {@code --random-range-ratio} (lengths drawn from [max(1, r x L), L] around the stated lengths), and
 * {@code lengthDistribution} the distributions a GuideLLM or LLMPerf client drew lengths from, in words
 * ({@link DrawnLengths#label()}); each null for fixed or undescribed lengths.
 * The series key leaves out the branch and the engine version: a branch's run is compared with the same series on
 * the base branch, and an engine upgrade is exactly the kind of change the comparison should show.
 */
public record RunScenario(String model, String hardware, String profile, Integer tensorParallel, String precision,
        Integer inputTokens, Integer outputTokens, Integer concurrency, Double requestRate, String rampUp,
        Double rangeRatio, String lengthDistribution, String engine, String engineVersion) {

    public String seriesKey() {
        String key = String.join("|", model, hardware, text(profile), text(tensorParallel), text(precision),
                text(inputTokens), text(outputTokens), text(concurrency),
                requestRate == null ? "-" : Double.toString(requestRate));
        // Appended only when there is one, so the keys of runs stored before ramp-ups and length spreads were read
        // stay the same.
        if (rampUp != null) {
            key += "|" + rampUp;
        }
        return lengthSpread() == null ? key : key + "|" + lengthSpread();
    }

    /**
     * The series in words for headings, leaving out what the run did not state: "llama-3.1-70b on h100-sxm · TP 4 ·
     * 550/151 tokens · concurrency 4".
     */
    public String label() {
        java.util.List<String> parts = new java.util.ArrayList<>();
        parts.add(model + " on " + hardware + (profile == null ? "" : " (" + profile + ")"));
        if (tensorParallel != null) {
            parts.add("TP " + tensorParallel);
        }
        if (precision != null) {
            parts.add(precision);
        }
        if (inputTokens != null || outputTokens != null) {
            parts.add(text(inputTokens).replace("-", "?") + "/" + text(outputTokens).replace("-", "?")
                    + " tokens in/out");
        }
        if (concurrency != null) {
            parts.add("concurrency " + concurrency);
        }
        if (requestRate != null) {
            parts.add(requestRate + " requests/s");
        }
        if (rampUp != null) {
            parts.add(rampUp);
        }
        if (lengthSpread() != null) {
            parts.add(lengthSpread());
        }
        return String.join(" · ", parts);
    }

    /**
     * The length spread in words, "range ratio 0.5 (lengths 0.5-1 x stated)" or "prompts 550 ± 150 (normal, redrawn
     * below 1), outputs 150 ± 80 (...)"; null for fixed lengths.
     */
    public String lengthSpread() {
        if (rangeRatio != null) {
            return "range ratio " + rangeRatio + " (lengths " + rangeRatio + "-1 x stated)";
        }
        return lengthDistribution;
    }

    private static String text(Object value) {
        return value == null ? "-" : Objects.toString(value);
    }
}
