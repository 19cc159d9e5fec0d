package io.costbench.engine.sim;

import java.util.List;

/** The paged KV cache: fixed-size blocks handed to requests as their computed tokens grow, all freed on exit. */
final class KvBlockPool {

    private final long blockTokens;
    private final long blocksTotal;
    private long blocksFree;
    private long peakBlocksUsed;

    KvBlockPool(long capacityTokens, long blockTokens) {
        this.blockTokens = blockTokens;
        this.blocksTotal = capacityTokens / blockTokens;
        this.blocksFree = blocksTotal;
    }

    long blocksFor(long tokens) {
        return (tokens + blockTokens - 1) / blockTokens;
    }

    long blocksTotal() {
        return blocksTotal;
    }

    long blocksFree() {
        return blocksFree;
    }

    long peakBlocksUsed() {
        return peakBlocksUsed;
    }

    /** Grows the request's blocks to hold {@code tokens}; false (nothing taken) when the pool has too few. */
    boolean allocate(SimulatedRequest r, long tokens) {
        if (tokens <= r.blocks * blockTokens) {
            return true;
        }
        long need = blocksFor(tokens) - r.blocks;
        if (need <= 0) {
            return true;
        }
        if (need > blocksFree) {
            return false;
        }
        take(r, need);
        return true;
    }

    /** Whether a request could grow to {@code tokens} now. */
    boolean wouldFit(SimulatedRequest r, long tokens) {
        return blocksFor(tokens) - r.blocks <= blocksFree;
    }

    /**
     * Whether every running request can grow by {@code steps} tokens with the free blocks; stops counting as soon as
     * they are too few.
     */
    boolean canGrow(List<SimulatedRequest> running, int steps) {
        long need = 0;
        for (int i = 0, n = running.size(); i < n; i++) {
            long need1 = growthBlocks(running.get(i), steps);
            if (need1 > 0 && (need += need1) > blocksFree) {
                return false;
            }
        }
        return true;
    }

    /** Grows a running request by {@code steps} tokens; the caller has checked {@link #canGrow}. */
    void grow(SimulatedRequest r, int steps) {
        long need = growthBlocks(r, steps);
        if (need > 0) {
            take(r, need);
        }
    }

    /** Blocks a request needs beyond its own to hold {@code steps} more tokens: blocksFor(computed + steps) - blocks. */
    long growthBlocks(SimulatedRequest r, int steps) {
        long over = (long) r.computed + steps - r.blocks * blockTokens;
        return over > 0 ? (over + blockTokens - 1) / blockTokens : 0;
    }

    void free(SimulatedRequest r) {
        blocksFree += r.blocks;
        r.blocks = 0;
    }

    private void take(SimulatedRequest r, long blocks) {
        r.blocks += blocks;
        blocksFree -= blocks;
        peakBlocksUsed = Math.max(peakBlocksUsed, blocksTotal - blocksFree);
    }
}
