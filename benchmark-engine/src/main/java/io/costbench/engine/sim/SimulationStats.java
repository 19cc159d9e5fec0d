package io.costbench.engine.sim;

/**
 * How a simulated run went inside the engine, for explaining results and checking the simulator.
 *
 * @param steps              engine steps run
 * @param decodeOnlySteps    steps with decode sequences and no prefill
 * @param preemptions        sequences preempted (recompute) because the KV cache ran out
 * @param distinctShapes     distinct canonical shapes this run priced or found in a memo (a lower bound once the
 *                           memos are full: shapes then priced each time are counted per 0.1% of step time)
 * @param pricedShapes       shapes the deployment had to price during this run (memo misses)
 * @param meanDecodeBatch    mean decode sequences per step that had any
 * @param peakKvBlocksUsed   the most KV blocks held at once
 * @param kvBlocksTotal      KV blocks the deployment offers
 * @param batchedSteps       decode steps advanced in runs of identical steps (bookkeeping skipped, same outcome)
 * @param prefillBusyMs      accelerator time spent on prompts: prefill-only steps, and what prefill chunks added to
 *                           mixed steps over the same decodes alone
 * @param decodeBusyMs       accelerator time spent decoding (the rest of the busy time)
 */
public record SimulationStats(long steps, long decodeOnlySteps, long preemptions, int distinctShapes,
        int pricedShapes, double meanDecodeBatch, long peakKvBlocksUsed, long kvBlocksTotal, long batchedSteps,
        double prefillBusyMs, double decodeBusyMs) {

    /** The share of busy accelerator time spent on prefill, in [0, 1]; 0 for a run without busy time. */
    public double prefillTimeShare() {
        double busy = prefillBusyMs + decodeBusyMs;
        return busy > 0 ? prefillBusyMs / busy : 0;
    }
}
