package io.costbench.engine.sim;

import java.util.ArrayDeque;
import java.util.SplittableRandom;

/**
 * The benchmark client: draws each request's lengths and arrival time from seeded streams, in order, as
 * {@code vllm bench serve} samples its dataset, and sends them while its concurrency cap allows. Requests are drawn
 * when they are due, so the client holds one undrawn request, not the whole dataset.
 */
final class Client {

    private static final long ARRIVAL_SALT = 0x9E3779B97F4A7C15L;

    private final Workload workload;
    private final SplittableRandom lengths;
    private final SplittableRandom arrivals;
    private SimulatedRequest next;
    private double lastArrivalMs;
    private double lastRelease = Double.NEGATIVE_INFINITY;
    private int drawn;
    private int inFlight;
    private int completed;

    /**
     * @throws IllegalArgumentException when a request the workload draws needs more KV blocks than the pool has (checked
     *                                  up front: every length is drawn once without keeping it)
     */
    Client(Workload workload, KvBlockPool pool, int decodeTokens, long kvCapacityTokens) {
        this.workload = workload;
        long largestBlocks = 0;
        SplittableRandom check = new SplittableRandom(workload.seed());
        for (int i = 0; i < workload.numPrompts(); i++) {
            int prompt = length(check, workload.inputTokens());
            int output = length(check, workload.outputTokens());
            largestBlocks = Math.max(largestBlocks, pool.blocksFor(prompt + output + decodeTokens));
            if (workload.rangeRatio() >= 1.0) {
                break;
            }
        }
        if (largestBlocks > pool.blocksTotal()) {
            throw new IllegalArgumentException("a sequence of " + (workload.inputTokens() + workload.outputTokens())
                    + " tokens does not fit the KV cache of " + kvCapacityTokens + " tokens");
        }
        this.lengths = new SplittableRandom(workload.seed());
        this.arrivals = new SplittableRandom(workload.seed() ^ ARRIVAL_SALT);
        this.next = draw();
    }

    private SimulatedRequest draw() {
        if (drawn == workload.numPrompts()) {
            return null;
        }
        int prompt = length(lengths, workload.inputTokens());
        int output = length(lengths, workload.outputTokens());
        if (drawn > 0 && workload.requestRatePerSecond() > 0) {
            lastArrivalMs += -Math.log(1.0 - arrivals.nextDouble()) / workload.requestRatePerSecond() * 1000.0;
        }
        drawn++;
        return new SimulatedRequest(prompt, output, lastArrivalMs);
    }

    private int length(SplittableRandom random, int max) {
        if (workload.rangeRatio() >= 1.0) {
            return max;
        }
        int min = Math.max(1, (int) (workload.rangeRatio() * max));
        return min + random.nextInt(max - min + 1);
    }

    /** Sends requests whose arrival time has come while the concurrency cap allows. */
    void release(double now, ArrayDeque<SimulatedRequest> waiting) {
        while (next != null && hasSlot() && next.arrivalMs <= now) {
            SimulatedRequest r = next;
            // One that arrived before the last release point was held back by the cap: it goes when a slot frees.
            r.sendMs = r.arrivalMs > lastRelease ? r.arrivalMs : now;
            waiting.addLast(r);
            inFlight++;
            next = draw();
        }
        lastRelease = now;
    }

    /** Whether the next request would be sent as soon as it arrives (one is left and the cap has room). */
    boolean nextCanBeSent() {
        return next != null && hasSlot();
    }

    private boolean hasSlot() {
        return workload.maxConcurrency() == 0 || inFlight < workload.maxConcurrency();
    }

    /** Arrival time of the next request; only when {@link #hasUnsent()}. */
    double nextArrivalMs() {
        return next.arrivalMs;
    }

    boolean hasUnsent() {
        return next != null;
    }

    void finished() {
        inFlight--;
        completed++;
    }

    boolean done() {
        return completed == workload.numPrompts();
    }
}
