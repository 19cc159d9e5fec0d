package io.costbench.engine.sim;

import java.util.List;


/**
 * Runs several decode-only steps at once when nothing can change between them but the contexts growing by one token:
 * every running request decodes, none finishes, no waiting request can be admitted, no request arrives, the KV cache
 * has the blocks, and the canonical shape (hence the price) stays the same. The outcome is the one the step-by-step
 * path produces; it only skips the per-step bookkeeping (the bulk of a long decode).
 */
final class DecodeFastPath {

    private final SimulationRun run;
    private final Scheduler scheduler;
    private final KvBlockPool pool;
    private final Client client;
    private final MetricAccounting metrics;
    private final int window;

    DecodeFastPath(SimulationRun run, Scheduler scheduler, KvBlockPool pool, Client client, MetricAccounting metrics,
            int window) {
        this.run = run;
        this.scheduler = scheduler;
        this.pool = pool;
        this.client = client;
        this.metrics = metrics;
        this.window = window;
    }

    /** @return the time after the run, or NaN when the next step must go the ordinary way */
    double advance(double now) {
        List<SimulatedRequest> running = scheduler.running;
        int n = running.size();
        if (n == 0 || scheduler.decodeBudget(n) < 0) {
            return Double.NaN;
        }
        // A request the queue could admit now could not later (free blocks only shrink): step the ordinary way.
        if (scheduler.headAdmissible(scheduler.decodeBudget(n))) {
            return Double.NaN;
        }
        long contextSum = 0;
        long windowedSum = 0;
        int contextMax = 0;
        int below = 0;
        long limit = Long.MAX_VALUE;
        // Blocks two more steps take: every run needs at least those (see KvBlockPool#canGrow).
        long twoStepBlocks = 0;
        for (int i = 0; i < n; i++) {
            SimulatedRequest r = running.get(i);
            if (!r.isDecode()) {
                return Double.NaN;
            }
            int context = r.computed;
            contextSum += context;
            contextMax = Math.max(contextMax, context);
            // Nobody may finish inside the run: the finishing step goes the ordinary way.
            limit = Math.min(limit, r.outputTokens - r.generated - 1);
            if (window > 0) {
                if (context < window) {
                    below++;
                    limit = Math.min(limit, window - context + 1);
                }
                windowedSum += Math.min(context, window);
            } else {
                windowedSum += context;
            }
            twoStepBlocks += pool.growthBlocks(r, 2);
            // Each of these only gets worse further down the list: no run, whatever the rest holds.
            if (limit < 2 || twoStepBlocks > pool.blocksFree()) {
                return Double.NaN;
            }
        }
        int k = (int) Math.min(limit, Integer.MAX_VALUE);
        // The canonical shape only grows with the step index: the run ends where it first changes. Its decode count
        // and tokens per sequence are fixed, so it is the same shape when its three context numbers are.
        long mean = canonicalMean(n, contextSum, 0);
        int max = canonicalMax(mean, contextMax, 0);
        long windowedMean = canonicalWindowedMean(mean, n, windowedSum, below, 0);
        int lo = 1;
        int hi = k;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            long meanAt = canonicalMean(n, contextSum, mid - 1);
            if (meanAt == mean && canonicalMax(meanAt, contextMax, mid - 1) == max
                    && canonicalWindowedMean(meanAt, n, windowedSum, below, mid - 1) == windowedMean) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        k = lo;
        while (k >= 2 && !pool.canGrow(running, k)) {
            k /= 2;
        }
        if (k < 2) {
            return Double.NaN;
        }
        PricedStep step = run.priceDecode(n, contextSum, contextMax, windowedSum);
        double stepMs = step.cost().timeMs();
        // A run stops at the next arrival, and at the client's end (nothing after it is counted).
        double arrival = Math.min(client.nextEventMs(), run.runEndMs());
        if (arrival != Double.POSITIVE_INFINITY) {
            double end = now;
            int fit = 0;
            while (fit < k && (end += stepMs) < arrival) {
                fit++;
            }
            k = fit;
            if (k < 2) {
                return Double.NaN;
            }
        }
        return apply(now, step, k);
    }

    /** The canonical shape's numbers {@code j} steps on (see {@link ShapeQuantizer#canonical}). */
    private long canonicalMean(int n, long contextSum, int j) {
        return run.quantizer().decodeMean(n, contextSum + (long) j * n);
    }

    private int canonicalMax(long mean, int contextMax, int j) {
        return run.quantizer().decodeMax(mean, contextMax + j);
    }

    private long canonicalWindowedMean(long mean, int n, long windowedSum, int below, int j) {
        return run.quantizer().windowedMean(mean, n, windowedSum + (long) j * below, window);
    }

    private double apply(double start, PricedStep step, int k) {
        List<SimulatedRequest> running = scheduler.running;
        double stepMs = step.cost().timeMs();
        double firstEnd = start + stepMs;
        double end = start;
        // Summed step by step, as the ordinary path does, so the clock is the same to the last bit.
        for (int j = 0; j < k; j++) {
            end += stepMs;
        }
        long together = 0;
        for (int i = 0, n = running.size(); i < n; i++) {
            SimulatedRequest r = running.get(i);
            pool.grow(r, k);
            if (r.lastTokenMs == start) {
                together++;
            } else {
                metrics.interTokenGaps(firstEnd - r.lastTokenMs, 1);
            }
            r.computed += k;
            r.generated += k;
            r.lastTokenMs = end;
        }
        int n = running.size();
        metrics.interTokenGaps(stepMs, together);
        metrics.interTokenGaps(stepMs, (long) n * (k - 1));
        metrics.decodeRun(step, n, k);
        return end;
    }
}
