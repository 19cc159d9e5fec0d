package io.costbench.engine.model;

import java.util.List;
import java.util.Locale;

/**
 * A served model's architecture, as read from its Hugging Face config.json plus a sidecar for what the config does
 * not say (display name, published parameter count, source). Derived sizes are computed, never stored.
 *
 * @param publishedParams     the parameter count the model card states (text model), for checking the derivation
 * @param checkpointPrecision the format the published weights are stored in ({@code quantization_config}), which
 *                            bounds what an engine can serve without another checkpoint
 */
public record ModelSpec(String id, String displayName, String source, long publishedParams, int hiddenSize,
        int vocabSize, boolean tiedEmbeddings, int maxPositionEmbeddings, List<LayerSpec> layers,
        Precision checkpointPrecision) {

    public ModelSpec {
        layers = List.copyOf(layers);
    }

    /** A model published in bf16. */
    public ModelSpec(String id, String displayName, String source, long publishedParams, int hiddenSize,
            int vocabSize, boolean tiedEmbeddings, int maxPositionEmbeddings, List<LayerSpec> layers) {
        this(id, displayName, source, publishedParams, hiddenSize, vocabSize, tiedEmbeddings, maxPositionEmbeddings,
                layers, Precision.BF16);
    }

    /**
     * Whether an engine can serve the model at {@code precision}: bf16 from any checkpoint (a dequantized copy), fp8
     * by quantizing a bf16 copy as it loads (vLLM {@code --quantization fp8}), MXFP4 only from an MXFP4 checkpoint
     * (no engine quantizes to it as it loads: vLLM's {@code Mxfp4Config} reads the checkpoint's packed blocks).
     */
    public boolean servableAt(Precision precision) {
        return precision != Precision.MXFP4 || checkpointPrecision == Precision.MXFP4;
    }

    /** @throws IllegalArgumentException saying why, when the model cannot be served at {@code precision} */
    public void requireServableAt(Precision precision) {
        if (!servableAt(precision)) {
            throw new IllegalArgumentException(id + " has no " + precision.name().toLowerCase(Locale.ROOT)
                    + " checkpoint (its weights are stored as " + checkpointPrecision.name().toLowerCase(Locale.ROOT)
                    + ") and engines do not quantize to it as they load");
        }
    }

    public int numLayers() {
        return layers.size();
    }

    public long embeddingParams() {
        return (long) vocabSize * hiddenSize * (tiedEmbeddings ? 1 : 2);
    }

    public long totalParams() {
        long sum = embeddingParams() + hiddenSize; // final norm
        for (LayerSpec layer : layers) {
            sum += mixerParams(layer.mixer()) + feedForwardParams(layer.feedForward(), false) + 2L * hiddenSize;
        }
        return sum;
    }

    /** Parameters one token touches: routed experts count only expertsPerToken of them. */
    public long activeParams() {
        long sum = embeddingParams() + hiddenSize;
        for (LayerSpec layer : layers) {
            sum += mixerParams(layer.mixer()) + feedForwardParams(layer.feedForward(), true) + 2L * hiddenSize;
        }
        return sum;
    }

    /**
     * Weight bytes in HBM: routed experts and the other linear weights at the serving precision's sizes, embeddings
     * and norms kept in bf16.
     */
    public double weightBytes(Precision precision) {
        long embeddings = embeddingParams();
        long experts = routedExpertParams();
        long linear = totalParams() - embeddings - experts;
        return linear * precision.bytesPerElement() + experts * precision.expertBytesPerElement()
                + embeddings * Precision.BF16.bytesPerElement();
    }

    /** The routed experts' weights over all MoE layers (shared experts and routers not included). */
    public long routedExpertParams() {
        long sum = 0;
        for (LayerSpec layer : layers) {
            if (layer.feedForward() instanceof MoeMlp m) {
                sum += 3L * hiddenSize * m.expertIntermediateSize() * m.numExperts();
            }
        }
        return sum;
    }

    public long mixerParams(Mixer mixer) {
        if (mixer instanceof AttentionMixer a) {
            long q = (long) hiddenSize * a.numHeads() * a.headDim() * (a.outputGate() ? 2 : 1);
            long kv = (long) hiddenSize * a.numKvHeads() * a.headDim() * (a.valueSharesKey() ? 1 : 2);
            long o = (long) a.numHeads() * a.headDim() * hiddenSize;
            return q + kv + o + 2L * a.headDim();
        }
        GatedDeltaNetMixer g = (GatedDeltaNetMixer) mixer;
        long inProjection = (long) hiddenSize * g.inProjectionRows();
        long conv = (long) g.convChannels() * g.convKernelTokens();
        long out = (long) g.valueDim() * hiddenSize;
        return inProjection + conv + out + 2L * g.numValueHeads() + g.valueHeadDim();
    }

    public long feedForwardParams(FeedForward feedForward, boolean activeOnly) {
        if (feedForward instanceof DenseMlp d) {
            return 3L * hiddenSize * d.intermediateSize();
        }
        MoeMlp m = (MoeMlp) feedForward;
        long perExpert = 3L * hiddenSize * m.expertIntermediateSize();
        long routed = perExpert * (activeOnly ? m.expertsPerToken() : m.numExperts());
        long shared = 3L * hiddenSize * m.sharedExpertIntermediateSize() * m.numSharedExperts();
        return routed + shared + (long) hiddenSize * m.numExperts();
    }

    /** KV bytes one token adds to one global-attention layer's cache, summed over global layers (K and V). */
    public double kvBytesPerTokenGlobalLayers(double bytesPerElement) {
        double sum = 0;
        for (LayerSpec layer : layers) {
            if (layer.mixer() instanceof AttentionMixer a && !a.isSliding()) {
                sum += 2.0 * a.numKvHeads() * a.headDim() * bytesPerElement;
            }
        }
        return sum;
    }

    /** KV bytes one token adds to the sliding-window layers' caches, summed over those layers (K and V). */
    public double kvBytesPerTokenSlidingLayers(double bytesPerElement) {
        double sum = 0;
        for (LayerSpec layer : layers) {
            if (layer.mixer() instanceof AttentionMixer a && a.isSliding()) {
                sum += 2.0 * a.numKvHeads() * a.headDim() * bytesPerElement;
            }
        }
        return sum;
    }

    /** The sliding window of the model's local layers, or 0 when every attention layer is global. */
    public int slidingWindowTokens() {
        int window = 0;
        for (LayerSpec layer : layers) {
            if (layer.mixer() instanceof AttentionMixer a && a.isSliding()) {
                window = Math.max(window, a.slidingWindowTokens());
            }
        }
        return window;
    }

    /** The distinct attention windows of the model's softmax layers, full attention counting as one. */
    public int attentionWindowSizes() {
        return (int) layers.stream().map(LayerSpec::mixer).filter(AttentionMixer.class::isInstance)
                .mapToInt(m -> ((AttentionMixer) m).slidingWindowTokens()).distinct().count();
    }

    /** KV-cache bytes one sequence of {@code contextTokens} holds, with sliding layers capped when honoured. */
    public double kvBytesForContext(long contextTokens, boolean windowHonoured, double bytesPerElement) {
        long slidingTokens = windowHonoured && slidingWindowTokens() > 0
                ? Math.min(contextTokens, slidingWindowTokens()) : contextTokens;
        return contextTokens * kvBytesPerTokenGlobalLayers(bytesPerElement)
                + slidingTokens * kvBytesPerTokenSlidingLayers(bytesPerElement);
    }

    /** Gated DeltaNet recurrent state per sequence, whatever the context length (fp32 in Qwen3.5). */
    public double recurrentStateBytesPerSequence() {
        double sum = 0;
        for (LayerSpec layer : layers) {
            if (layer.mixer() instanceof GatedDeltaNetMixer g) {
                sum += (double) g.numValueHeads() * g.keyHeadDim() * g.valueHeadDim() * g.stateBytesPerElement();
            }
        }
        return sum;
    }

    /** Causal-conv state per sequence: the last (kernel - 1) tokens of every conv channel. */
    public double convStateBytesPerSequence(double bytesPerElement) {
        double sum = 0;
        for (LayerSpec layer : layers) {
            if (layer.mixer() instanceof GatedDeltaNetMixer g) {
                sum += (double) g.convChannels() * (g.convKernelTokens() - 1) * bytesPerElement;
            }
        }
        return sum;
    }

    public boolean isMixtureOfExperts() {
        return layers.stream().anyMatch(l -> l.feedForward() instanceof MoeMlp);
    }

    public boolean hasLinearAttention() {
        return layers.stream().anyMatch(l -> l.mixer() instanceof GatedDeltaNetMixer);
    }
}
