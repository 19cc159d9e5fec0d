package io.costbench.engine.sim;

import java.util.HashMap;
import java.util.List;
import java.util.SplittableRandom;

import io.costbench.engine.graph.PrefillChunk;
import io.costbench.engine.graph.StepShape;
import io.costbench.engine.port.Deployment;
import io.costbench.engine.port.PrefillPolicy;
import io.costbench.engine.port.SchedulingRules;
import io.costbench.engine.port.SpeculativeDecoding;

/**
 * One simulated benchmark run: the {@link Client} sends requests, a {@link Scheduler} fills each engine step from
 * the {@link KvBlockPool}, the step is priced, and {@link MetricAccounting} records what the client would measure.
 * Token accounting follows vLLM's scheduler: a request holds {@code prompt + generated} tokens of which
 * {@code computed} are in the KV cache; a step computes some of the rest, and whenever a request has caught up with
 * its tokens it samples the next one. A decode is a request one token behind; anything else scheduled is a prefill
 * chunk (including the recompute of a preempted request).
 */
final class SimulationRun {

    private static final long ACCEPTANCE_SALT = 0xC2B2AE3D27D4EB4FL;
    /** Loop iterations between deadline checks: a few milliseconds of work at most. */
    private static final int CHECK_EVERY = 1 << 12;
    /** The run's own memo once the simulator's is full. */
    private static final long OWN_MEMO_BYTES = 4L << 20;

    private final ServingSimulator simulator;
    private final Deployment deployment;
    private final SpeculativeDecoding speculative;
    /** The acceptance chain unboxed: it is read for every decode of every speculative step. */
    private final double[] acceptanceByPosition;
    private final int decodeTokens;
    private final int window;
    private final SplittableRandom acceptanceRandom;
    private final KvBlockPool pool;
    private final Client client;
    private final Scheduler scheduler;
    private final MetricAccounting metrics = new MetricAccounting();
    private final DecodeFastPath fastPath;
    private final Deadline deadline;
    /**
     * Whether the next step was scheduled when the last one started ({@link SchedulingRules#schedulesAhead}): it holds
     * only what reached the engine by then. An idle engine, or a run of decodes no arrival interrupts, is the same.
     */
    private final boolean schedulesAhead;
    /** When the client stops ({@link Workload#runSeconds}); what finishes later is cancelled, not counted. */
    private final double runEndMs;
    private final HashMap<StepShape, PricedStep> ownMemo = new HashMap<>();
    private long ownMemoBytes;
    private final DecodePrices decodePrices = new DecodePrices();
    /** Whether the last {@link #price} was of a step no memo keeps. */
    private boolean lastPriceTransient;
    private double now;

    SimulationRun(ServingSimulator simulator, Deployment deployment, Workload workload, Deadline deadline) {
        this.simulator = simulator;
        this.deadline = deadline;
        this.deployment = deployment;
        SchedulingRules rules = deployment.scheduling();
        this.speculative = rules.speculative();
        this.schedulesAhead = rules.schedulesAhead();
        this.decodeTokens = speculative == null ? 1 : speculative.draftTokens() + 1;
        this.acceptanceByPosition = speculative == null ? new double[0]
                : speculative.acceptanceByPosition().stream().mapToDouble(Double::doubleValue).toArray();
        this.window = deployment.model().slidingWindowTokens();
        this.acceptanceRandom = new SplittableRandom(workload.seed() ^ ACCEPTANCE_SALT);
        this.runEndMs = workload.runEndMs();
        if (rules.prefillPolicy() == PrefillPolicy.WHOLE_PROMPTS && workload.inputTokens() > rules.maxBatchedTokens()) {
            throw new IllegalArgumentException("a prompt of " + workload.inputTokens() + " tokens does not fit the "
                    + rules.maxBatchedTokens() + " tokens the engine computes in a step, and without chunked prefill it"
                    + " schedules whole prompts only");
        }
        this.pool = new KvBlockPool(rules.kvCacheCapacityTokens(), rules.kvBlockTokens());
        this.client = new Client(workload, deployment.frontEnd(), pool, decodeTokens, rules.kvCacheCapacityTokens());
        this.scheduler = Scheduler.forPolicy(rules, pool, decodeTokens, window);
        // Speculative steps emit a random number of tokens: no two are alike, so they always go one by one.
        this.fastPath = simulator.decodeRuns() && speculative == null
                ? new DecodeFastPath(this, scheduler, pool, client, metrics, window) : null;
    }

    SimulationResult execute() {
        client.release(now, scheduler.waiting);
        int iterations = 0;
        while (!client.done() && now < runEndMs) {
            if (++iterations == CHECK_EVERY) {
                iterations = 0;
                deadline.check();
            }
            if (scheduler.running.isEmpty() && scheduler.waiting.isEmpty()) {
                now = Math.max(now, client.nextEventMs());
                client.release(now, scheduler.waiting);
                continue;
            }
            double afterRun = fastPath == null ? Double.NaN : fastPath.advance(now);
            if (!Double.isNaN(afterRun)) {
                now = afterRun;
                client.release(now, scheduler.waiting);
                continue;
            }
            scheduler.scheduleStep();
            if (scheduler.scheduledCount() == 0) {
                throw new IllegalStateException("scheduler made no progress at t=" + now + " ms with "
                        + scheduler.running.size() + " running and " + scheduler.waiting.size() + " waiting");
            }
            PricedStep step = priceStep();
            double stepStartMs = now;
            finishStep(step.cost().timeMs());
            client.release(now, schedulesAhead ? stepStartMs : now, scheduler.waiting);
        }
        if (metrics.completed() == 0) {
            // Only a client that stops by time can end with nothing done; it has no figures to compare.
            throw new IllegalArgumentException("no request completed within the client's " + runEndMs / 1000.0
                    + " s");
        }
        return metrics.result(deployment.chips(), scheduler.preemptions(), pool);
    }

    double runEndMs() {
        return runEndMs;
    }

    ShapeQuantizer quantizer() {
        return simulator.quantizer();
    }

    /**
     * The memoised price of a canonical shape, priced now on a miss. When the simulator's memo is full the run keeps
     * its own, as bounded; past both, a shape is priced each time it runs and tallied by its time only.
     */
    PricedStep price(StepShape canonical) {
        lastPriceTransient = false;
        PricedStep step = simulator.lookup(canonical);
        if (step != null) {
            return step;
        }
        step = ownMemo.get(canonical);
        if (step != null) {
            return step;
        }
        step = simulator.price(canonical);
        metrics.shapePriced();
        if (simulator.lookup(canonical) != step) {
            long bytes = ServingSimulator.estimatedBytes(canonical);
            if (ownMemoBytes + bytes <= OWN_MEMO_BYTES) {
                ownMemo.put(canonical, step);
                ownMemoBytes += bytes;
            } else {
                metrics.transientStep(step);
                lastPriceTransient = true;
            }
        }
        return step;
    }

    /**
     * {@link #price} of the canonical decode-only step of these decodes, found by its numbers when the run has seen
     * it before (see {@link DecodePrices}).
     */
    PricedStep priceDecode(int decodeSequences, long contextSum, int contextMax, long windowedSum) {
        ShapeQuantizer quantizer = simulator.quantizer();
        long mean = quantizer.decodeMean(decodeSequences, contextSum);
        int max = quantizer.decodeMax(mean, contextMax);
        long windowedMean = quantizer.windowedMean(mean, decodeSequences, windowedSum, window);
        PricedStep step = decodePrices.get(decodeSequences, mean, max, windowedMean);
        if (step == null) {
            step = price(quantizer.canonical(decodeSequences, decodeTokens, contextSum, contextMax, windowedSum,
                    window, List.of()));
            if (!lastPriceTransient) {
                decodePrices.put(decodeSequences, mean, max, windowedMean, step);
            }
        }
        return step;
    }

    private PricedStep priceStep() {
        int decodeSequences = scheduler.decodeSequences();
        long contextSum = scheduler.decodeContextSum();
        long windowedSum = scheduler.decodeWindowedContextSum();
        int contextMax = scheduler.decodeContextMax();
        List<PrefillChunk> chunks = scheduler.prefillChunks();
        int prefillChunks = chunks.size();
        PricedStep step = prefillChunks == 0 ? priceDecode(decodeSequences, contextSum, contextMax, windowedSum)
                : price(simulator.quantizer().canonical(decodeSequences, decodeTokens, contextSum, contextMax,
                        windowedSum, window, chunks));
        metrics.step(step, decodeSequences, prefillChunks);
        attribute(step, prefillChunks, decodeSequences, contextSum, contextMax, windowedSum);
        return step;
    }

    /**
     * Splits a step's time between prefill and decode work. A step of one kind is all that kind's. A mixed step
     * (chunked prefill riding on decodes) charges decode what the same decodes cost alone, priced like any step (and
     * memoised), and prefill the rest: the time the prompts added.
     */
    private void attribute(PricedStep step, int prefillChunks, int decodeSequences, long contextSum, int contextMax,
            long windowedSum) {
        double stepMs = step.cost().timeMs();
        if (prefillChunks == 0) {
            metrics.busy(0, stepMs);
        } else if (decodeSequences == 0) {
            metrics.busy(stepMs, 0);
        } else {
            PricedStep alone = priceDecode(decodeSequences, contextSum, contextMax, windowedSum);
            double decodeMs = Math.min(stepMs, alone.cost().timeMs());
            metrics.busy(stepMs - decodeMs, decodeMs);
        }
    }

    private void finishStep(double stepMs) {
        double start = now;
        double end = now + stepMs;
        long advancedTogether = 0;
        boolean anyFinished = false;
        for (int i = 0; i < scheduler.scheduledCount(); i++) {
            SimulatedRequest r = scheduler.scheduled(i);
            int emitted;
            if (r.decodeStep && speculative != null) {
                emitted = Math.min(1 + acceptedDrafts(), r.outputTokens - r.generated);
                r.computed += emitted;
                r.generated += emitted;
            } else {
                r.computed += r.scheduledTokens;
                emitted = r.computed == r.tokens() ? 1 : 0;
                r.generated += emitted;
            }
            if (emitted == 0) {
                continue;
            }
            if (Double.isNaN(r.firstTokenMs)) {
                r.firstTokenMs = end;
            } else if (r.lastTokenMs == start) {
                advancedTogether++;
            } else {
                metrics.interTokenGaps(end - r.lastTokenMs, 1);
            }
            r.lastTokenMs = end;
            if (r.generated >= r.outputTokens) {
                r.finishMs = end;
                pool.free(r);
                client.finished();
                if (end <= runEndMs) {
                    metrics.finished(r);
                }
                scheduler.finished(r);
                anyFinished = true;
            }
        }
        metrics.interTokenGaps(stepMs, advancedTogether);
        if (anyFinished) {
            scheduler.removeFinished();
        }
        now = end;
    }

    /** Accepted draft positions: the chain stops at the first rejection. */
    private int acceptedDrafts() {
        int accepted = 0;
        for (double p : acceptanceByPosition) {
            if (acceptanceRandom.nextDouble() >= p) {
                break;
            }
            accepted++;
        }
        return accepted;
    }
}
