package io.costbench.trainium2;

import java.util.EnumSet;
import java.util.Set;

import io.costbench.engine.graph.GraphOptions;

/**
 * How the stack lays the model out and which kernels it uses, resolved from the switches in effect. Every field is a
 * mechanism the pricer reads; none names a model.
 *
 * @param kvBlockTokens       KV cache block (page) size
 * @param maxFastHeadDim      largest head_dim the block-KV attention kernel accepts (MAX_HEAD_DIM)
 */
public record Layout(boolean shardGdnHeads, boolean packGdnState, boolean padInProjection, boolean fusedGdn,
        boolean selectiveExperts, boolean onDeviceSampling, boolean speculative, int maxFastHeadDim,
        int kvBlockTokens, boolean honourSlidingWindow, boolean nkiKernels, boolean sequenceParallel) {

    static Layout of(Set<Switch> on, int defaultBlockTokens, int optimizedBlockTokens) {
        EnumSet<Switch> s = on.isEmpty() ? EnumSet.noneOf(Switch.class) : EnumSet.copyOf(on);
        return new Layout(s.contains(Switch.GDN_HEAD_SHARDING), s.contains(Switch.GDN_STATE_PACKING),
                s.contains(Switch.GDN_INPROJ_PADDING), s.contains(Switch.GDN_FUSED_KERNEL),
                s.contains(Switch.SELECTIVE_EXPERT_DECODE), s.contains(Switch.ON_DEVICE_SAMPLING),
                s.contains(Switch.EAGLE3), s.contains(Switch.FAST_ATTENTION_HEAD_DIM_256) ? 256 : 128,
                s.contains(Switch.KV_BLOCK_16) ? optimizedBlockTokens : defaultBlockTokens,
                s.contains(Switch.SWA_WINDOW), s.contains(Switch.NKI_KERNELS), s.contains(Switch.SEQUENCE_PARALLEL));
    }

    /** The engine graph options for a decode step (experts by router only with selective decode). */
    GraphOptions decodeGraph() {
        return new GraphOptions(shardGdnHeads, honourSlidingWindow, selectiveExperts, 2.0);
    }

    /**
     * Context encoding: NxDI's prefill MoE is a blockwise kernel over the token-to-expert assignment in both profiles
     * (a 1024-token prompt touches every expert anyway), so only the decode graph differs.
     */
    GraphOptions prefillGraph() {
        return new GraphOptions(shardGdnHeads, honourSlidingWindow, true, 2.0);
    }
}
