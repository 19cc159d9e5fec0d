package io.costbench.engine.sim;

import java.util.ArrayDeque;
import java.util.SplittableRandom;

import io.costbench.engine.port.FrontEnd;

/**
 * The benchmark client: draws each request's lengths and arrival time from seeded streams, in order, as
 * {@code vllm bench serve} samples its dataset, and sends them while its concurrency cap allows. Requests are drawn
 * when they are due, so the client holds one undrawn request, not the whole dataset.
 */
final class Client {

    private static final long ARRIVAL_SALT = 0x9E3779B97F4A7C15L;

    private final Workload workload;
    private final FrontEnd frontEnd;
    private final ArrayDeque<SimulatedRequest> inTransit = new ArrayDeque<>();
    private double frontEndFreeMs;
    private final SplittableRandom lengths;
    private final SplittableRandom arrivals;
    private final double gapScale;
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
    Client(Workload workload, FrontEnd frontEnd, KvBlockPool pool, int decodeTokens, long kvCapacityTokens) {
        this.workload = workload;
        this.frontEnd = frontEnd;
        long largestBlocks = 0;
        SplittableRandom check = new SplittableRandom(workload.seed());
        for (int i = 0; i < workload.numPrompts(); i++) {
            int prompt = length(check, i, true);
            int output = length(check, i, false);
            largestBlocks = Math.max(largestBlocks, pool.blocksFor(prompt + output + decodeTokens));
            if (workload.rangeRatio() >= 1.0 && workload.lengths() == null) {
                break;
            }
        }
        if (largestBlocks > pool.blocksTotal()) {
            throw new IllegalArgumentException("a sequence of " + (workload.inputTokens() + workload.outputTokens())
                    + " tokens does not fit the KV cache of " + kvCapacityTokens + " tokens");
        }
        this.lengths = new SplittableRandom(workload.seed());
        this.arrivals = new SplittableRandom(workload.seed() ^ ARRIVAL_SALT);
        this.gapScale = constantRateScale(workload);
        this.next = draw();
    }

    private SimulatedRequest draw() {
        if (drawn == workload.numPrompts()) {
            return null;
        }
        int prompt = length(lengths, drawn, true);
        int output = length(lengths, drawn, false);
        if (workload.openLoop()) {
            lastArrivalMs += gapScale * gapMs(arrivals, workload, rateAt(workload, drawn));
        }
        drawn++;
        return new SimulatedRequest(prompt, output, lastArrivalMs);
    }

    private static double rateAt(Workload workload, int index) {
        return workload.rampUp() == null ? workload.requestRatePerSecond()
                : workload.rampUp().ratePerSecond(index, workload.numPrompts());
    }

    /**
     * vLLM bench serve's schedule: every request, the first included, waits its own gap after the one before, and at
     * a constant rate the gaps are rescaled so the N arrivals end at exactly N / rate ("to close the 1-2% gap ... for
     * stabilizing the throughput data", vllm/benchmarks/serve.py @ 009e6d4a1cd6ba3fb2a9fc00f4ec06f5297232a1,
     * {@code get_request}); a ramp-up's schedule is not rescaled. The factor comes from one pass over the same
     * seeded gaps. SGLang's and GuideLLM's clients do not rescale: their measured throughput carries their own
     * draw's spread (1 / sqrt(N)), which no replay reproduces, and the rescaled schedule is its expectation.
     */
    private static double constantRateScale(Workload workload) {
        if (workload.requestRatePerSecond() == 0 || workload.burstiness() == Workload.EVENLY_SPACED) {
            return 1.0;
        }
        SplittableRandom pass = new SplittableRandom(workload.seed() ^ ARRIVAL_SALT);
        double sumMs = 0;
        for (int i = 0; i < workload.numPrompts(); i++) {
            sumMs += gapMs(pass, workload, workload.requestRatePerSecond());
        }
        return sumMs > 0 ? workload.numPrompts() * 1000.0 / workload.requestRatePerSecond() / sumMs : 1.0;
    }

    /**
     * vLLM bench serve's gap before a request sent at {@code ratePerSecond}: gamma(shape = burstiness, scale = 1 /
     * (rate x burstiness)) seconds, mean 1 / rate; shape 1 is the exponential gap of a Poisson process, drawn
     * directly, and an infinite shape the constant gap.
     */
    private static double gapMs(SplittableRandom random, Workload workload, double ratePerSecond) {
        double shape = workload.burstiness();
        if (shape == Workload.EVENLY_SPACED) {
            return 1000.0 / ratePerSecond;
        }
        if (shape == Workload.POISSON) {
            return -Math.log(1.0 - random.nextDouble()) / ratePerSecond * 1000.0;
        }
        return GammaSampler.sample(random, shape) / shape * (1000.0 / ratePerSecond);
    }

    /** Request {@code index}'s prompt or output length: replayed, or drawn from [max(1, r x L), L]. */
    private int length(SplittableRandom random, int index, boolean prompt) {
        RequestLengths replayed = workload.lengths();
        if (replayed != null) {
            return prompt ? replayed.inputTokens(index) : replayed.outputTokens(index);
        }
        int max = prompt ? workload.inputTokens() : workload.outputTokens();
        if (workload.rangeRatio() >= 1.0) {
            return max;
        }
        int min = Math.max(1, (int) (workload.rangeRatio() * max));
        return min + random.nextInt(max - min + 1);
    }

    /**
     * Sends requests whose arrival time has come while the concurrency cap allows; the server's front end tokenizes
     * them one at a time and hands them to the engine's queue when that is done.
     */
    void release(double now, ArrayDeque<SimulatedRequest> waiting) {
        release(now, now, waiting);
    }

    /**
     * As {@link #release(double, ArrayDeque)}, but the engine takes only what reached it by {@code admittedByMs}: an
     * engine that scheduled its next step when the last one started has not looked at its queue since.
     */
    void release(double now, double admittedByMs, ArrayDeque<SimulatedRequest> waiting) {
        while (next != null && hasSlot(now) && next.arrivalMs <= now) {
            SimulatedRequest r = next;
            if (hasSlot(lastRelease)) {
                // One that arrived before the last release point was held back by the cap: it goes when a slot
                // frees, at a completion (the end of a step: now).
                r.sendMs = r.arrivalMs > lastRelease ? r.arrivalMs : now;
            } else {
                // A ramp opened the slot since: the client sent it then.
                r.sendMs = Math.max(r.arrivalMs, workload.concurrencySlotOpensMs(inFlight + 1));
            }
            double tokenized = Math.max(frontEndFreeMs, r.sendMs) + frontEnd.tokenizeMs(r.promptTokens);
            frontEndFreeMs = tokenized;
            r.engineArrivalMs = tokenized + frontEnd.requestMs();
            inTransit.addLast(r);
            inFlight++;
            next = draw();
        }
        lastRelease = now;
        while (!inTransit.isEmpty() && inTransit.peekFirst().engineArrivalMs <= admittedByMs) {
            waiting.addLast(inTransit.pollFirst());
        }
    }

    /**
     * When the engine next gets something new: a request reaching it, or the client's next send (when its request is
     * due and a slot is open, or when a ramp opens the next slot).
     */
    double nextEventMs() {
        double event = inTransit.isEmpty() ? Double.POSITIVE_INFINITY : inTransit.peekFirst().engineArrivalMs;
        if (next != null && hasSlot(lastRelease)) {
            event = Math.min(event, next.arrivalMs);
        } else if (next != null && inFlight < workload.maxConcurrency()) {
            event = Math.min(event, Math.max(next.arrivalMs, workload.concurrencySlotOpensMs(inFlight + 1)));
        }
        return event;
    }

    private boolean hasSlot(double atMs) {
        return workload.maxConcurrency() == 0 || inFlight < workload.concurrencyCapAt(atMs);
    }

    void finished() {
        inFlight--;
        completed++;
    }

    boolean done() {
        return completed == workload.numPrompts();
    }
}
