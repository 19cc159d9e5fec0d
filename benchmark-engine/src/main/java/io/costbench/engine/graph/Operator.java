package io.costbench.engine.graph;

/**
 * One operator of an engine step on one tensor-parallel rank, standing for {@code repeat} identical layers. Sizes are
 * per rank and per instance; multiply by {@code repeat} for the step's total.
 *
 * @param rows            activation rows (tokens) the operator processes
 * @param outFeatures     GEMM N per rank (output features); heads x head_dim for attention
 * @param inFeatures      GEMM K (contraction)
 * @param flops           floating-point operations
 * @param weightBytes     weight bytes read from HBM
 * @param activationBytes activation bytes read and written
 * @param cacheReadBytes  KV-cache or recurrent/conv-state bytes read
 * @param cacheWriteBytes KV-cache or state bytes written
 * @param collectiveBytes payload of the collective on this rank
 * @param sequences       sequences the operator handles (per-sequence work: state moves, attention)
 * @param heads           heads on this rank (attention, Gated DeltaNet)
 * @param headDim         head dimension
 * @param contextTokens   sum over sequences of the context attended (attention)
 * @param experts         experts resident on this rank (MoE)
 * @param expertsTouched  experts whose weights this step reads (MoE)
 * @param prefill         true for prompt processing, false for decode
 */
public record Operator(String name, OperatorKind kind, int repeat, long rows, long outFeatures, long inFeatures,
        double flops, double weightBytes, double activationBytes, double cacheReadBytes, double cacheWriteBytes,
        double collectiveBytes, int sequences, int heads, int headDim, long contextTokens, int experts,
        double expertsTouched, boolean prefill) {

    public double hbmBytes() {
        return weightBytes + activationBytes + cacheReadBytes + cacheWriteBytes;
    }

    public static Builder of(String name, OperatorKind kind) {
        return new Builder(name, kind);
    }

    /** Assembles an operator field by field; most operators use a handful of the fields. */
    public static final class Builder {
        private final String name;
        private final OperatorKind kind;
        private int repeat = 1;
        private long rows;
        private long outFeatures;
        private long inFeatures;
        private double flops;
        private double weightBytes;
        private double activationBytes;
        private double cacheReadBytes;
        private double cacheWriteBytes;
        private double collectiveBytes;
        private int sequences;
        private int heads;
        private int headDim;
        private long contextTokens;
        private int experts;
        private double expertsTouched;
        private boolean prefill;

        private Builder(String name, OperatorKind kind) {
            this.name = name;
            this.kind = kind;
        }

        public Builder repeat(int value) { repeat = value; return this; }
        public Builder rows(long value) { rows = value; return this; }
        public Builder gemm(long n, long k) { outFeatures = n; inFeatures = k; return this; }
        public Builder flops(double value) { flops = value; return this; }
        public Builder weightBytes(double value) { weightBytes = value; return this; }
        public Builder activationBytes(double value) { activationBytes = value; return this; }
        public Builder cacheReadBytes(double value) { cacheReadBytes = value; return this; }
        public Builder cacheWriteBytes(double value) { cacheWriteBytes = value; return this; }
        public Builder collectiveBytes(double value) { collectiveBytes = value; return this; }
        public Builder sequences(int value) { sequences = value; return this; }
        public Builder heads(int count, int dim) { heads = count; headDim = dim; return this; }
        public Builder contextTokens(long value) { contextTokens = value; return this; }
        public Builder experts(int resident, double touched) { experts = resident; expertsTouched = touched; return this; }
        public Builder prefill(boolean value) { prefill = value; return this; }

        public Operator build() {
            return new Operator(name, kind, repeat, rows, outFeatures, inFeatures, flops, weightBytes,
                    activationBytes, cacheReadBytes, cacheWriteBytes, collectiveBytes, sequences, heads, headDim,
                    contextTokens, experts, expertsTouched, prefill);
        }
    }
}
