package io.costbench.engine.model;

/**
 * Softmax attention with grouped KV heads.
 *
 * @param slidingWindowTokens 0 for global attention, else the window the layer attends over
 * @param valueSharesKey      Gemma 4 global layers: no v_proj, V is derived from K (K-only cache is possible)
 * @param outputGate          Qwen3.5: q_proj emits 2x for a sigmoid output gate
 */
public record AttentionMixer(int numHeads, int numKvHeads, int headDim, int slidingWindowTokens,
        boolean valueSharesKey, boolean outputGate) implements Mixer {

    public boolean isSliding() {
        return slidingWindowTokens > 0;
    }
}
