package io.costbench.engine.graph;

import java.util.List;

/**
 * What one engine step processes: a decode batch summarised by its context sums (enough for every byte count, and
 * compact enough to memoise prices by), plus prefill chunks.
 *
 * @param decodeSequences             sequences decoding this step
 * @param decodeTokensPerSequence     1 for plain decode, k + 1 when verifying k speculative tokens
 * @param decodeContextTokensSum      sum over decode sequences of the tokens already in their cache
 * @param decodeContextTokensMax      the longest of those contexts (compiled stacks size reads by its bucket)
 * @param decodeWindowedContextTokensSum sum over decode sequences of min(context, the model's sliding window);
 *                                       equal to the plain sum for models without sliding layers
 */
public record StepShape(int decodeSequences, int decodeTokensPerSequence, long decodeContextTokensSum,
        int decodeContextTokensMax, long decodeWindowedContextTokensSum, List<PrefillChunk> prefills) {

    public StepShape {
        prefills = List.copyOf(prefills);
        if (decodeSequences < 0 || decodeTokensPerSequence < 1) {
            throw new IllegalArgumentException("decode sequences >= 0 and tokens per sequence >= 1");
        }
    }

    public static StepShape decode(int sequences, int contextTokensEach) {
        return new StepShape(sequences, 1, (long) sequences * contextTokensEach, contextTokensEach,
                (long) sequences * contextTokensEach, List.of());
    }

    public static StepShape decode(int sequences, int contextTokensEach, int slidingWindowTokens) {
        long windowed = slidingWindowTokens > 0 ? Math.min(contextTokensEach, slidingWindowTokens) : contextTokensEach;
        return new StepShape(sequences, 1, (long) sequences * contextTokensEach, contextTokensEach,
                sequences * windowed, List.of());
    }

    public static StepShape prefill(int tokens) {
        return new StepShape(0, 1, 0, 0, 0, List.of(new PrefillChunk(tokens, 0)));
    }

    public int decodeTokens() {
        return decodeSequences * decodeTokensPerSequence;
    }

    public int prefillTokens() {
        int sum = 0;
        for (PrefillChunk chunk : prefills) {
            sum += chunk.tokens();
        }
        return sum;
    }

    /** Tokens every dense GEMM of the step multiplies (decode and prefill rows share one weight read). */
    public int totalTokens() {
        return decodeTokens() + prefillTokens();
    }

    public boolean isDecodeOnly() {
        return prefills.isEmpty() && decodeSequences > 0;
    }

    public double meanDecodeContextTokens() {
        return decodeSequences == 0 ? 0 : (double) decodeContextTokensSum / decodeSequences;
    }
}
