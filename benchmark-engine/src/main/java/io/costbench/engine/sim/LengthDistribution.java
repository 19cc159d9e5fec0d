package io.costbench.engine.sim;

import java.util.random.RandomGenerator;

/**
 * How a load generator draws one request's prompt or output length around the length it states. Two samplers are
 * public and differ only at the edges:
 * <ul>
 * <li>GuideLLM's synthetic data ({@code IntegerRangeSampler}, vllm-project/guidellm
 * {@code src/guidellm/utils/random.py} @ 8dbe6fb): {@code round(clip(gauss(mean, stdev), min, max))}, with min and max defaulting to mean -+ 5 stdev
 * (min at least 1); without a stdev but with a min and max, uniform integers in [min, max];</li>
 * <li>LLMPerf ({@code sample_random_positive_int}, ray-project/llmperf {@code src/llmperf/utils.py} @ 0f25505):
 * {@code int(gauss(mean, stddev))}, drawn again until it is positive.</li>
 * </ul>
 *
 * @param meanTokens   the stated length
 * @param stddevTokens the normal's standard deviation; 0 for uniform integers in [min, max] (a single value when
 *                     they are equal)
 * @param minTokens    the least length a request gets (at least 1)
 * @param maxTokens    the largest length a request gets
 * @param redraw       true to draw again outside [min, max] (LLMPerf), false to clip to it (GuideLLM)
 */
public record LengthDistribution(int meanTokens, double stddevTokens, int minTokens, int maxTokens, boolean redraw) {

    /** Stdevs from the mean to GuideLLM's default bounds. */
    static final int GUIDELLM_DEFAULT_BOUND_STDEVS = 5;

    public LengthDistribution {
        if (meanTokens < 1 || minTokens < 1 || maxTokens < minTokens) {
            throw new IllegalArgumentException("lengths need a mean >= 1 and 1 <= min <= max, were mean "
                    + meanTokens + ", min " + minTokens + ", max " + maxTokens);
        }
        if (!(stddevTokens >= 0 && Double.isFinite(stddevTokens))) {
            throw new IllegalArgumentException("the standard deviation must be a finite number >= 0, was "
                    + stddevTokens);
        }
        if (redraw && !(stddevTokens > 0 && meanTokens >= minTokens && meanTokens <= maxTokens)) {
            // Drawing again only ends when the range holds much of the normal: the mean must lie inside it.
            throw new IllegalArgumentException("drawing again needs a standard deviation > 0 and the mean inside"
                    + " [min, max]");
        }
    }

    /** Every request the stated length. */
    public static LengthDistribution fixed(int tokens) {
        return new LengthDistribution(tokens, 0, tokens, tokens, false);
    }

    /**
     * GuideLLM's sampler: {@code stdev}, {@code min} and {@code max} as its synthetic-data config states them, each
     * null when not stated.
     */
    public static LengthDistribution guidellm(int meanTokens, Integer stdevTokens, Integer minTokens,
            Integer maxTokens) {
        int spread = stdevTokens == null ? 0 : stdevTokens;
        int min = minTokens != null ? minTokens
                : spread > 0 ? Math.max(1, meanTokens - GUIDELLM_DEFAULT_BOUND_STDEVS * spread) : meanTokens;
        int max = maxTokens != null ? maxTokens
                : spread > 0 ? meanTokens + GUIDELLM_DEFAULT_BOUND_STDEVS * spread : meanTokens;
        return new LengthDistribution(meanTokens, spread, min, max, false);
    }

    /**
     * Uniform integers in [min, max]: GuideLLM 0.1's emulated data, {@code mean + randint(-variance, variance + 1)}
     * (neuralmagic/guidellm {@code src/guidellm/request/emulated.py} @ 5e3c506, {@code _sample_prompt},
     * {@code _sample_generated}), is uniform in [mean - variance, mean + variance].
     */
    public static LengthDistribution uniform(int minTokens, int maxTokens) {
        return new LengthDistribution((int) (((long) minTokens + maxTokens) / 2), 0, minTokens, maxTokens, false);
    }

    /**
     * {@code vllm bench serve --random-range-ratio r}: uniform integers in [floor(L (1 - r)), ceil(L (1 + r))] around
     * the stated length L, at least 1 (vllm-project/vllm {@code vllm/benchmarks/datasets.py} @ f2e97dd,
     * {@code RandomDataset.get_sampling_params}; r in [0, 1), its default 0 is fixed lengths). vLLM takes the
     * tokenizer's special tokens off the prompt before the draw, which is not modelled.
     */
    public static LengthDistribution vllmRandom(int tokens, double rangeRatio) {
        if (!(rangeRatio >= 0 && rangeRatio < 1)) {
            throw new IllegalArgumentException("vLLM's range ratio must be in [0, 1), was " + rangeRatio);
        }
        int low = Math.max(1, (int) Math.floor(tokens * (1 - rangeRatio)));
        int high = Math.max(low, (int) Math.ceil(tokens * (1 + rangeRatio)));
        return new LengthDistribution(tokens, 0, low, high, false);
    }

    /** LLMPerf's sampler: a normal around the mean, drawn again until positive. */
    public static LengthDistribution llmperf(int meanTokens, double stddevTokens) {
        return stddevTokens > 0 ? new LengthDistribution(meanTokens, stddevTokens, 1, Integer.MAX_VALUE, true)
                : fixed(meanTokens);
    }

    public boolean isFixed() {
        return minTokens == maxTokens;
    }

    /** One request's length. */
    int draw(RandomGenerator random) {
        if (isFixed()) {
            return minTokens;
        }
        if (stddevTokens == 0) {
            return minTokens + (int) random.nextLong((long) maxTokens - minTokens + 1);
        }
        while (true) {
            double gauss = random.nextGaussian(meanTokens, stddevTokens);
            if (!redraw) {
                return (int) Math.rint(Math.max(minTokens, Math.min(maxTokens, gauss)));
            }
            // int() in Python truncates towards zero.
            long length = (long) gauss;
            if (length >= minTokens && length <= maxTokens) {
                return (int) length;
            }
        }
    }

    /** The distribution in words: "550", "550 ± 150 (normal, redrawn below 1)", "uniform 100-300". */
    public String label() {
        if (isFixed()) {
            return Integer.toString(minTokens);
        }
        if (stddevTokens == 0) {
            return "uniform " + minTokens + "-" + maxTokens;
        }
        String spread = meanTokens + " ± " + (stddevTokens == Math.rint(stddevTokens)
                ? Long.toString((long) stddevTokens) : Double.toString(stddevTokens));
        return redraw ? spread + " (normal, redrawn below " + minTokens + ")"
                : spread + " (normal, clipped to " + minTokens + "-" + maxTokens + ")";
    }
}
