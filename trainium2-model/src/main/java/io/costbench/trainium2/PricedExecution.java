package io.costbench.trainium2;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.costbench.engine.port.CostCategory;
import io.costbench.engine.port.OperatorTiming;
import io.costbench.engine.port.StepCost;

/** One priced compiled execution: its cost, its operators, and the DMA/tensor-engine counters behind them. */
record PricedExecution(StepCost cost, List<OperatorTiming> operators, Map<String, Double> counters) {

    static PricedExecution of(List<OpCost> ops, double tensorPeakFlops, Map<String, Double> shapeCounters) {
        EnumMap<CostCategory, Double> ms = new EnumMap<>(CostCategory.class);
        List<OperatorTiming> timings = new ArrayList<>(ops.size());
        double hbm = 0;
        double dmaBytes = 0;
        double flops = 0;
        double tiles = 0;
        double instructions = 0;
        double tensorBusyS = 0;
        double spill = 0;
        long ragged = 0;
        long transfers = 0;
        long[] histogram = new long[4];
        double moeBlocks = 0;
        double intraChip = 0;
        double interChip = 0;
        Map<String, Double> moePaths = new LinkedHashMap<>();
        for (OpCost op : ops) {
            OperatorTiming timing = op.timing();
            timings.add(timing);
            timing.msByCategory().forEach((c, v) -> ms.merge(c, v, Double::sum));
            hbm += op.hbmBytes * op.repeat;
            dmaBytes += op.dmaBytes * op.repeat;
            flops += op.flops * op.repeat;
            tiles += op.tensorTiles * op.repeat;
            instructions += op.tensorInstructions * op.repeat;
            tensorBusyS += op.tensorBusySeconds * op.repeat;
            spill += op.spillBytes * op.repeat;
            ragged += op.raggedTailTiles * op.repeat;
            transfers += op.transfers * op.repeat;
            moeBlocks += op.moeBlocks * op.repeat;
            intraChip += op.collectiveIntraChipS * op.repeat;
            interChip += op.collectiveInterChipS * op.repeat;
            if (op.moePath != null) {
                moePaths.merge("moe_layers_" + op.moePath.toLowerCase(java.util.Locale.ROOT), (double) op.repeat,
                        Double::sum);
            }
            for (int i = 0; i < histogram.length; i++) {
                histogram[i] += op.transfersByBytesPerPartition[i] * op.repeat;
            }
        }
        StepCost cost = StepCost.of(ms);
        Map<String, Double> counters = new LinkedHashMap<>(shapeCounters);
        counters.put("step_ms", cost.timeMs());
        counters.put("hbm_bytes", hbm);
        counters.put("dma_bytes", dmaBytes);
        counters.put("dma_transfers", (double) transfers);
        counters.put("dma_transfers_lt_256B_per_partition", (double) histogram[0]);
        counters.put("dma_transfers_256B_to_2KiB_per_partition", (double) histogram[1]);
        counters.put("dma_transfers_2KiB_to_4KiB_per_partition", (double) histogram[2]);
        counters.put("dma_transfers_ge_4KiB_per_partition", (double) histogram[3]);
        counters.put("dma_fixed_ms", cost.ms(CostCategory.DMA_FIXED));
        counters.put("tensor_engine_tiles_128x128", tiles);
        counters.put("tensor_engine_instructions", instructions);
        counters.put("tensor_engine_busy_ms", tensorBusyS * 1e3);
        counters.put("tensor_engine_utilisation_fraction",
                cost.timeMs() > 0 ? flops / (cost.timeMs() / 1e3 * tensorPeakFlops) : 0);
        counters.put("flops", flops);
        counters.put("ragged_tail_tiles", (double) ragged);
        counters.put("sbuf_spill_bytes", spill);
        counters.put("collective_ms", cost.ms(CostCategory.COMMUNICATION));
        counters.put("collective_intra_chip_ms", intraChip * 1e3);
        counters.put("collective_inter_chip_ms", interChip * 1e3);
        counters.putAll(moePaths);
        counters.put("moe_blocks", moeBlocks);
        counters.put("host_ms", cost.ms(CostCategory.HOST));
        return new PricedExecution(cost, List.copyOf(timings), counters);
    }

    /** Executions that run back to back (a decode batch and separate one-at-a-time prompts) add up. */
    static PricedExecution sum(List<PricedExecution> parts) {
        if (parts.size() == 1) {
            return parts.get(0);
        }
        EnumMap<CostCategory, Double> ms = new EnumMap<>(CostCategory.class);
        List<OperatorTiming> ops = new ArrayList<>();
        Map<String, Double> counters = new LinkedHashMap<>();
        for (PricedExecution part : parts) {
            part.cost().msByCategory().forEach((c, v) -> ms.merge(c, v, Double::sum));
            ops.addAll(part.operators());
            part.counters().forEach((k, v) -> counters.merge(k, v,
                    k.endsWith("_fraction") || k.startsWith("compiled_") ? Math::max : Double::sum));
        }
        return new PricedExecution(StepCost.of(ms), ops, counters);
    }
}
