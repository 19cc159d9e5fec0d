package io.costbench.trainium2;

import static io.costbench.engine.port.CostCategory.COMMUNICATION;
import static io.costbench.engine.port.CostCategory.COMPUTE;
import static io.costbench.engine.port.CostCategory.DMA_FIXED;
import static io.costbench.engine.port.CostCategory.HOST;
import static io.costbench.engine.port.CostCategory.MEMORY;
import static io.costbench.engine.port.CostCategory.OVERHEAD;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.costbench.engine.graph.GraphBuilder;
import io.costbench.engine.graph.GraphOptions;
import io.costbench.engine.graph.Operator;
import io.costbench.engine.graph.PrefillChunk;
import io.costbench.engine.graph.StepGraph;
import io.costbench.engine.graph.StepShape;
import io.costbench.engine.model.GatedDeltaNetMixer;
import io.costbench.engine.model.LayerSpec;
import io.costbench.engine.model.ModelSpec;
import io.costbench.engine.model.MoeMlp;
import io.costbench.engine.model.Precision;
import io.costbench.engine.port.SpeculativeDecoding;

/**
 * Prices one compiled execution (a padded decode batch or one padded prompt) on one rank from mechanisms: whole
 * 128-row tiles on the tensor engine, DMA transfers by count and size, HBM bytes, collectives, host round trips and
 * runtime overheads. Overlap rules: within a pipelined loop (weight streaming, block-KV streaming, the fused GDN
 * kernel) DMA overlaps compute and independent transfers overlap their fixed cost across the DMA queues; a ragged
 * tail tile, an unfused dependent chain, the slow attention path and single-buffered KV blocks serialise them.
 * Operators run one after another (a static schedule).
 */
final class StepPricer {

    private static final double ACT_BYTES = 2.0;

    private final ModelSpec model;
    private final int tp;
    private final int chips;
    private final Precision precision;
    private final Layout layout;
    private final Resources r;
    private final DraftHead draft;
    private final int expertsPerToken;
    private final GatedDeltaNetMixer gdn;
    private final int gdnHeadsPerRank;
    private final double gdnStateBytesPerHead;
    private final double gdnConvBytesPerSequence;
    private final double p;

    StepPricer(ModelSpec model, int tp, int chips, Precision precision, Layout layout, Resources resources,
            DraftHead draft) {
        this.model = model;
        this.tp = tp;
        this.chips = chips;
        this.precision = precision;
        this.layout = layout;
        this.r = resources;
        this.draft = draft;
        this.expertsPerToken = model.layers().stream().map(LayerSpec::feedForward)
                .filter(MoeMlp.class::isInstance).map(f -> ((MoeMlp) f).expertsPerToken()).findFirst().orElse(1);
        this.gdn = model.layers().stream().map(LayerSpec::mixer).filter(GatedDeltaNetMixer.class::isInstance)
                .map(GatedDeltaNetMixer.class::cast).findFirst().orElse(null);
        int split = layout.shardGdnHeads() ? tp : 1;
        this.gdnHeadsPerRank = gdn == null ? 0 : Math.max(1, gdn.numValueHeads() / split);
        this.gdnStateBytesPerHead = gdn == null ? 0
                : (double) gdn.keyHeadDim() * gdn.valueHeadDim() * gdn.stateBytesPerElement();
        this.gdnConvBytesPerSequence = gdn == null ? 0
                : (double) gdn.convChannels() / split * (gdn.convKernelTokens() - 1) * ACT_BYTES;
        this.p = resources.partitions;
    }

    /**
     * The GEMM efficiency: a decode step's small-M GEMMs are counted per instruction and tile (decode efficiency); a
     * prompt's large GEMMs run at the NKI kernels' pipeline efficiency, or the compiler's own GEMMs' without them.
     */
    private double gemmEfficiency(boolean prefill) {
        return !prefill ? r.decodeGemmEfficiency : layout.nkiKernels() ? r.nkiGemmEfficiency : r.compilerGemmEfficiency;
    }

    /** A decode execution of {@code batch} compiled rows, each verifying {@code tokensPerSequence} tokens. */
    List<OpCost> decode(int batch, int tokensPerSequence, int contextBucket, int realSequences) {
        int window = model.slidingWindowTokens();
        long windowed = window > 0 ? Math.min(contextBucket, window) : contextBucket;
        StepShape shape = new StepShape(batch, tokensPerSequence, (long) batch * contextBucket, contextBucket,
                batch * windowed, List.of());
        List<OpCost> costs = priceGraph(GraphBuilder.build(model, tp, precision, layout.decodeGraph(), shape),
                false);
        if (tokensPerSequence > 1 && draft != null) {
            costs.add(draftCost(batch, tokensPerSequence - 1));
        }
        costs.add(stepOverhead());
        costs.add(hostPerSequence(realSequences));
        if (tokensPerSequence > 1 && draft != null) {
            costs.add(raggedAcceptance(costs, realSequences));
        }
        return costs;
    }

    /** One prompt of {@code paddedTokens} (its compiled bucket) after {@code priorTokens} already cached. */
    List<OpCost> prefill(int paddedTokens, int priorTokens) {
        StepShape shape = new StepShape(0, 1, 0, 0, 0, List.of(new PrefillChunk(paddedTokens, priorTokens)));
        GraphOptions options = layout.prefillGraph();
        List<OpCost> costs = priceGraph(GraphBuilder.build(model, tp, precision, options, shape), true);
        costs.add(stepOverhead());
        return costs;
    }

    private List<OpCost> priceGraph(StepGraph graph, boolean prefill) {
        List<OpCost> costs = new ArrayList<>();
        for (Operator op : graph.operators()) {
            costs.add(price(op, prefill));
        }
        return costs;
    }

    private OpCost price(Operator op, boolean prefill) {
        OpCost c = new OpCost(op.name(), op.kind().name(), op.repeat());
        c.flops = op.flops();
        switch (op.kind()) {
            case GEMM, LM_HEAD -> gemm(c, op, op.name().endsWith("in_proj") && layout.padInProjection(),
                    gemmEfficiency(prefill));
            case MOE_ROUTER -> {
                gemm(c, op, false, gemmEfficiency(prefill));
                vector(c, op.rows() * (double) op.outFeatures() * 2);
            }
            case MOE_EXPERTS -> experts(c, op, prefill);
            case ATTENTION -> {
                if (op.prefill()) {
                    prefillAttention(c, op);
                } else {
                    decodeAttention(c, op);
                }
            }
            case GDN_CONV -> gdnConv(c, op, prefill);
            case GDN_RECURRENCE -> gdnRecurrence(c, op, prefill);
            case ALL_REDUCE -> collective(c, op, prefill);
            case SAMPLING -> sampling(c, op);
            case EMBEDDING -> {
                double bytes = op.rows() * (double) model.hiddenSize() * ACT_BYTES;
                stream(c, op.rows(), bytes / Math.max(1, op.rows()), model.hiddenSize() * ACT_BYTES, 0);
                c.hbmBytes += bytes;
            }
            default -> elementwise(c, op, prefill);
        }
        return c;
    }

    // ---------------------------------------------------------------- DMA

    /**
     * Streams {@code count} independent transfers (a pipelined loop): the descriptors' per-partition cost and the HBM
     * bandwidth bound the data; fixed costs overlap across the DMA queues. Returns the DMA time without compute.
     */
    private Dma streamTime(long count, double bytesEach, double bytesPerPartition) {
        double bytes = count * bytesEach;
        double hbm = bytes / r.hbmBytesPerSecond;
        double engine = bytes / (r.dmaEngines * r.dmaEngineBytesPerSecond * r.dmaEfficiency(bytesPerPartition));
        double fixed = count * r.dmaFixedCostS / r.queuesInFlight;
        return new Dma(hbm, Math.max(Math.max(hbm, engine), fixed));
    }

    /** Records and returns streamed transfers; {@code computeS} is the loop's compute they overlap with. */
    private double stream(OpCost c, long count, double bytesEach, double bytesPerPartition, double computeS) {
        Dma dma = streamTime(count, bytesEach, bytesPerPartition);
        c.transfers(count, bytesEach, bytesPerPartition);
        overlap(c, dma, computeS);
        return dma.totalS;
    }

    /**
     * Transfers each waiting on the previous engine op (an unfused chain): fixed cost exposed, overlapping only
     * {@code dependentDmaDepth} deep, and no overlap with compute.
     */
    private void dependent(OpCost c, long count, double bytesEach, double bytesPerPartition, int partitions) {
        if (count <= 0) {
            return;
        }
        double bytes = count * bytesEach;
        int engines = Math.min(r.dmaEngines,
                Math.max(1, (int) Math.ceil(partitions / (double) r.dmaPartitionsPerEngine)) * r.lnc);
        double hbm = bytes / r.hbmBytesPerSecond;
        double engine = bytes / (engines * r.dmaEngineBytesPerSecond * r.dmaEfficiency(bytesPerPartition));
        double data = Math.max(hbm, engine);
        c.transfers(count, bytesEach, bytesPerPartition);
        c.add(MEMORY, hbm);
        c.add(DMA_FIXED, data - hbm + count * r.dmaFixedCostS / r.dependentDmaDepth);
    }

    private static void overlap(OpCost c, Dma dma, double computeS) {
        if (computeS >= dma.totalS) {
            c.add(COMPUTE, computeS);
        } else {
            c.add(MEMORY, dma.hbmS);
            c.add(DMA_FIXED, dma.totalS - dma.hbmS);
        }
    }

    private record Dma(double hbmS, double totalS) {
    }

    // ---------------------------------------------------------------- tensor engine

    /**
     * Cycles of an (M x K) x (K x N) matmul on the 128x128 array: the better of weights moving (token tiles
     * stationary, one output column per cycle) and weights stationary (tile load + one moving column per token),
     * plus the fixed per-instruction overhead. Records tiles and instructions.
     */
    private double tensorSeconds(OpCost c, double m, double k, double n, double efficiency) {
        if (m <= 0 || k <= 0 || n <= 0) {
            return 0;
        }
        double kTiles = Math.ceil(k / r.contractionTile);
        double mTiles = Math.ceil(m / p);
        double nTiles = Math.ceil(n / r.tileColumns);
        double movingInstr = mTiles * kTiles * Math.ceil(n / r.movingColumns);
        double moving = mTiles * kTiles * n + movingInstr * r.instructionOverheadCycles;
        double stationaryInstr = kTiles * nTiles * Math.ceil(m / r.movingColumns);
        double stationary = kTiles * nTiles * (r.stationaryLoadCycles + m)
                + stationaryInstr * r.instructionOverheadCycles;
        double cycles = Math.min(moving, stationary);
        c.tensorTiles += mTiles * kTiles * nTiles;
        c.tensorInstructions += moving <= stationary ? movingInstr : stationaryInstr;
        double s = cycles / r.clockHz / r.lnc / efficiency;
        c.tensorBusySeconds += s;
        return s;
    }

    private double vectorSeconds(double elements) {
        return elements / r.vectorElementsPerSecond + 2 * r.instructionOverheadCycles / r.clockHz;
    }

    private void vector(OpCost c, double elements) {
        c.add(COMPUTE, vectorSeconds(elements));
    }

    // ---------------------------------------------------------------- operators

    /**
     * A weight-streaming GEMM: 128-row weight tiles (one row per partition, K contiguous) DMA'd in a pipelined loop
     * that overlaps each tile's load with the previous tile's matmul. A ragged tail tile is a differently-shaped
     * instruction: its load waits for the loop to drain, runs on fewer partitions (DMA engines), then its matmul.
     */
    private void gemm(OpCost c, Operator op, boolean padRows, double efficiency) {
        double n = op.outFeatures();
        double k = op.inFeatures();
        double m = op.rows();
        double bpe = op.weightBytes() / Math.max(1.0, n * k);
        double rows = padRows ? Math.ceil(n / p) * p : n;
        long fullTiles = (long) Math.floor(rows / p);
        double tail = rows - fullTiles * p;
        double rowBytes = k * bpe;
        double bpp = r.weightBytesPerPartition(rowBytes);
        long chunks = (long) Math.ceil(rowBytes / r.maxBytesPerPartition);
        double computeFull = tensorSeconds(c, m, k, fullTiles * p, efficiency);
        if (fullTiles > 0) {
            long count = Math.max(1, (long) Math.ceil(fullTiles * p * rowBytes / (p * bpp)));
            stream(c, count, fullTiles * p * rowBytes / count, bpp, computeFull);
            c.add(DMA_FIXED, r.dmaFixedCostS); // prologue: the first tile's load is not hidden
        }
        c.hbmBytes += rows * rowBytes;
        if (tail > 0) {
            c.raggedTailTiles++;
            dependent(c, chunks, tail * rowBytes / chunks, Math.min(rowBytes, r.maxBytesPerPartition), (int) tail);
            c.add(COMPUTE, tensorSeconds(c, m, k, tail, efficiency) + r.instructionOverheadCycles / r.clockHz);
            c.note = "ragged " + (int) tail + "-row tail tile breaks the DMA/compute pipeline";
        } else {
            c.note = padRows && rows > n ? "padded to " + (long) rows + " rows: whole " + (int) p + "-row tiles" : "";
        }
        spill(c, op);
    }

    /** Activations stay in SBUF while they fit; the excess spills to HBM and back. */
    private void spill(OpCost c, Operator op) {
        double excess = op.activationBytes() - r.sbufUsableBytes;
        if (excess > 0) {
            long count = (long) Math.ceil(excess / (p * r.spillBytesPerPartition));
            stream(c, 2 * count, excess / count, r.spillBytesPerPartition, 0);
            c.spillBytes += 2 * excess;
            c.hbmBytes += 2 * excess;
        }
    }

    private void elementwise(OpCost c, Operator op, boolean prefill) {
        // Sequence parallelism shards a prompt's norms and residuals across the ranks.
        double share = prefill && layout.sequenceParallel() ? 1.0 / tp : 1.0;
        vector(c, op.activationBytes() / ACT_BYTES / 2 * share);
        spill(c, op);
    }

    /**
     * NxD Inference's routed experts (expert_mlps_v2.py forward()): selective loading when tokens x top_k / experts is
     * below the threshold (token generation, and tiny speculation windows), all experts over all tokens otherwise in
     * token generation and when tokens x top_k is below one block in context encoding, else the blockwise kernel.
     * Each rank holds every expert's slab: gate_up [hidden, 2 x intermediate/tp] and down [intermediate/tp, hidden]
     * (Experts weight layout), so a gate_up descriptor carries 2 x intermediate/tp elements per partition.
     */
    private void experts(OpCost c, Operator op, boolean prefill) {
        double perRank = op.outFeatures() / 3.0;
        double hidden = op.inFeatures();
        double bpe = precision.bytesPerElement();
        int experts = op.experts();
        double tokens = (double) op.rows() / expertsPerToken;
        double loadFraction = tokens * expertsPerToken / experts;
        boolean selectiveAllowed = prefill || layout.selectiveExperts();
        MoePath path = selectiveAllowed && loadFraction < r.selectiveLoadingThreshold ? MoePath.SELECTIVE
                : !prefill || tokens * expertsPerToken < r.moeBlockTokens ? MoePath.ALL_EXPERTS : MoePath.BLOCKWISE;
        Slab slab = new Slab(hidden, perRank, bpe, p);
        double eff = gemmEfficiency(prefill);
        switch (path) {
            case SELECTIVE -> {
                // One gather of top_k slabs per token (the per-token loop of forward_selective_loading).
                double loaded = tokens * expertsPerToken;
                double compute = loaded * (tensorSeconds(c, 1, hidden, 2 * perRank, eff)
                        + tensorSeconds(c, 1, perRank, hidden, eff));
                vector(c, loaded * perRank * 3);
                streamSlabs(c, slab, loaded, compute);
                c.add(DMA_FIXED, r.expertGatherSetupS + 2 * loaded * r.dgeInstructionCostS / r.dgeBlocks);
                c.note = String.format("selective loading: %.0f expert slabs (%d tokens x top-%d), gate_up %s, down %s",
                        loaded, (long) tokens, expertsPerToken, slab.gateUpText(), slab.downText());
            }
            case ALL_EXPERTS -> {
                double compute = experts * (tensorSeconds(c, tokens, hidden, 2 * perRank, eff)
                        + tensorSeconds(c, tokens, perRank, hidden, eff));
                vector(c, experts * tokens * perRank * 3);
                streamSlabs(c, slab, experts, compute);
                c.note = String.format("all experts: %d slabs streamed, every expert over %d tokens;"
                        + " gate_up %s, down %s",
                        experts, (long) tokens, slab.gateUpText(), slab.downText());
            }
            case BLOCKWISE -> blockwise(c, slab, tokens, experts, eff);
        }
        c.moePath = path.name();
    }

    /** The worst-case static block count of forward_blockwise: ceil((T k - (E - 1)) / B) + E - 1, at most T k. */
    static long moeBlocks(double tokens, int topK, int experts, int blockTokens) {
        double assignments = tokens * topK;
        long blocks = (long) Math.ceil((assignments - (experts - 1)) / blockTokens) + experts - 1;
        return Math.max(1, Math.min(blocks, (long) assignments));
    }

    /**
     * The blockwise kernel: per block, the expert's slab is loaded (a prologue per weight matrix that waits on the
     * block's expert index), its tokens gathered and its outputs scatter-added by index with one DGE instruction per
     * token row, the two matmuls run on the block, and the block's bookkeeping is a fixed cost.
     */
    private void blockwise(OpCost c, Slab slab, double tokens, int experts, double eff) {
        int block = r.moeBlockTokens;
        long blocks = moeBlocks(tokens, expertsPerToken, experts, block);
        double compute = tensorSeconds(c, block, slab.hidden, 2 * slab.perRank, eff)
                + tensorSeconds(c, block, slab.perRank, slab.hidden, eff) + vectorSeconds(block * slab.perRank * 3);
        double rowBytes = slab.hidden * ACT_BYTES;
        Dma weights = slabDma(slab, 1);
        Dma tokenIo = streamTime(3L * (long) Math.ceil(block / p), block * rowBytes, rowBytes);
        double dataS = Math.max(compute, weights.totalS + tokenIo.totalS);
        double indexedRows = 2.0 * block * r.dgeInstructionCostS / r.dgeBlocks;
        double prologue = 2 * r.dmaFixedCostS;
        double perBlock = dataS + indexedRows + prologue + r.moeBlockFixedCostS;
        c.add(COMPUTE, blocks * compute);
        c.add(MEMORY, blocks * Math.max(0, dataS - compute));
        c.add(DMA_FIXED, blocks * (indexedRows + prologue));
        c.add(OVERHEAD, blocks * r.moeBlockFixedCostS);
        c.transfers(blocks * slab.gateUpCount(p), slab.gateUpBytes() / slab.gateUpCount(p),
                slab.gateUpBytesPerPartition());
        c.transfers(blocks * slab.downCount(p), slab.downBytes() / slab.downCount(p), slab.downBytesPerPartition());
        c.transfers(blocks * 2L * block, rowBytes, rowBytes);
        c.hbmBytes += blocks * (slab.gateUpBytes() + slab.downBytes() + 3 * block * rowBytes);
        c.moeBlocks = blocks;
        c.note = String.format("blockwise: %d blocks of %d tokens (%.0f us each), %d indexed token rows per block,"
                        + " gate_up %s, down %s", blocks, block, perBlock * 1e6, 2 * block, slab.gateUpText(),
                slab.downText());
    }

    private void streamSlabs(OpCost c, Slab slab, double count, double computeS) {
        Dma dma = slabDma(slab, count);
        c.transfers(Math.round(count * slab.gateUpCount(p)), slab.gateUpBytes() / slab.gateUpCount(p),
                slab.gateUpBytesPerPartition());
        c.transfers(Math.round(count * slab.downCount(p)), slab.downBytes() / slab.downCount(p),
                slab.downBytesPerPartition());
        overlap(c, dma, computeS);
        c.hbmBytes += count * (slab.gateUpBytes() + slab.downBytes());
    }

    /**
     * DMA time of {@code count} expert slabs: gate_up with hidden on the partitions (2 x intermediate/tp contiguous
     * elements per partition), down with intermediate/tp rows on the partitions (hidden contiguous), so a slab with
     * fewer intermediate rows than partitions reaches only the DMA engines of the partitions it covers. The two are
     * independent transfers: they share the engines (work-conserving), the down slabs bounded by their own engines.
     */
    private Dma slabDma(Slab slab, double count) {
        long guCount = Math.max(1, Math.round(count * slab.gateUpCount(p)));
        long dnCount = Math.max(1, Math.round(count * slab.downCount(p)));
        double guBytes = count * slab.gateUpBytes();
        double dnBytes = count * slab.downBytes();
        double guEngineS = guBytes / (r.dmaEngineBytesPerSecond * r.dmaEfficiency(slab.gateUpBytesPerPartition()));
        double dnEngineS = dnBytes / (r.dmaEngineBytesPerSecond * r.dmaEfficiency(slab.downBytesPerPartition()));
        int dnEngines = Math.min(r.dmaEngines,
                Math.max(1, (int) Math.ceil(Math.min(p, slab.perRank) / r.dmaPartitionsPerEngine)) * r.lnc);
        double hbm = (guBytes + dnBytes) / r.hbmBytesPerSecond;
        double engines = Math.max((guEngineS + dnEngineS) / r.dmaEngines, dnEngineS / dnEngines);
        double fixed = (guCount + dnCount) * r.dmaFixedCostS / r.queuesInFlight;
        return new Dma(hbm, Math.max(Math.max(hbm, engines), fixed));
    }

    /** MoE execution paths of NxD Inference's ExpertMLPsV2. */
    enum MoePath { SELECTIVE, ALL_EXPERTS, BLOCKWISE }

    /** One expert's weights on one rank. */
    private record Slab(double hidden, double perRank, double bytesPerElement, double partitions) {
        double gateUpBytes() {
            return hidden * 2 * perRank * bytesPerElement;
        }

        double downBytes() {
            return perRank * hidden * bytesPerElement;
        }

        double gateUpBytesPerPartition() {
            return 2 * perRank * bytesPerElement;
        }

        double downBytesPerPartition() {
            return hidden * bytesPerElement;
        }

        long gateUpCount(double partitions) {
            return (long) Math.ceil(hidden / partitions);
        }

        long downCount(double partitions) {
            return (long) Math.ceil(perRank / partitions);
        }

        String gateUpText() {
            return String.format("%d descriptors x %.0f B/partition", gateUpCount(partitions),
                    gateUpBytesPerPartition());
        }

        String downText() {
            return String.format("%d x %.0f B/partition on %d partitions", downCount(partitions),
                    downBytesPerPartition(), (long) Math.min(partitions, perRank));
        }
    }

    private void decodeAttention(OpCost c, Operator op) {
        int b = Math.max(1, op.sequences());
        double t = (double) op.rows() / b;
        double d = op.headDim();
        double hq = op.heads();
        double ctx = (double) op.contextTokens() / b;
        double kvBytes = op.cacheReadBytes();
        double hkv = Math.max(1.0, Math.round(kvBytes / Math.max(1.0, op.contextTokens() * 2 * d * ACT_BYTES)));
        double qPerKv = hq / hkv;
        int block = layout.kvBlockTokens();
        double blocks = Math.ceil(ctx / block);
        // A K or V block slab of one head larger than the kernel's SBUF staging tile is split into staging-sized
        // pieces (and cannot be double-buffered).
        double slabPerHead = block * d * ACT_BYTES;
        double pieces = Math.ceil(slabPerHead / r.attentionKvStagingBytes);
        long count = (long) (b * blocks * 2 * pieces);
        double bytesEach = kvBytes / Math.max(1, count);
        double rowBpp = hkv * d * ACT_BYTES;
        double eff = r.decodeAttentionEfficiency;
        double compute = b * hkv
                * (tensorSeconds(c, qPerKv * t, d, ctx, eff) + tensorSeconds(c, qPerKv * t, ctx, d, eff))
                + vectorSeconds(b * hq * t * ctx * 4);
        boolean fast = d <= layout.maxFastHeadDim();
        if (fast) {
            boolean streamed = pieces == 1;
            if (streamed) {
                stream(c, count, bytesEach, rowBpp, compute);
                c.note = "block-KV kernel, KV blocks streamed through SBUF staging";
            } else {
                stream(c, count, bytesEach, rowBpp, 0);
                c.add(COMPUTE, compute);
                c.note = "block-KV kernel, a " + block + "-token block slab exceeds the SBUF staging tile:"
                        + " single-buffered";
            }
            c.hbmBytes += kvBytes;
        } else {
            // gather -> flat -> attention: per-head block gathers (one head's token row per partition), a flat copy
            // written and read back, scores materialised in HBM, none of it overlapped with the attention math.
            stream(c, (long) (count * hkv), bytesEach / hkv, d * ACT_BYTES, 0);
            double flat = kvBytes * (r.slowAttentionKvPasses - 1);
            long flatCount = Math.max(1, (long) Math.ceil(flat / (p * r.maxBytesPerPartition)));
            stream(c, flatCount, flat / flatCount, Math.min(r.maxBytesPerPartition, flat / flatCount / p), 0);
            double scores = 2 * b * hq * t * ctx * 4.0;
            long scoreCount = (long) (2 * b * hq);
            stream(c, scoreCount, scores / scoreCount, Math.min(ctx * t * 4.0, r.maxBytesPerPartition), 0);
            c.add(COMPUTE, compute);
            c.hbmBytes += kvBytes * r.slowAttentionKvPasses + scores;
            c.note = "slow attention path: head_dim " + (int) d + " above MAX_HEAD_DIM " + layout.maxFastHeadDim();
        }
        // The new tokens' K and V scattered into their blocks.
        dependent(c, (long) (b * 2), op.cacheWriteBytes() / (b * 2.0), rowBpp * t, (int) Math.max(1, t));
        c.hbmBytes += op.cacheWriteBytes();
    }

    private void prefillAttention(OpCost c, Operator op) {
        double d = op.headDim();
        boolean flash = layout.nkiKernels() && d <= layout.maxFastHeadDim();
        double eff = flash ? r.flashAttentionEfficiency : r.compilerGemmEfficiency;
        double matmul = op.flops() / (r.tensorPeakFlops * eff);
        double compute = matmul + vectorSeconds(op.heads() * (double) op.contextTokens() * 4);
        c.tensorBusySeconds += matmul;
        c.tensorTiles += op.flops() / (2.0 * p * p * p);
        double io = op.cacheReadBytes() + op.cacheWriteBytes();
        double ioBpp = r.prefillAttentionBytesPerPartition;
        long count = Math.max(1, (long) Math.ceil(io / (p * ioBpp)));
        if (flash) {
            stream(c, count, io / count, ioBpp, compute);
            c.note = "flash attention kernel";
        } else {
            double scores = 2 * op.heads() * (double) op.contextTokens() * 4.0;
            double scoreBpp = r.prefillScoresBytesPerPartition;
            long scoreCount = Math.max(1, (long) Math.ceil(scores / (p * scoreBpp)));
            stream(c, count, io / count, ioBpp, 0);
            stream(c, scoreCount, scores / scoreCount, scoreBpp, 0);
            c.add(COMPUTE, compute);
            c.hbmBytes += scores;
            c.note = layout.nkiKernels() ? "slow attention path: head_dim " + (int) d + " above MAX_HEAD_DIM "
                    + layout.maxFastHeadDim() + ", scores materialised in HBM"
                    : "compiler attention (no NKI kernel): scores materialised in HBM";
        }
        c.hbmBytes += io;
    }

    private void gdnConv(OpCost c, Operator op, boolean prefill) {
        int b = Math.max(1, op.sequences());
        vector(c, op.rows() * (double) op.outFeatures() * op.inFeatures() * 2);
        double convBytesPerSeq = op.cacheReadBytes() / b;
        if (layout.packGdnState()) {
            c.note = "conv state packed into the recurrent-state page";
            return; // its bytes ride in the recurrent-state transfers
        }
        // Unpacked: the conv state moves in a page as large as the recurrent state's (per head when unfused).
        double heads = gdn == null ? 0 : gdnHeadsPerRank;
        double pageBytesPerHead = gdnStateBytesPerHead;
        if (layout.fusedGdn() || prefill) {
            double page = heads * pageBytesPerHead;
            stream(c, 2L * b, page, page / p, 0);
        } else {
            stream(c, (long) (2 * b * heads), pageBytesPerHead, pageBytesPerHead / p, 0);
        }
        c.hbmBytes += 2 * b * heads * pageBytesPerHead;
        c.note = String.format("conv state (%.0f KiB/seq) moved in recurrent-sized pages (%.0f KiB/seq)",
                convBytesPerSeq / 1024, heads * pageBytesPerHead / 1024);
    }

    private void gdnRecurrence(OpCost c, Operator op, boolean prefill) {
        int b = Math.max(1, op.sequences());
        double heads = op.heads();
        double perHead = gdnStateBytesPerHead;
        double t = (double) op.rows() / b;
        double convPerSeq = layout.packGdnState() ? gdnConvBytesPerSequence : 0;
        double compute;
        if (prefill) {
            compute = op.flops() * r.gdnPrefillFlopsFactor / (r.tensorPeakFlops * r.gdnPrefillEfficiency);
            c.tensorBusySeconds += compute;
        } else {
            double instrCycles = r.gdnRecurrenceInstructions * (r.instructionOverheadCycles + p);
            compute = b * heads * t * (instrCycles / r.clockHz / r.lnc + 3 * p * p / r.vectorElementsPerSecond);
            c.tensorInstructions += b * heads * t * r.gdnRecurrenceInstructions;
            c.tensorBusySeconds += b * heads * t * instrCycles / r.clockHz / r.lnc;
        }
        double statePerSeq = heads * perHead + convPerSeq;
        if (layout.fusedGdn() || prefill) {
            // Per-head states laid contiguously: one large read and one write per sequence, pipelined over sequences.
            stream(c, 2L * b, statePerSeq, statePerSeq / p, compute);
            c.note = String.format("fused: %d large state DMAs of %.0f KiB", 2 * b, statePerSeq / 1024);
        } else {
            // Unfused: every (sequence, head) state page is its own 64 KiB transfer (512 B per partition).
            double pageBytes = perHead + convPerSeq / heads;
            stream(c, (long) (2 * b * heads), pageBytes, pageBytes / p, 0);
            // The chain's intermediates (conv out, normalised q/k, gates, recurrence out) go to HBM and back: each
            // spill and refill is a compiler-emitted DMA that waits on the stage before it.
            double intermediate = b * t * heads * (2.0 * op.headDim() + 2) * ACT_BYTES;
            double rowBytes = heads * (2.0 * op.headDim() + 2) * ACT_BYTES;
            dependent(c, 2L * r.gdnSpillStages, intermediate, rowBytes, (int) Math.min(p, b * t));
            c.add(COMPUTE, compute);
            c.hbmBytes += 2 * r.gdnSpillStages * intermediate;
            c.note = String.format("unfused: %d per-head state DMAs of %.0f KiB + %d dependent spills",
                    (long) (2 * b * heads), pageBytes / 1024, 2 * r.gdnSpillStages);
        }
        c.hbmBytes += 2 * b * statePerSeq;
    }

    /**
     * A collective priced by topology level: among the logical cores of one chip (through HBM), then per torus
     * dimension the ring steps across NeuronLink, plus the fixed setup of any collective that leaves the chip. With
     * sequence parallelism a prompt's all-reduce is a reduce-scatter plus an all-gather: the same ring traffic, but
     * each rank's norm and residual work on 1/tp of the tokens.
     */
    private void collective(OpCost c, Operator op, boolean prefill) {
        double bytes = op.collectiveBytes();
        if (op.name().startsWith("logits") && layout.onDeviceSampling()) {
            bytes = op.rows() * 8.0; // each rank's top-1 value and index
        }
        Collective t = collectiveTime(bytes);
        c.add(COMMUNICATION, t.totalS());
        c.collectiveIntraChipS = t.intraChipS;
        c.collectiveInterChipS = t.interChipS;
        c.note = (chips == 1 ? "within one chip" : String.format("%d chips as a %s torus, %s: %.1f us within the chip,"
                + " %.1f us across chips", chips, torusShape(), algorithm(bytes).name().toLowerCase(Locale.ROOT),
                t.intraChipS * 1e6, t.interChipS * 1e6))
                + (prefill && layout.sequenceParallel() ? "; sequence parallel: reduce-scatter + all-gather" : "");
    }

    record Collective(double intraChipS, double interChipS) {
        double totalS() {
            return intraChipS + interChipS;
        }
    }

    private int ranksPerChip() {
        return Math.max(1, tp / chips);
    }

    /** Chips along each torus dimension: a row first, then the columns. */
    private int[] torus() {
        int rowChips = Math.min(chips, r.torusColumns);
        int columnChips = Math.max(1, (int) Math.ceil((double) chips / rowChips));
        return new int[] {rowChips, Math.min(columnChips, r.torusRows)};
    }

    private String torusShape() {
        int[] dims = torus();
        return dims[1] + "x" + dims[0];
    }

    /** The intra-node algorithm the Neuron runtime picks for a buffer of this size (intranode-collective-comm.rst). */
    enum Algorithm { MESH, RDH, RING }

    Algorithm algorithm(double bytes) {
        return bytes < r.meshMaxBytes ? Algorithm.MESH : bytes < r.rdhMaxBytes ? Algorithm.RDH : Algorithm.RING;
    }

    Collective collectiveTime(double bytes) {
        int local = ranksPerChip();
        double intra = local > 1 ? r.collectiveBaseLatencyS
                + 2.0 * (local - 1) / local * bytes / r.intraChipCollectiveBytesPerSecond : 0;
        if (chips <= 1) {
            return new Collective(intra, 0);
        }
        // The bandwidth term: reduce-scatter then all-gather along each dimension, each dimension moving the data left
        // after the previous one's reduce-scatter; a chip's NeuronLink bandwidth is split between its ranks. The latency
        // term by algorithm: Mesh writes straight to every remote chip (routed), one step for the reduce-scatter and
        // one for the all-gather whatever the chip count; RDH exchanges once per hypercube axis each way; the ring
        // (KangaRing) walks every dimension twice.
        double perRankLink = r.neuronLinkBytesPerSecond / local;
        double remaining = bytes / local;
        double transfer = 0;
        int ringSteps = 0;
        for (int k : torus()) {
            if (k <= 1) {
                continue;
            }
            ringSteps += 2 * (k - 1);
            transfer += 2.0 * (k - 1) / k * remaining / perRankLink;
            remaining /= k;
        }
        int steps = switch (algorithm(bytes)) {
            case MESH -> 2;
            case RDH -> 2 * (int) Math.ceil(Math.log(chips) / Math.log(2));
            case RING -> ringSteps;
        };
        return new Collective(intra, r.interChipCollectiveSetupS + steps * r.neuronLinkHopLatencyS + transfer);
    }

    private void sampling(OpCost c, Operator op) {
        double rows = op.rows();
        double vocab = model.vocabSize();
        if (layout.onDeviceSampling()) {
            vector(c, rows * vocab / tp * 2);
            c.note = "greedy on device: token ids to the host";
            c.add(HOST, r.onDeviceSamplingHostS);
        } else {
            double logits = rows * vocab * r.logitBytes;
            c.add(HOST, r.hostRoundTripS + logits / r.hostLinkBytesPerSecond + rows * vocab * r.hostSamplingSPerLogit);
            c.note = String.format("%.1f MB of logits to the host, sampled there", logits / 1e6);
        }
    }

    // ---------------------------------------------------------------- step-level costs

    private OpCost stepOverhead() {
        OpCost c = new OpCost("runtime.step", "RUNTIME", 1);
        c.add(OVERHEAD, r.stepOverheadS);
        c.note = "Neuron runtime execution of the compiled graph + vLLM step";
        return c;
    }

    private OpCost hostPerSequence(int sequences) {
        OpCost c = new OpCost("host.per_sequence", "HOST", 1);
        c.add(HOST, sequences * r.hostPerSequenceS);
        c.note = "vLLM host work per running sequence (inputs into the compiled shapes, outputs, stop checks)";
        return c;
    }

    /** k autoregressive draft passes of the EAGLE-3 head over the batch, inside the fused speculation graph. */
    private OpCost draftCost(int batch, int draftTokens) {
        OpCost c = new OpCost("eagle3.draft", "DRAFT", draftTokens);
        double h = draft.hiddenSize();
        double params = draft.layers() * (4.0 * h * h + 3.0 * h * draft.intermediateSize()) + 3.0 * h * h
                + (double) draft.vocabSize() * h;
        double bytes = params * ACT_BYTES / tp;
        long tiles = (long) Math.ceil(bytes / (p * r.saturatingBytesPerPartition));
        double compute = tensorSeconds(c, batch, h, params / h / tp, r.decodeGemmEfficiency);
        stream(c, tiles, bytes / tiles, r.saturatingBytesPerPartition, compute);
        c.add(OVERHEAD, r.draftStepOverheadS);
        c.add(COMMUNICATION, draft.layers() * 2 * collectiveTime(batch * h * ACT_BYTES).totalS());
        c.hbmBytes = bytes;
        c.flops = 2 * batch * params / tp;
        c.note = "EAGLE-3 draft head pass (" + draft.model() + ")";
        return c;
    }

    /**
     * Ragged acceptance under compiled shapes: the verify graph has one speculation window for the whole batch, so the
     * batch advances by its shortest accepted prefix; what the sequences accepted beyond it is re-drafted. The
     * simulator credits each sequence its own expected tokens, so the step carries the extra verify passes that
     * crediting costs: (E[tokens] / E[batch-minimum tokens] - 1) x the step.
     */
    private OpCost raggedAcceptance(List<OpCost> step, int sequences) {
        OpCost c = new OpCost("eagle3.ragged_acceptance_padding", "DRAFT", 1);
        SpeculativeDecoding spec = draft.speculative();
        double independent = spec.expectedTokensPerStep();
        double lockstep = lockstepTokensPerStep(spec, Math.max(1, sequences));
        double stepS = step.stream().mapToDouble(o -> o.totalSeconds() * o.repeat).sum();
        c.add(OVERHEAD, stepS * (independent / lockstep - 1));
        c.note = String.format("batch of %d advances %.2f tokens/seq/step in lockstep vs %.2f independent",
                sequences, lockstep, independent);
        return c;
    }

    static double lockstepTokensPerStep(SpeculativeDecoding spec, int sequences) {
        double expected = 1;
        double prefix = 1;
        for (double a : spec.acceptanceByPosition()) {
            prefix *= a;
            expected += Math.pow(prefix, sequences);
        }
        return expected;
    }
}
