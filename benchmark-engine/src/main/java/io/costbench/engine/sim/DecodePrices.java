package io.costbench.engine.sim;

/**
 * The decode-only step prices a run has looked up, by the numbers of their canonical shape (sequences, mean and
 * longest context, mean windowed context; tokens per sequence are fixed for a run): most steps are decode-only, and
 * this finds their price without building a {@link io.costbench.engine.graph.StepShape} and hashing it into the
 * shared memo. It holds only steps a memo keeps, so it returns the very object the memo would; bounded, it starts
 * over when full.
 */
final class DecodePrices {

    private static final int MAX_ENTRIES = 1 << 13;
    private static final int INITIAL_SLOTS = 256;

    /** Three longs a slot: sequences and longest context packed, mean context, mean windowed context. */
    private long[] keys = new long[3 * INITIAL_SLOTS];
    private PricedStep[] steps = new PricedStep[INITIAL_SLOTS];
    private int size;

    PricedStep get(int sequences, long mean, int max, long windowedMean) {
        long head = head(sequences, max);
        int mask = steps.length - 1;
        for (int slot = slot(head, mean, windowedMean, mask); ; slot = (slot + 1) & mask) {
            PricedStep step = steps[slot];
            if (step == null) {
                return null;
            }
            int k = 3 * slot;
            if (keys[k] == head && keys[k + 1] == mean && keys[k + 2] == windowedMean) {
                return step;
            }
        }
    }

    /** Remembers a step {@link #get} did not find. */
    void put(int sequences, long mean, int max, long windowedMean, PricedStep step) {
        if (size == MAX_ENTRIES) {
            keys = new long[3 * INITIAL_SLOTS];
            steps = new PricedStep[INITIAL_SLOTS];
            size = 0;
        }
        if (2 * (size + 1) > steps.length) {
            grow();
        }
        insert(head(sequences, max), mean, windowedMean, step);
        size++;
    }

    private void insert(long head, long mean, long windowedMean, PricedStep step) {
        int mask = steps.length - 1;
        int slot = slot(head, mean, windowedMean, mask);
        while (steps[slot] != null) {
            slot = (slot + 1) & mask;
        }
        int k = 3 * slot;
        keys[k] = head;
        keys[k + 1] = mean;
        keys[k + 2] = windowedMean;
        steps[slot] = step;
    }

    private void grow() {
        long[] oldKeys = keys;
        PricedStep[] oldSteps = steps;
        keys = new long[2 * oldKeys.length];
        steps = new PricedStep[2 * oldSteps.length];
        for (int i = 0; i < oldSteps.length; i++) {
            if (oldSteps[i] != null) {
                insert(oldKeys[3 * i], oldKeys[3 * i + 1], oldKeys[3 * i + 2], oldSteps[i]);
            }
        }
    }

    private static long head(int sequences, int max) {
        return (long) sequences << 32 | (max & 0xFFFF_FFFFL);
    }

    private static int slot(long head, long mean, long windowedMean, int mask) {
        long h = (head * 0x9E3779B97F4A7C15L + mean) * 0x9E3779B97F4A7C15L + windowedMean;
        h *= 0x9E3779B97F4A7C15L;
        return (int) (h >>> 40) & mask;
    }
}
