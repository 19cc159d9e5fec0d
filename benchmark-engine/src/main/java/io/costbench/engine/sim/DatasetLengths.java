package io.costbench.engine.sim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import io.costbench.engine.port.ParameterSet;

/**
 * The lengths of a conversation dataset's requests as a benchmark client samples them, for a run that states only
 * their means (a published {@code vllm bench serve --dataset-name sharegpt} summary): answers drawn from a gamma
 * clipped to the sampler's bounds, prompts at their stated mean (no public figure of their spread is stored here).
 * A closed loop's throughput depends on which long answers come last, so a prediction takes the mean over several
 * seeded draws ({@link #runs}). Each draw is scaled to the stated mean: the run recorded its total.
 *
 * @param name             the dataset's name ("ShareGPT")
 * @param outputGammaShape the answers' gamma shape (1 is exponential; below 1 more short answers and a longer tail)
 * @param minTokens        the sampler's shortest prompt and answer
 * @param maxPromptTokens  the sampler's longest prompt
 * @param maxTotalTokens   the sampler's longest prompt plus answer
 * @param drawnRequests    requests a prediction draws in all, over as many runs as they make (at least one)
 * @param maxRuns          the most runs a prediction draws, whatever their length
 */
public record DatasetLengths(String name, double outputGammaShape, int minTokens, int maxPromptTokens,
        int maxTotalTokens, int drawnRequests, int maxRuns) {

    /**
     * ShareGPT as vLLM's and SGLang's benchmark clients sample it ({@code catalog/datasets/sharegpt.json}), read once.
     */
    public static DatasetLengths shareGpt() {
        return ShareGpt.LENGTHS;
    }

    /** Holds the catalog entry, read on first use. */
    private static final class ShareGpt {

        static final DatasetLengths LENGTHS = load("catalog/datasets/sharegpt.json");
    }

    private static DatasetLengths load(String resource) {
        ParameterSet set = ParameterSet.load(resource);
        return new DatasetLengths(set.displayName(), set.value("outputGammaShape"), (int) set.value("minTokens"),
                (int) set.value("maxPromptTokens"), (int) set.value("maxTotalTokens"),
                (int) set.value("drawnRequests"), (int) set.value("maxRuns"));
    }

    public DatasetLengths {
        if (name == null || name.isBlank() || !(outputGammaShape > 0) || minTokens < 1 || maxPromptTokens < minTokens
                || maxTotalTokens < 2 * minTokens || drawnRequests < 1 || maxRuns < 1) {
            throw new IllegalArgumentException("a dataset needs a name, a gamma shape > 0, bounds of at least 1 and a"
                    + " draw");
        }
    }

    /** Whether the sampler's bounds can hold requests of these mean lengths ({@link #draw} refuses others). */
    public boolean holds(int promptTokens, int meanOutputTokens) {
        return promptTokens >= minTokens && promptTokens <= maxPromptTokens && meanOutputTokens >= minTokens
                && meanOutputTokens <= maxTotalTokens - promptTokens;
    }

    /**
     * How many runs of {@code count} requests a prediction draws: {@link #drawnRequests} over them, at least one and
     * at most {@link #maxRuns}.
     */
    public int runsOf(int count) {
        return Math.min(maxRuns, Math.max(1, (drawnRequests + count - 1) / count));
    }

    /**
     * {@link #runsOf} runs of {@code count} requests, seeds {@code firstSeed}, {@code firstSeed + 1}, ...
     *
     * @throws IllegalArgumentException for means the sampler's bounds cannot hold
     */
    public List<RequestLengths> runs(int count, int promptTokens, int meanOutputTokens, long firstSeed) {
        int runs = runsOf(count);
        List<RequestLengths> drawn = new ArrayList<>(runs);
        for (int run = 0; run < runs; run++) {
            drawn.add(draw(count, promptTokens, meanOutputTokens, firstSeed + run));
        }
        return drawn;
    }

    /**
     * The {@code stated} run (its prompt count, mean lengths and seed) as {@link #runs}: the same run sending each
     * draw's requests.
     *
     * @throws IllegalArgumentException for means the sampler's bounds cannot hold
     */
    public List<Workload> draws(Workload stated) {
        return runs(stated.numPrompts(), stated.inputTokens(), stated.outputTokens(), stated.seed()).stream()
                .map(stated::replaying).toList();
    }

    /** One run's requests: answers drawn within the bounds, then scaled to {@code count x meanOutputTokens}. */
    public RequestLengths draw(int count, int promptTokens, int meanOutputTokens, long seed) {
        int longest = maxTotalTokens - promptTokens;
        if (count < 1 || !holds(promptTokens, meanOutputTokens)) {
            throw new IllegalArgumentException(count + " requests of " + promptTokens + " prompt tokens and "
                    + meanOutputTokens + " answer tokens on average do not fit the sampler's bounds (" + minTokens
                    + "-" + maxPromptTokens + " prompt tokens, " + maxTotalTokens + " in all)");
        }
        SplittableRandom random = new SplittableRandom(seed);
        double[] drawn = new double[count];
        double sum = 0;
        for (int i = 0; i < count; i++) {
            double length;
            do {
                // The sampler skips what its bounds refuse, so a refused length is drawn again.
                length = Math.rint(GammaSampler.sample(random, outputGammaShape) * meanOutputTokens / outputGammaShape);
            } while (length < minTokens || length > longest);
            drawn[i] = length;
            sum += length;
        }
        long target = (long) count * meanOutputTokens;
        int[] output = new int[count];
        long total = 0;
        for (int i = 0; i < count; i++) {
            output[i] = (int) Math.max(minTokens, Math.min(longest, Math.rint(drawn[i] * target / sum)));
            total += output[i];
        }
        // Rounding and the bounds leave a few tokens over or short; one token at a time where the bounds allow.
        for (int i = 0; total != target; i = (i + 1) % count) {
            int step = total < target ? 1 : -1;
            if (output[i] + step >= minTokens && output[i] + step <= longest) {
                output[i] += step;
                total += step;
            }
        }
        int[] prompts = new int[count];
        Arrays.fill(prompts, promptTokens);
        return new RequestLengths(prompts, output);
    }
}
