package io.costbench.gpu;

import java.util.Locale;

import io.costbench.engine.graph.Operator;
import io.costbench.engine.model.Precision;

/**
 * The grouped expert GEMMs of a MoE layer as the deployment's expert kernel path runs them: which experts a step's
 * tokens route to, the weights they stream (padded where the kernel pads its slices), the tiles their rows take, the
 * busiest rank under expert parallelism, and the path's rates and per-call latency. {@link GpuStepPricer} turns this
 * into time; this class holds what changes with the kernels and the routing.
 */
final class ExpertKernelPath {

    /**
     * Expected largest of n standard normal draws, n = 1..8 (order-statistic tables, e.g. Harter 1961): how far the
     * busiest of n ranks sits above the mean.
     */
    private static final double[] EXPECTED_MAX_OF_NORMALS = {0, 0, 0.5642, 0.8463, 1.0294, 1.1630, 1.2672, 1.3522,
            1.4236};

    private final GpuHardware hw;
    private final Precision precision;
    /** Ranks the experts are spread over whole (1: every expert split over TP). */
    private final int expertRanks;
    /** The expert kernel path of the deployment's weight format: its streaming and compute rates. */
    private final double bandwidthEfficiency;
    private final double computeEfficiency;
    private final double mxfp4IntermediateAlign;
    /** The hidden size as the gate/up GEMM's K and as the down GEMM's N, each padded to its kernel's alignment. */
    private final double mxfp4GateUpHiddenAlign;
    private final double mxfp4DownHiddenAlign;
    /** Fixed latency of one grouped-GEMM call of the path (0 where none is known). */
    private final double gemmLatencyUs;
    private final double tileM;
    private final double smallBatchTileM;
    /**
     * An MXFP4 kernel's row tile, sized from the rows each expert gets (0 where the profile names no such rule): the
     * smallest power of two holding {@code mxfp4TileFill} x those rows, within the kernel's least and largest tile.
     */
    private final double mxfp4TileMinRows;
    private final double mxfp4TileMaxRows;
    private final double mxfp4TileFill;
    /**
     * Where the MXFP4 kernel is compiled by Triton: the least tile rows its dots run as Hopper's warpgroup MMA
     * (wgmma) at, and the fraction of that rate a smaller tile gets from the mma.sync (MMAv2) it falls back to
     * (0 and 1 where the profile names no such kernel).
     */
    private final double mxfp4WarpgroupMinRows;
    private final double mxfp4SmallTileComputeFactor;
    /** Kernels the path adds to a layer with its experts whole on more than one rank (0 where it adds none). */
    private final double expertParallelRoutingKernels;
    private final double tileN;
    private final double routingSkew;
    /**
     * Expert weights read per layer beyond the routed ones: the FP8 path's {@code moeFp8ExtraExpertReads} where its
     * experts are sliced over the tensor-parallel ranks, none with experts whole on a rank (expert parallelism, or
     * one GPU; see the catalog).
     */
    private final double extraExpertReads;

    ExpertKernelPath(GpuHardware hw, GpuProfile profile, int tp, Precision precision, int expertRanks) {
        this.hw = hw;
        this.precision = precision;
        this.expertRanks = expertRanks;
        bandwidthEfficiency = bandwidthEfficiency(profile, hw, precision);
        computeEfficiency = profile.value(switch (precision) {
            case FP8 -> "moeFp8ComputeEfficiency";
            case MXFP4 -> "moeMxfp4ComputeEfficiency";
            case BF16 -> "moeBf16ComputeEfficiency";
        });
        // The MXFP4 kernel's padded expert shapes, where the profile names the kernel that pads them.
        mxfp4IntermediateAlign = profile.valueOr("moeMxfp4IntermediateAlignment", 1);
        mxfp4GateUpHiddenAlign = profile.valueOr("moeMxfp4GateUpHiddenAlignment", 1);
        mxfp4DownHiddenAlign = profile.valueOr("moeMxfp4DownHiddenAlignment", 1);
        // The expert kernel's fixed latency per grouped-GEMM call, where the profile has measured that kernel.
        gemmLatencyUs = switch (precision) {
            case MXFP4 -> profile.valueOr("moeMxfp4GemmLatencyUs", 0);
            case FP8 -> profile.valueOr("moeFp8GemmLatencyUs", 0);
            case BF16 -> 0;
        };
        tileM = profile.value("moeTileM");
        smallBatchTileM = profile.value("moeSmallBatchTileM");
        boolean mxfp4Tiles = precision == Precision.MXFP4 && profile.hasParameter("moeMxfp4TileMinRows");
        mxfp4TileMinRows = mxfp4Tiles ? profile.value("moeMxfp4TileMinRows") : 0;
        mxfp4TileMaxRows = mxfp4Tiles ? profile.value("moeMxfp4TileMaxRows") : 0;
        mxfp4TileFill = mxfp4Tiles ? profile.value("moeMxfp4TileFill") : 0;
        boolean mmaFallback = mxfp4Tiles && profile.hasParameter("moeMxfp4WarpgroupMmaMinRows");
        mxfp4WarpgroupMinRows = mmaFallback ? profile.value("moeMxfp4WarpgroupMmaMinRows") : 0;
        mxfp4SmallTileComputeFactor = mmaFallback ? profile.value("moeMxfp4SmallTileComputeFactor") : 1;
        // TensorRT-LLM's Triton path prunes the routing to the rank's own experts under expert parallelism.
        expertParallelRoutingKernels = precision == Precision.MXFP4 && expertRanks > 1
                ? profile.valueOr("moeMxfp4ExpertParallelRoutingKernels", 0)
                : 0;
        tileN = profile.value("moeTileN");
        routingSkew = profile.value("moeRoutingSkew");
        boolean fp8SlicedOverRanks = precision == Precision.FP8 && expertRanks == 1 && tp > 1;
        extraExpertReads = fp8SlicedOverRanks ? profile.value("moeFp8ExtraExpertReads") : 0;
    }

    /**
     * The rate the expert kernel path of the weight format streams at: BF16, block-FP8 (W8A8), or MXFP4 dequantized
     * to BF16 (W4A16), whose stream the SMs that dequantize it cap where the profile names that rate (the same on
     * every die with the same SMs, whatever its HBM).
     */
    private static double bandwidthEfficiency(GpuProfile profile, GpuHardware hw, Precision precision) {
        return switch (precision) {
            case FP8 -> profile.value("moeFp8BandwidthEfficiency");
            case BF16 -> profile.value("moeBf16BandwidthEfficiency");
            case MXFP4 -> profile.hasParameter("moeMxfp4SmStreamGBps")
                    ? Math.min(profile.value("moeMxfp4BandwidthEfficiency"), profile.value("moeMxfp4SmStreamGBps")
                            * 1e9 * hw.streamingMultiprocessors() / hw.hbmBytesPerSecond())
                    : profile.value("moeMxfp4BandwidthEfficiency");
        };
    }

    double bandwidthEfficiency() {
        return bandwidthEfficiency;
    }

    double expertParallelRoutingKernels() {
        return expertParallelRoutingKernels;
    }

    double gemmLatencyUs() {
        return gemmLatencyUs;
    }

    /**
     * What one MoE layer's grouped GEMMs move and how well their tiles fill the SMs.
     *
     * @param weightBytes     expert weights streamed (the experts the batch routes to)
     * @param auxBytes        bytes of the routing, alignment and combine kernels
     * @param tileUtilisation fraction of the padded tiles and SM waves doing useful rows
     * @param rowsScale       the busiest rank's routed rows over the mean rank's (1 without expert parallelism)
     * @param computeEfficiency the path's fraction of the dense peak at this call's row tile
     */
    record MoeWork(double weightBytes, double auxBytes, double hbmBytes, double tileUtilisation, double rowsScale,
            double computeEfficiency) {
    }

    /**
     * vLLM's fused_moe: moe_align_block_size pads every expert's rows to BLOCK_SIZE_M (16 for decode-sized batches,
     * 64 otherwise in the default configs), the grid runs ceil(rows / BLOCK_SIZE_M) x ceil(N / BLOCK_SIZE_N) tiles per
     * expert, with each expert's rows spread around the mean as routing spreads them; the gate/up GEMM (N = 2 x I) and
     * the down GEMM (N = hidden) each in waves over the SMs. TensorRT-LLM's CUTLASS grouped GEMM pads and tiles the
     * same way with its own tile.
     */
    MoeWork work(Operator op, int tokens) {
        double meanTouched = touched(op, tokens);
        double touched = meanTouched;
        double routedRows = op.rows();
        if (expertRanks > 1) {
            // The ranks meet at the all-reduce: the step waits for the one holding the most routed experts and rows.
            touched = busiestRankExperts(op, touched);
            routedRows = busiestRankRows(op.rows());
        }
        double bytesPerExpert = op.expertsTouched() > 0 ? op.weightBytes() / op.expertsTouched() : 0;
        double intermediate = op.outFeatures() / 3.0;
        double hidden = op.inFeatures();
        double padding = padding(op);
        double weightBytes = (touched + extraExpertReads) * bytesPerExpert * padding;
        double rowsPerExpert = routedRows / Math.max(1e-9, touched);
        double rowTile = rowTile(op, tokens);
        double mTiles = tilesPerTouchedExpert(op, tokens, rowTile, rowsPerExpert, meanTouched);
        double mUtil = Math.min(1.0, rowsPerExpert / (mTiles * rowTile));
        int sms = hw.streamingMultiprocessors();
        double upTiles = touched * mTiles * Math.ceil(2 * intermediate / tileN);
        double downTiles = touched * mTiles * Math.ceil(hidden / tileN);
        // The gate/up GEMM does two thirds of the FLOPs, the down GEMM one third.
        double waveUtil = (2.0 / 3) * waves(upTiles, sms) + (1.0 / 3) * waves(downTiles, sms);
        // Router logits (fp32) in, top-k ids and weights out, sorted ids, and the combine's read of every routed row.
        double auxBytes = tokens * (double) op.experts() * expertRanks * 4 + routedRows * 12
                + (routedRows + tokens) * hidden * 2;
        return new MoeWork(weightBytes, auxBytes, weightBytes + op.activationBytes() + auxBytes,
                Math.min(1.0, mUtil * waveUtil) / padding, op.rows() > 0 ? routedRows / op.rows() : 1.0,
                computeEfficiency(rowTile));
    }

    /** The path's compute efficiency at a row tile: a tile under the warpgroup MMA's rows runs on mma.sync. */
    private double computeEfficiency(double rowTile) {
        return onMmaSync(rowTile) ? computeEfficiency * mxfp4SmallTileComputeFactor : computeEfficiency;
    }

    private boolean onMmaSync(double rowTile) {
        return rowTile < mxfp4WarpgroupMinRows;
    }

    /**
     * The rows of one tile: fused_moe's rule (the small tile while the step's tokens do not outnumber the experts), or
     * an MXFP4 kernel's own, which follows the mean routed rows of a resident expert, so a step one token past the
     * expert count does not jump to the prompt-sized tile.
     */
    private double rowTile(Operator op, int tokens) {
        if (mxfp4TileMinRows <= 0 || op.experts() <= 0) {
            return tokens <= op.experts() ? smallBatchTileM : tileM;
        }
        double wanted = Math.max(1.0, mxfp4TileFill * op.rows() / op.experts());
        double powerOfTwo = Math.pow(2, Math.ceil(Math.log(wanted) / Math.log(2) - 1e-9));
        return Math.min(mxfp4TileMaxRows, Math.max(mxfp4TileMinRows, powerOfTwo));
    }

    /** The layer in words, for explanations (pricing stays allocation-light). */
    String note(Operator op, int tokens, boolean computeBound) {
        double touched = touched(op, tokens);
        double tile = rowTile(op, tokens);
        return String.format(Locale.ROOT, "grouped GEMM over %.1f of %d experts (routing skew %.2f), %.1f rows per "
                + "expert in %.0f-row tiles%s", touched, op.experts(), routingSkew, op.rows() / Math.max(1e-9, touched),
                tile,
                extraExpertReads > 0
                        ? String.format(Locale.ROOT, ", plus %.0f experts' weights read by the FP8 path",
                                extraExpertReads)
                        : "")
                + paddingNote(op)
                + (gemmLatencyUs > 0 && !computeBound ? String.format(Locale.ROOT,
                        ", %.1f us a GEMM call beyond its bytes", gemmLatencyUs) : "")
                + (expertRanks > 1 ? String.format(Locale.ROOT,
                        ", experts whole on %d ranks (the busiest: %.1f touched, %.0f rows)", expertRanks,
                        busiestRankExperts(op, touched), busiestRankRows(op.rows())) : "")
                + (computeBound ? String.format(Locale.ROOT, ", compute-bound at %.1f%% of the %s dense peak%s",
                        100 * computeEfficiency(tile), precision == Precision.FP8 ? "FP8" : "BF16",
                        onMmaSync(tile) ? " (mma.sync tiles)" : "") : "");
    }

    /**
     * The M-tiles a touched expert's rows take on average: each expert's routed rows spread around the mean (see
     * {@link ExpertRowTiles}), with the profile's routing skew; {@code meanTouched} is {@link #touched}'s count.
     */
    private double tilesPerTouchedExpert(Operator op, int tokens, double rowTile, double rowsPerExpert,
            double meanTouched) {
        int experts = op.experts();
        if (experts == 0 || tokens <= 0 || op.rows() <= 0 || meanTouched <= 0) {
            return Math.ceil(rowsPerExpert / rowTile);
        }
        double topK = op.rows() / (double) tokens;
        if (routingSkew == 0) {
            return experts * ExpertRowTiles.expected(tokens, Math.min(1.0, topK / experts), rowTile) / meanTouched;
        }
        double norm = zipfNorm(experts);
        double tiles = 0;
        for (int i = 1; i <= experts; i++) {
            tiles += ExpertRowTiles.expected(tokens, Math.min(1.0, topK * Math.pow(i, -routingSkew) / norm), rowTile);
        }
        return tiles / meanTouched;
    }

    private String paddingNote(Operator op) {
        double padding = padding(op);
        return padding > 1 ? String.format(Locale.ROOT, ", slices padded to the kernel's tiles (%.3f x the bytes)",
                padding) : "";
    }

    /**
     * The padded expert slice over the unpadded one: an MXFP4 kernel that pads each rank's slice to its tiles streams
     * and multiplies the padding too, the gate/up GEMM holding two thirds of the weights (2 x I by H), the down GEMM
     * one third (I by H); 1 for the other paths.
     */
    private double padding(Operator op) {
        if (precision != Precision.MXFP4) {
            return 1.0;
        }
        double intermediate = op.outFeatures() / 3.0;
        double hidden = op.inFeatures();
        return roundUp(intermediate, mxfp4IntermediateAlign) * (2 * roundUp(hidden, mxfp4GateUpHiddenAlign)
                + roundUp(hidden, mxfp4DownHiddenAlign)) / (3 * intermediate * hidden);
    }

    private static double roundUp(double value, double multiple) {
        return Math.ceil(value / multiple) * multiple;
    }

    /**
     * Distinct experts on the busiest rank: each rank's count is a sum of independent hits (expert j is touched with
     * probability p), mean the graph's, variance experts x p (1 - p) under uniform routing.
     */
    private double busiestRankExperts(Operator op, double touchedMean) {
        double resident = op.experts();
        if (resident <= 0 || touchedMean <= 0) {
            return touchedMean;
        }
        double p = Math.min(1.0, touchedMean / resident);
        double sigma = Math.sqrt(resident * p * (1 - p));
        return Math.min(resident, touchedMean + expectedMax(expertRanks) * sigma);
    }

    /** Routed rows on the busiest rank: each of the rows x ranks routes lands on a rank with probability 1 / ranks. */
    private double busiestRankRows(double rowsMean) {
        double routes = rowsMean * expertRanks;
        double sigma = Math.sqrt(routes * (1.0 / expertRanks) * (1 - 1.0 / expertRanks));
        return Math.min(routes, rowsMean + expectedMax(expertRanks) * sigma);
    }

    private static double expectedMax(int n) {
        return EXPECTED_MAX_OF_NORMALS[Math.min(n, EXPECTED_MAX_OF_NORMALS.length - 1)];
    }

    private static double waves(double tiles, int sms) {
        return tiles >= sms ? tiles / (Math.ceil(tiles / sms) * sms) : 1.0;
    }

    /**
     * Distinct experts a step's tokens route to. Expert popularity falls as rank^-skew (0 = uniform, the upper
     * bound on experts touched); each token draws top-k experts, so expert i is missed with (1 - k p_i)^tokens.
     */
    private double touched(Operator op, double tokens) {
        int experts = op.experts();
        if (experts == 0 || op.expertsTouched() >= experts) {
            return op.expertsTouched(); // a graph that reads every expert every step
        }
        double topK = op.rows() / Math.max(1.0, tokens);
        if (routingSkew == 0) {
            return experts * (1.0 - Math.pow(1.0 - topK / experts, tokens));
        }
        double norm = zipfNorm(experts);
        double touched = 0;
        for (int i = 1; i <= experts; i++) {
            double p = Math.min(1.0, topK * Math.pow(i, -routingSkew) / norm);
            touched += 1.0 - Math.pow(1.0 - p, tokens);
        }
        return touched;
    }

    /** The sum of rank^-skew over the experts: what turns an expert's popularity rank into its share of routes. */
    private double zipfNorm(int experts) {
        double norm = 0;
        for (int i = 1; i <= experts; i++) {
            norm += Math.pow(i, -routingSkew);
        }
        return norm;
    }
}
