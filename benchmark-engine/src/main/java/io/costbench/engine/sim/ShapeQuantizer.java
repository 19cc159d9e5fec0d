package io.costbench.engine.sim;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import io.costbench.engine.graph.PrefillChunk;
import io.costbench.engine.graph.StepShape;

/**
 * Maps a step's exact shape to the canonical shape that is priced and memoised: decode contexts by their mean rounded
 * to {@code contextQuantumTokens} (the maximum rounded up, so compiled buckets at multiples of the quantum are never
 * crossed), prefill chunks with exact token counts and rounded prior context, in a fixed order. Pricing the canonical
 * shape (rather than whichever exact shape came first) keeps results independent of what the memo already holds.
 */
public record ShapeQuantizer(int contextQuantumTokens) {

    public static final int DEFAULT_CONTEXT_QUANTUM_TOKENS = 32;

    private static final Comparator<PrefillChunk> CHUNK_ORDER =
            Comparator.comparingInt(PrefillChunk::tokens).thenComparingInt(PrefillChunk::priorContextTokens);

    public ShapeQuantizer {
        if (contextQuantumTokens < 1) {
            throw new IllegalArgumentException("context quantum must be >= 1 token");
        }
    }

    public static ShapeQuantizer standard() {
        return new ShapeQuantizer(DEFAULT_CONTEXT_QUANTUM_TOKENS);
    }

    /**
     * @param windowTokens the model's sliding window, 0 when it has none
     * @param chunks       prefill chunks (exact); may be reordered by this call
     */
    public StepShape canonical(int decodeSequences, int decodeTokensPerSequence, long contextSum, int contextMax,
            long windowedContextSum, int windowTokens, List<PrefillChunk> chunks) {
        long sum = 0;
        long windowed = 0;
        int max = 0;
        if (decodeSequences > 0) {
            long mean = decodeMean(decodeSequences, contextSum);
            sum = mean * decodeSequences;
            max = decodeMax(mean, contextMax);
            windowed = windowedMean(mean, decodeSequences, windowedContextSum, windowTokens) * decodeSequences;
        }
        List<PrefillChunk> canonicalChunks = List.of();
        if (!chunks.isEmpty()) {
            List<PrefillChunk> list = new ArrayList<>(chunks.size());
            for (PrefillChunk chunk : chunks) {
                list.add(new PrefillChunk(chunk.tokens(), (int) nearest(chunk.priorContextTokens())));
            }
            list.sort(CHUNK_ORDER);
            canonicalChunks = list;
        }
        return new StepShape(decodeSequences, decodeTokensPerSequence, sum, max, windowed, canonicalChunks);
    }

    /** The canonical mean decode context: the exact mean rounded to the quantum. */
    long decodeMean(int decodeSequences, long contextSum) {
        return nearest((double) contextSum / decodeSequences);
    }

    /** The canonical longest decode context: rounded up to the quantum, never below the mean. */
    int decodeMax(long mean, int contextMax) {
        return (int) Math.max(mean, up(contextMax));
    }

    /** The canonical mean windowed context: rounded like the mean and never above it. */
    long windowedMean(long mean, int decodeSequences, long windowedContextSum, int windowTokens) {
        return windowTokens > 0 ? Math.min(mean, nearest((double) windowedContextSum / decodeSequences)) : mean;
    }

    private long nearest(double tokens) {
        return Math.round(tokens / contextQuantumTokens) * (long) contextQuantumTokens;
    }

    private long up(long tokens) {
        return (tokens + contextQuantumTokens - 1) / contextQuantumTokens * (long) contextQuantumTokens;
    }
}
