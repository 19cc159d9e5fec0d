package io.costbench.engine.graph;

/**
 * How a serving stack lays the model out, where stacks differ. GPU stacks do all of these; an out-of-the-box stack
 * may not.
 *
 * @param shardLinearAttentionHeads split Gated DeltaNet heads across TP ranks (false: every rank runs all heads)
 * @param honourSlidingWindow       sliding layers attend only over their window (false: over the whole context)
 * @param routedExpertsOnly         read only the experts the batch routes to (false: every expert, every step)
 * @param kvBytesPerElement         KV-cache element size (2 for bf16, 1 for an fp8 cache)
 * @param expertParallel            MoE experts spread whole over the TP ranks (vLLM --enable-expert-parallel with one
 *                                  data-parallel rank: each rank holds experts / TP of them at full width and
 *                                  computes the routed tokens that land on them) instead of every expert split
 *                                  across the ranks
 */
public record GraphOptions(boolean shardLinearAttentionHeads, boolean honourSlidingWindow, boolean routedExpertsOnly,
        double kvBytesPerElement, boolean expertParallel) {

    public GraphOptions(boolean shardLinearAttentionHeads, boolean honourSlidingWindow, boolean routedExpertsOnly,
            double kvBytesPerElement) {
        this(shardLinearAttentionHeads, honourSlidingWindow, routedExpertsOnly, kvBytesPerElement, false);
    }

    public static GraphOptions standard() {
        return new GraphOptions(true, true, true, 2.0);
    }

    public GraphOptions withShardLinearAttentionHeads(boolean value) {
        return new GraphOptions(value, honourSlidingWindow, routedExpertsOnly, kvBytesPerElement, expertParallel);
    }

    public GraphOptions withHonourSlidingWindow(boolean value) {
        return new GraphOptions(shardLinearAttentionHeads, value, routedExpertsOnly, kvBytesPerElement, expertParallel);
    }

    public GraphOptions withRoutedExpertsOnly(boolean value) {
        return new GraphOptions(shardLinearAttentionHeads, honourSlidingWindow, value, kvBytesPerElement,
                expertParallel);
    }

    public GraphOptions withKvBytesPerElement(double value) {
        return new GraphOptions(shardLinearAttentionHeads, honourSlidingWindow, routedExpertsOnly, value,
                expertParallel);
    }

    public GraphOptions withExpertParallel(boolean value) {
        return new GraphOptions(shardLinearAttentionHeads, honourSlidingWindow, routedExpertsOnly, kvBytesPerElement,
                value);
    }
}
