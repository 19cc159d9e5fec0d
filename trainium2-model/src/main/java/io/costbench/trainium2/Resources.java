package io.costbench.trainium2;

import io.costbench.engine.model.Precision;
import io.costbench.engine.port.ParameterSet;

/**
 * What one tensor-parallel rank (a logical NeuronCore: {@code lnc} physical cores) has to work with, from the
 * hardware spec and the serving stack's parameters. Rates are per rank.
 */
final class Resources {

    static final double US = 1e-6;
    static final double MS_PER_S = 1e3;

    final int lnc;
    final int coresPerChip;
    final int partitions;
    final double tileColumns;
    final double clockHz;
    final int movingColumns;
    final double stationaryLoadCycles;
    final double instructionOverheadCycles;
    final double contractionTile;
    final double tensorPeakFlops;
    final double vectorElementsPerSecond;
    final double sbufUsableBytes;
    final double hbmBytesPerSecond;
    final double hbmUsableBytes;
    final int dmaEngines;
    final double dmaEngineBytesPerSecond;
    final double dmaFixedCostS;
    final double dgeInstructionCostS;
    final int dgeBlocks;
    final double descriptorOverheadS;
    final double maxBytesPerPartition;
    final int queuesInFlight;
    final double saturatingBytesPerPartition;
    final double neuronLinkBytesPerSecond;
    final double intraChipCollectiveBytesPerSecond;
    final double collectiveBaseLatencyS;
    final double neuronLinkHopLatencyS;
    final double interChipCollectiveSetupS;
    final double meshMaxBytes;
    final double rdhMaxBytes;
    final int dmaPartitionsPerEngine;
    final int chipsPerInstance;
    final int torusRows;
    final int torusColumns;
    final double hostLinkBytesPerSecond;
    // serving stack
    final double stepOverheadS;
    final double hostRoundTripS;
    final double hostSamplingSPerLogit;
    final double hostPerSequenceS;
    final double dependentDmaDepth;
    final int gdnSpillStages;
    final int gdnRecurrenceInstructions;
    final int slowAttentionKvPasses;
    final double attentionKvStagingBytes;
    final double expertGatherSetupS;
    final double draftStepOverheadS;
    final double nkiGemmEfficiency;
    final double decodeGemmEfficiency;
    final double compilerGemmEfficiency;
    final double flashAttentionEfficiency;
    final double decodeAttentionEfficiency;
    final double gdnPrefillEfficiency;
    final double gdnPrefillFlopsFactor;
    final double selectiveLoadingThreshold;
    final int moeBlockTokens;
    final double moeBlockFixedCostS;
    final double logitBytes;
    final double onDeviceSamplingHostS;
    final double spillBytesPerPartition;
    final double prefillAttentionBytesPerPartition;
    final double prefillScoresBytesPerPartition;

    /**
     * @param hw      the chip
     * @param kernels NxD Inference kernel and runtime parameters every Neuron stack shares
     * @param stack   the serving stack's host-side parameters
     */
    Resources(ParameterSet hw, ParameterSet kernels, ParameterSet stack, int lnc, Precision precision) {
        this.lnc = lnc;
        coresPerChip = (int) hw.value("neuronCoresPerChip");
        partitions = (int) hw.value("sbufPartitions");
        tileColumns = hw.value("tensorEngineColumns");
        clockHz = hw.value("tensorEngineClockHz");
        movingColumns = (int) hw.value("tensorMovingColumnsPerInstruction");
        stationaryLoadCycles = hw.value("tensorStationaryLoadCycles");
        instructionOverheadCycles = hw.value("tensorInstructionOverheadCycles");
        // FP8 double-row mode contracts 256 per instruction (2 MACs per PE per cycle).
        contractionTile = precision == Precision.FP8 ? 2.0 * hw.value("tensorEngineRows") : hw.value("tensorEngineRows");
        tensorPeakFlops = lnc * (precision == Precision.FP8 ? hw.value("tensorFp8FlopsPerCore")
                : hw.value("tensorBf16FlopsPerCore"));
        vectorElementsPerSecond = lnc * hw.value("vectorEngineClockHz") * hw.value("vectorEngineElementsPerCycle");
        sbufUsableBytes = lnc * hw.value("sbufUsableBytesPerAllocation");
        double logicalCoresPerChip = (double) coresPerChip / lnc;
        hbmBytesPerSecond = hw.value("hbmBandwidthBytesPerSecondPerChip") / logicalCoresPerChip
                * hw.value("hbmEfficiency");
        hbmUsableBytes = hw.value("hbmUsableBytesPerLogicalCore") * lnc / 2.0;
        dmaEngines = (int) hw.value("dmaEnginesPerCore") * lnc;
        dmaEngineBytesPerSecond = hw.value("dmaEngineBytesPerSecond");
        dmaFixedCostS = hw.value("dmaFixedCostUs") * US;
        dgeInstructionCostS = hw.value("dgeInstructionCostUs") * US;
        dgeBlocks = (int) hw.value("dgeBlocksPerCore") * lnc;
        descriptorOverheadS = hw.value("dmaDescriptorOverheadNs") * 1e-9;
        maxBytesPerPartition = hw.value("dmaMaxBytesPerPartitionPerTransfer");
        saturatingBytesPerPartition = hw.value("dmaSaturatingBytesPerPartition");
        queuesInFlight = (int) (dmaEnginesPerRank(hw, lnc) * hw.value("dmaTransfersInFlightPerEngine"));
        neuronLinkBytesPerSecond = hw.value("neuronLinkBytesPerSecondPerChip");
        intraChipCollectiveBytesPerSecond = hw.value("intraChipCollectiveBytesPerSecond");
        collectiveBaseLatencyS = hw.value("collectiveBaseLatencyUs") * US;
        neuronLinkHopLatencyS = hw.value("neuronLinkHopLatencyUs") * US;
        interChipCollectiveSetupS = hw.value("interChipCollectiveSetupUs") * US;
        meshMaxBytes = hw.value("collectiveMeshMaxBytes");
        rdhMaxBytes = hw.value("collectiveRdhMaxBytes");
        dmaPartitionsPerEngine = (int) hw.value("dmaPartitionsPerEngine");
        chipsPerInstance = (int) hw.value("chipsPerInstance");
        torusRows = (int) hw.value("torusRows");
        torusColumns = (int) hw.value("torusColumns");
        hostLinkBytesPerSecond = hw.value("hostLinkBytesPerSecond");
        stepOverheadS = stack.value("stepRuntimeOverheadUs") * US;
        hostRoundTripS = stack.value("hostRoundTripUs") * US;
        hostSamplingSPerLogit = stack.value("hostSamplingNsPerLogit") * 1e-9;
        hostPerSequenceS = stack.value("hostPerSequenceUs") * US;
        dependentDmaDepth = kernels.value("dependentDmaDepth");
        gdnSpillStages = (int) kernels.value("gdnUnfusedSpillStages");
        gdnRecurrenceInstructions = (int) kernels.value("gdnRecurrenceInstructionsPerHead");
        slowAttentionKvPasses = (int) kernels.value("slowAttentionKvPasses");
        attentionKvStagingBytes = kernels.value("attentionKvStagingBytes");
        expertGatherSetupS = stack.value("expertGatherSetupUs") * US;
        draftStepOverheadS = kernels.value("draftStepOverheadUs") * US;
        nkiGemmEfficiency = kernels.value("nkiGemmEfficiency");
        decodeGemmEfficiency = kernels.value("decodeGemmEfficiency");
        compilerGemmEfficiency = kernels.value("compilerGemmEfficiency");
        flashAttentionEfficiency = kernels.value("flashAttentionEfficiency");
        decodeAttentionEfficiency = kernels.value("decodeAttentionEfficiency");
        gdnPrefillEfficiency = kernels.value("gdnChunkedPrefillEfficiency");
        gdnPrefillFlopsFactor = kernels.value("gdnChunkedPrefillFlopsFactor");
        selectiveLoadingThreshold = kernels.value("selectiveLoadingThreshold");
        moeBlockTokens = (int) kernels.value("blockwiseMoeBlockTokens");
        moeBlockFixedCostS = kernels.value("moeBlockFixedCostUs") * US;
        logitBytes = kernels.value("logitBytes");
        spillBytesPerPartition = kernels.value("spillBytesPerPartition");
        prefillAttentionBytesPerPartition = kernels.value("prefillAttentionBytesPerPartition");
        prefillScoresBytesPerPartition = kernels.value("prefillScoresBytesPerPartition");
        onDeviceSamplingHostS = stack.value("onDeviceSamplingHostUs") * US;
    }

    private static double dmaEnginesPerRank(ParameterSet hw, int lnc) {
        return hw.value("dmaEnginesPerCore") * lnc;
    }

    /**
     * Bytes per partition of a weight-streaming transfer whose rows are {@code rowBytes} long: one 128-row tile per
     * transfer, or several consecutive tiles (weights are laid out per rank at load time) when a row is shorter than
     * the saturating size; capped at the descriptor chunk.
     */
    double weightBytesPerPartition(double rowBytes) {
        double rows = Math.max(1, Math.ceil(saturatingBytesPerPartition / rowBytes));
        return Math.min(rowBytes * rows, maxBytesPerPartition);
    }

    /** DMA efficiency of descriptors carrying {@code bytes} per partition: the per-descriptor cost amortised. */
    double dmaEfficiency(double bytesPerPartition) {
        double b = Math.max(1.0, bytesPerPartition);
        return b / (b + descriptorOverheadS * dmaEngineBytesPerSecond);
    }
}
