package io.costbench.engine.graph;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.costbench.engine.model.AttentionMixer;
import io.costbench.engine.model.DenseMlp;
import io.costbench.engine.model.FeedForward;
import io.costbench.engine.model.GatedDeltaNetMixer;
import io.costbench.engine.model.LayerSpec;
import io.costbench.engine.model.Mixer;
import io.costbench.engine.model.ModelSpec;
import io.costbench.engine.model.MoeMlp;
import io.costbench.engine.model.Precision;

/**
 * Builds the per-rank operator list of one engine step: FLOPs and HBM bytes of every operator, sharded by tensor
 * parallelism (Megatron column/row split, one all-reduce after the mixer and one after the feed-forward), with MoE
 * routing expressed through the expected number of distinct experts the batch touches. Identical layers collapse
 * into one operator with a repeat count.
 */
public final class GraphBuilder {

    /** Activations travel in bf16 whatever the weight precision. */
    private static final double ACTIVATION_BYTES = 2.0;
    /** Logits are produced in fp32 for sampling. */
    private static final double LOGIT_BYTES = 4.0;

    private GraphBuilder() {
    }

    public static StepGraph build(ModelSpec model, int tensorParallel, Precision precision, GraphOptions options,
            StepShape shape) {
        if (tensorParallel < 1) {
            throw new IllegalArgumentException("tensor parallel must be >= 1");
        }
        Context c = new Context(model, tensorParallel, precision, options, shape);
        List<Operator> ops = new ArrayList<>();
        int tokens = shape.totalTokens();
        ops.add(Operator.of("embedding", OperatorKind.EMBEDDING).rows(tokens)
                .activationBytes(tokens * (double) model.hiddenSize() * ACTIVATION_BYTES * 2).build());

        for (IdenticalLayers group : identicalLayers(model)) {
            Mixer mixer = group.mixer();
            FeedForward feedForward = group.feedForward();
            int repeat = group.repeat();
            ops.add(c.norm(prefixOf(mixer) + ".input_norm", repeat));
            if (mixer instanceof AttentionMixer attention) {
                c.attentionLayer(attention, repeat, ops);
            } else {
                c.gatedDeltaNetLayer((GatedDeltaNetMixer) mixer, repeat, ops);
            }
            ops.add(c.norm(prefixOf(mixer) + ".post_norm", repeat));
            if (feedForward instanceof DenseMlp mlp) {
                c.denseMlp(prefixOf(mixer) + ".mlp", mlp.intermediateSize(), repeat, ops);
            } else {
                c.moe((MoeMlp) feedForward, prefixOf(mixer), repeat, ops);
            }
        }
        ops.add(c.norm("final_norm", 1));
        c.head(ops);
        return new StepGraph(shape, tensorParallel, ops);
    }

    /** Layers alike in mixer and feed-forward, and how many of them the model has. */
    private record IdenticalLayers(Mixer mixer, FeedForward feedForward, int repeat) {
    }

    /** A model's layers grouped, for the model last built: a sweep prices many steps of one model in a row. */
    private record LayerGrouping(ModelSpec model, List<IdenticalLayers> groups) {
    }

    private static volatile LayerGrouping lastGrouping;

    /**
     * The model's identical layers in the order they first occur. Grouping hashes every layer, as costly as a
     * small step's pricing, so the last model's grouping is kept (by identity: models are immutable records).
     */
    private static List<IdenticalLayers> identicalLayers(ModelSpec model) {
        LayerGrouping last = lastGrouping;
        if (last != null && last.model() == model) {
            return last.groups();
        }
        Map<List<Object>, Integer> counts = new LinkedHashMap<>();
        for (LayerSpec layer : model.layers()) {
            counts.merge(List.of(layer.mixer(), layer.feedForward()), 1, Integer::sum);
        }
        List<IdenticalLayers> groups = new ArrayList<>(counts.size());
        for (Map.Entry<List<Object>, Integer> count : counts.entrySet()) {
            groups.add(new IdenticalLayers((Mixer) count.getKey().get(0), (FeedForward) count.getKey().get(1),
                    count.getValue()));
        }
        LayerGrouping grouping = new LayerGrouping(model, List.copyOf(groups));
        lastGrouping = grouping;
        return grouping.groups();
    }

    /** Operators of sliding and global attention layers get distinct names, so their timings read apart. */
    private static String prefixOf(Mixer mixer) {
        if (mixer instanceof AttentionMixer a) {
            return a.isSliding() ? "swa" : "attn";
        }
        return "gdn";
    }

    /** Expected distinct experts touched when {@code tokens} each pick {@code perToken} of {@code experts}. */
    public static double expectedExpertsTouched(int experts, int perToken, long tokens) {
        if (tokens <= 0) {
            return 0;
        }
        double missProbability = Math.pow(1.0 - (double) perToken / experts, tokens);
        return experts * (1.0 - missProbability);
    }

    private static final class Context {
        final ModelSpec model;
        final int tp;
        final Precision precision;
        final GraphOptions options;
        final StepShape shape;
        final int hidden;
        final long tokens;

        Context(ModelSpec model, int tp, Precision precision, GraphOptions options, StepShape shape) {
            this.model = model;
            this.tp = tp;
            this.precision = precision;
            this.options = options;
            this.shape = shape;
            this.hidden = model.hiddenSize();
            this.tokens = shape.totalTokens();
        }

        Operator norm(String name, int repeat) {
            return Operator.of(name, OperatorKind.NORM).repeat(repeat).rows(tokens)
                    .flops(5.0 * tokens * hidden)
                    .activationBytes(2.0 * tokens * hidden * ACTIVATION_BYTES).build();
        }

        Operator gemm(String name, OperatorKind kind, int repeat, long n, long k) {
            return Operator.of(name, kind).repeat(repeat).rows(tokens).gemm(n, k)
                    .flops(2.0 * tokens * n * k)
                    .weightBytes((double) n * k * precision.bytesPerElement())
                    .activationBytes(tokens * (double) (n + k) * ACTIVATION_BYTES).build();
        }

        void allReduce(String name, int repeat, List<Operator> ops) {
            if (tp > 1) {
                ops.add(Operator.of(name, OperatorKind.ALL_REDUCE).repeat(repeat).rows(tokens)
                        .collectiveBytes(tokens * (double) hidden * ACTIVATION_BYTES).build());
            }
        }

        void attentionLayer(AttentionMixer a, int repeat, List<Operator> ops) {
            String p = a.isSliding() ? "swa" : "attn";
            int headsPerRank = Math.max(1, a.numHeads() / tp);
            // KV heads replicate when there are fewer of them than ranks.
            int kvHeadsPerRank = Math.max(1, a.numKvHeads() / tp);
            long qWidth = (long) headsPerRank * a.headDim() * (a.outputGate() ? 2 : 1);
            long kvWidth = (long) kvHeadsPerRank * a.headDim() * (a.valueSharesKey() ? 1 : 2);
            ops.add(gemm(p + ".q_proj", OperatorKind.GEMM, repeat, qWidth, hidden));
            ops.add(gemm(p + ".kv_proj", OperatorKind.GEMM, repeat, kvWidth, hidden));

            double kvBytesPerTokenPerLayer = 2.0 * kvHeadsPerRank * a.headDim() * options.kvBytesPerElement();
            boolean windowed = a.isSliding() && options.honourSlidingWindow();
            if (shape.decodeSequences() > 0) {
                long context = windowed ? shape.decodeWindowedContextTokensSum() : shape.decodeContextTokensSum();
                long rows = shape.decodeTokens();
                ops.add(Operator.of(p + ".attention.decode", OperatorKind.ATTENTION).repeat(repeat).rows(rows)
                        .gemm((long) headsPerRank * a.headDim(), a.headDim())
                        .heads(headsPerRank, a.headDim()).sequences(shape.decodeSequences()).contextTokens(context)
                        .flops(4.0 * headsPerRank * a.headDim() * context * shape.decodeTokensPerSequence())
                        .cacheReadBytes(context * kvBytesPerTokenPerLayer)
                        .cacheWriteBytes(rows * kvBytesPerTokenPerLayer)
                        .activationBytes(rows * (double) headsPerRank * a.headDim() * 2 * ACTIVATION_BYTES)
                        .build());
            }
            if (!shape.prefills().isEmpty()) {
                double flops = 0;
                long attended = 0;
                long prior = 0;
                for (PrefillChunk chunk : shape.prefills()) {
                    long limit = windowed ? a.slidingWindowTokens() : Long.MAX_VALUE;
                    // Causal: token i of the chunk attends to prior + i + 1 keys (capped by the window).
                    long keys = 0;
                    long t = chunk.tokens();
                    long start = chunk.priorContextTokens();
                    if (limit == Long.MAX_VALUE || start + t <= limit) {
                        keys = t * start + t * (t + 1) / 2;
                    } else {
                        for (long i = 0; i < t; i++) {
                            keys += Math.min(limit, start + i + 1);
                        }
                    }
                    attended += keys;
                    prior += windowed ? Math.min(start, a.slidingWindowTokens()) : start;
                    flops += 4.0 * headsPerRank * a.headDim() * keys;
                }
                long rows = shape.prefillTokens();
                ops.add(Operator.of(p + ".attention.prefill", OperatorKind.ATTENTION).repeat(repeat).rows(rows)
                        .gemm((long) headsPerRank * a.headDim(), a.headDim()).prefill(true)
                        .heads(headsPerRank, a.headDim()).sequences(shape.prefills().size()).contextTokens(attended)
                        .flops(flops)
                        .cacheReadBytes(prior * kvBytesPerTokenPerLayer)
                        .cacheWriteBytes(rows * kvBytesPerTokenPerLayer)
                        .activationBytes(rows * (double) headsPerRank * a.headDim() * 4 * ACTIVATION_BYTES)
                        .build());
            }
            if (a.outputGate()) {
                ops.add(Operator.of(p + ".output_gate", OperatorKind.ELEMENTWISE).repeat(repeat).rows(tokens)
                        .flops(4.0 * tokens * headsPerRank * a.headDim())
                        .activationBytes(3.0 * tokens * headsPerRank * a.headDim() * ACTIVATION_BYTES).build());
            }
            ops.add(gemm(p + ".o_proj", OperatorKind.GEMM, repeat, hidden, (long) headsPerRank * a.headDim()));
            allReduce(p + ".all_reduce", repeat, ops);
        }

        void gatedDeltaNetLayer(GatedDeltaNetMixer g, int repeat, List<Operator> ops) {
            int split = options.shardLinearAttentionHeads() ? tp : 1;
            int valueHeads = Math.max(1, g.numValueHeads() / split);
            long inRows = g.inProjectionRows() / split;
            long convChannels = g.convChannels() / split;
            long valueDim = (long) valueHeads * g.valueHeadDim();
            ops.add(gemm("gdn.in_proj", OperatorKind.GEMM, repeat, inRows, hidden));

            int sequences = shape.decodeSequences() + shape.prefills().size();
            double convStateBytes = (double) convChannels * (g.convKernelTokens() - 1) * ACTIVATION_BYTES;
            ops.add(Operator.of("gdn.conv", OperatorKind.GDN_CONV).repeat(repeat).rows(tokens)
                    .gemm(convChannels, g.convKernelTokens()).sequences(sequences)
                    .flops(2.0 * tokens * convChannels * g.convKernelTokens())
                    .cacheReadBytes(sequences * convStateBytes).cacheWriteBytes(sequences * convStateBytes)
                    .activationBytes(2.0 * tokens * convChannels * ACTIVATION_BYTES).build());

            double stateBytesPerHead = (double) g.keyHeadDim() * g.valueHeadDim() * g.stateBytesPerElement();
            // Per token and head: decay the state, k^T S, the delta-rule rank-1 update, and q^T S.
            double flopsPerTokenHead = 8.0 * g.keyHeadDim() * g.valueHeadDim();
            ops.add(Operator.of("gdn.recurrence", OperatorKind.GDN_RECURRENCE).repeat(repeat).rows(tokens)
                    .heads(valueHeads, g.valueHeadDim()).sequences(sequences)
                    .flops(flopsPerTokenHead * tokens * valueHeads)
                    .cacheReadBytes(sequences * valueHeads * stateBytesPerHead)
                    .cacheWriteBytes(sequences * valueHeads * stateBytesPerHead)
                    .activationBytes(tokens * (double) (inRows + valueDim) * ACTIVATION_BYTES).build());
            ops.add(Operator.of("gdn.gated_norm", OperatorKind.ELEMENTWISE).repeat(repeat).rows(tokens)
                    .flops(8.0 * tokens * valueDim)
                    .activationBytes(3.0 * tokens * valueDim * ACTIVATION_BYTES).build());
            ops.add(gemm("gdn.out_proj", OperatorKind.GEMM, repeat, hidden, valueDim));
            if (options.shardLinearAttentionHeads()) {
                allReduce("gdn.all_reduce", repeat, ops);
            }
        }

        void denseMlp(String prefix, int intermediate, int repeat, List<Operator> ops) {
            long perRank = intermediate / tp;
            ops.add(gemm(prefix + ".gate_up_proj", OperatorKind.GEMM, repeat, 2 * perRank, hidden));
            ops.add(Operator.of(prefix + ".act", OperatorKind.ELEMENTWISE).repeat(repeat).rows(tokens)
                    .flops(6.0 * tokens * perRank)
                    .activationBytes(3.0 * tokens * perRank * ACTIVATION_BYTES).build());
            ops.add(gemm(prefix + ".down_proj", OperatorKind.GEMM, repeat, hidden, perRank));
            allReduce(prefix + ".all_reduce", repeat, ops);
        }

        void moe(MoeMlp m, String prefix, int repeat, List<Operator> ops) {
            ops.add(Operator.of(prefix + ".moe.router", OperatorKind.MOE_ROUTER).repeat(repeat).rows(tokens)
                    .gemm(m.numExperts(), hidden)
                    .flops(2.0 * tokens * m.numExperts() * hidden)
                    .weightBytes((double) m.numExperts() * hidden * ACTIVATION_BYTES)
                    .activationBytes(tokens * (double) (hidden + m.numExperts()) * ACTIVATION_BYTES).build());
            // Expert parallelism: each rank holds experts / TP whole experts and the routed rows that land on them
            // (the mean rank; the pricer adds the busiest rank's excess); otherwise every expert is split over TP.
            int ranks = options.expertParallel() ? tp : 1;
            long perRank = options.expertParallel() ? m.expertIntermediateSize() : m.expertIntermediateSize() / tp;
            int residentExperts = m.numExperts() / ranks;
            double touched = (options.routedExpertsOnly()
                    ? expectedExpertsTouched(m.numExperts(), m.expertsPerToken(), tokens)
                    : m.numExperts()) / ranks;
            double bytesPerExpert = 3.0 * hidden * perRank * precision.expertBytesPerElement();
            long routedRows = (long) Math.ceil((double) tokens * m.expertsPerToken() / ranks);
            // Computing every loaded expert over every token is what a graph that cannot branch on the router does.
            long computedRows = options.routedExpertsOnly() ? routedRows : tokens * residentExperts;
            ops.add(Operator.of(prefix + ".moe.experts", OperatorKind.MOE_EXPERTS).repeat(repeat).rows(routedRows)
                    .gemm(3 * perRank, hidden).experts(residentExperts, touched)
                    .flops(2.0 * computedRows * 3 * perRank * hidden)
                    .weightBytes(touched * bytesPerExpert)
                    .activationBytes(routedRows * (double) (2 * hidden + 3 * perRank) * ACTIVATION_BYTES).build());
            if (m.numSharedExperts() > 0) {
                denseMlp(prefix + ".moe.shared", m.sharedExpertIntermediateSize() * m.numSharedExperts(), repeat,
                        ops);
            } else {
                allReduce(prefix + ".moe.all_reduce", repeat, ops);
            }
        }

        void head(List<Operator> ops) {
            // Logits for every decode token (all k + 1 when verifying) and for the last token of each prefill chunk.
            long rows = shape.decodeTokens() + shape.prefills().size();
            long vocabPerRank = model.vocabSize() / tp;
            ops.add(Operator.of("lm_head", OperatorKind.LM_HEAD).rows(rows).gemm(vocabPerRank, hidden)
                    .flops(2.0 * rows * vocabPerRank * hidden)
                    .weightBytes((double) vocabPerRank * hidden * Precision.BF16.bytesPerElement())
                    .activationBytes(rows * (hidden * ACTIVATION_BYTES + vocabPerRank * LOGIT_BYTES)).build());
            if (tp > 1) {
                ops.add(Operator.of("logits.all_gather", OperatorKind.ALL_REDUCE).rows(rows)
                        .collectiveBytes(rows * (double) vocabPerRank * LOGIT_BYTES).build());
            }
            ops.add(Operator.of("sampling", OperatorKind.SAMPLING).rows(rows).sequences(
                            shape.decodeSequences() + shape.prefills().size())
                    .gemm(model.vocabSize(), 1)
                    .flops(4.0 * rows * model.vocabSize())
                    .activationBytes(rows * (double) model.vocabSize() * LOGIT_BYTES).build());
        }
    }
}
