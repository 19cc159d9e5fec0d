package io.costbench.engine.port;

import java.util.Map;

/**
 * The priced time of one operator (all its repeats) in a step, for explaining a prediction.
 *
 * @param msByCategory   the operator's time split by category
 * @param dmaTransfers   DMA transfers issued (0 where the hardware has no explicit DMA)
 * @param note           the mechanism that dominated, in words
 */
public record OperatorTiming(String name, String kind, int repeat, double timeMs, Map<CostCategory, Double> msByCategory,
        double flops, double hbmBytes, long dmaTransfers, String note) {

    public OperatorTiming {
        msByCategory = Map.copyOf(msByCategory);
    }
}
