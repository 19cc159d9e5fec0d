package io.costbench.engine.model;

/**
 * Gated DeltaNet (Qwen3.5 / Qwen3-Next linear attention): a per-head recurrent state of keyHeadDim x valueHeadDim,
 * stored in {@code stateBytesPerElement} (fp32 = 4), and a depthwise causal conv over the q/k/v channels.
 */
public record GatedDeltaNetMixer(int numKeyHeads, int numValueHeads, int keyHeadDim, int valueHeadDim,
        int convKernelTokens, int stateBytesPerElement) implements Mixer {

    public int keyDim() {
        return numKeyHeads * keyHeadDim;
    }

    public int valueDim() {
        return numValueHeads * valueHeadDim;
    }

    /** Rows of the fused in-projection: q, k, v, z, and the b and a gates (one per value head each). */
    public int inProjectionRows() {
        return 2 * keyDim() + 2 * valueDim() + 2 * numValueHeads;
    }

    /** Channels the causal conv runs over (q, k, v). */
    public int convChannels() {
        return 2 * keyDim() + valueDim();
    }
}
