package io.costbench.engine.sim;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The prompt and output lengths of every request a client sent, in the order it sent them: a replay of a measured
 * run's own requests (vLLM {@code --save-detailed}, SGLang {@code --output-details}: {@code input_lens} and
 * {@code output_lens}; LLMPerf's individual responses), or lengths drawn ahead as the run's load generator draws them
 * ({@link #draw}). Immutable: the arrays are copied in and never handed out.
 */
public final class RequestLengths {

    private final int[] inputTokens;
    private final int[] outputTokens;
    private final long totalTokens;
    private final long totalOutputTokens;
    private final int maxInputTokens;
    private final int maxOutputTokens;

    /** @throws IllegalArgumentException for arrays of different or zero length, or a length below 1 */
    public RequestLengths(int[] inputTokens, int[] outputTokens) {
        this(inputTokens, outputTokens, inputTokens.length == outputTokens.length ? inputTokens.length : -1);
    }

    /** The first {@code count} entries of both arrays, copied once. */
    private RequestLengths(int[] inputTokens, int[] outputTokens, int count) {
        if (count < 1 || count > inputTokens.length || count > outputTokens.length) {
            throw new IllegalArgumentException("as many prompt as output lengths, at least one, were "
                    + inputTokens.length + " and " + outputTokens.length + (count > 0 ? ", taking " + count : ""));
        }
        this.inputTokens = Arrays.copyOf(inputTokens, count);
        this.outputTokens = Arrays.copyOf(outputTokens, count);
        long total = 0;
        long outputTotal = 0;
        int maxIn = 0;
        int maxOut = 0;
        for (int i = 0; i < this.inputTokens.length; i++) {
            if (this.inputTokens[i] < 1 || this.outputTokens[i] < 1) {
                throw new IllegalArgumentException("request " + i + " has a length below 1");
            }
            total += this.inputTokens[i] + this.outputTokens[i];
            outputTotal += this.outputTokens[i];
            maxIn = Math.max(maxIn, this.inputTokens[i]);
            maxOut = Math.max(maxOut, this.outputTokens[i]);
        }
        this.totalTokens = total;
        this.totalOutputTokens = outputTotal;
        this.maxInputTokens = maxIn;
        this.maxOutputTokens = maxOut;
    }

    /**
     * The first {@code count} requests of two lists filled in step (the requests kept of a longer list).
     *
     * @throws IllegalArgumentException for a count below 1 or beyond either list, or a length below 1
     */
    public static RequestLengths firstOf(int[] inputTokens, int[] outputTokens, int count) {
        return new RequestLengths(inputTokens, outputTokens, count);
    }

    /**
     * {@code count} requests' lengths drawn as a load generator draws them ({@link LengthDistribution}), from one
     * seeded stream, prompt then output for each request in turn.
     */
    public static RequestLengths draw(int count, LengthDistribution prompts, LengthDistribution outputs, long seed) {
        if (count < 1) {
            throw new IllegalArgumentException("draw at least one request, not " + count);
        }
        SplittableRandom random = new SplittableRandom(seed);
        int[] input = new int[count];
        int[] output = new int[count];
        for (int i = 0; i < count; i++) {
            input[i] = prompts.draw(random);
            output[i] = outputs.draw(random);
        }
        return new RequestLengths(input, output);
    }

    public int size() {
        return inputTokens.length;
    }

    public int inputTokens(int request) {
        return inputTokens[request];
    }

    public int outputTokens(int request) {
        return outputTokens[request];
    }

    /** Prompt plus output tokens over every request. */
    public long totalTokens() {
        return totalTokens;
    }

    public int maxInputTokens() {
        return maxInputTokens;
    }

    public int maxOutputTokens() {
        return maxOutputTokens;
    }

    /** Mean output length, rounded up. */
    public int meanOutputTokens() {
        return (int) ((totalOutputTokens + outputTokens.length - 1) / outputTokens.length);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof RequestLengths that && Arrays.equals(inputTokens, that.inputTokens)
                && Arrays.equals(outputTokens, that.outputTokens);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(inputTokens) + Arrays.hashCode(outputTokens);
    }

    @Override
    public String toString() {
        return "RequestLengths[" + size() + " requests, up to " + maxInputTokens + " / " + maxOutputTokens + " tokens]";
    }
}
