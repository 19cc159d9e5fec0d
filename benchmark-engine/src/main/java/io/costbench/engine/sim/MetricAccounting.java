package io.costbench.engine.sim;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.costbench.engine.graph.StepShape;

/**
 * What a run measures, accumulated as it goes so a finished request leaves nothing behind: vLLM's per-request latencies
 * and token totals, inter-token gaps, and how often each priced step ran.
 */
final class MetricAccounting {

    private static final Comparator<StepShape> SHAPE_ORDER = Comparator.comparingInt(StepShape::decodeSequences)
            .thenComparingLong(StepShape::decodeContextTokensSum).thenComparingInt(StepShape::decodeContextTokensMax)
            .thenComparingLong(StepShape::decodeWindowedContextTokensSum)
            .thenComparingInt(StepShape::decodeTokensPerSequence).thenComparingInt(StepShape::prefillTokens)
            .thenComparing(StepShape::toString);

    private final Percentiles.Samples ttft = new Percentiles.Samples();
    private final Percentiles.Samples tpot = new Percentiles.Samples();
    private final Percentiles.Samples e2el = new Percentiles.Samples();
    private final Percentiles.Weighted itl = new Percentiles.Weighted();
    private final IdentityHashMap<PricedStep, StepTally> tallies = new IdentityHashMap<>();
    /** Steps not remembered by any memo, tallied by time to 0.1% (the first seen standing for each bucket). */
    private final TreeMap<Long, StepTally> byTime = new TreeMap<>();
    /** The step just priced without being remembered; the next tally takes it. */
    private PricedStep transientStep;
    /** The last remembered step tallied and its tally: consecutive steps are often the same shape. */
    private PricedStep lastStep;
    private StepTally lastTally;
    private int completed;
    private long inputTokens;
    private long outputTokens;
    private double lastFinishMs;
    private long steps;
    private long decodeOnlySteps;
    private long decodeSequenceSteps;
    private long stepsWithDecode;
    private long batchedSteps;
    /** Accelerator time spent on prompts (prefill chunks) and on decoding, for splitting the bill between them. */
    private double prefillBusyMs;
    private double decodeBusyMs;
    private int pricedShapes;

    private static final double TIME_BUCKET_RATIO = Math.log1p(1e-3);

    /** How often one priced step ran, in all and as a decode-only step. */
    private static final class StepTally {
        final PricedStep step;
        long steps;
        long decodeOnlySteps;

        StepTally(PricedStep step) {
            this.step = step;
        }
    }

    void shapePriced() {
        pricedShapes++;
    }

    /** One ordinary step with {@code decodeSequences} decodes besides {@code prefillChunks} chunks. */
    void step(PricedStep step, int decodeSequences, int prefillChunks) {
        StepTally tally = tally(step);
        tally.steps++;
        steps++;
        if (decodeSequences > 0) {
            stepsWithDecode++;
            decodeSequenceSteps += decodeSequences;
            if (prefillChunks == 0) {
                tally.decodeOnlySteps++;
                decodeOnlySteps++;
            }
        }
    }

    /** {@code k} identical decode-only steps of {@code sequences} each, advanced at once. */
    void decodeRun(PricedStep step, int sequences, int k) {
        StepTally tally = tally(step);
        tally.steps += k;
        tally.decodeOnlySteps += k;
        steps += k;
        decodeOnlySteps += k;
        stepsWithDecode += k;
        decodeSequenceSteps += (long) sequences * k;
        batchedSteps += k;
        decodeBusyMs += step.cost().timeMs() * k;
    }

    /** Busy time of one ordinary step, split between its prefill and decode work (see SimulationRun#attribute). */
    void busy(double prefillMs, double decodeMs) {
        prefillBusyMs += prefillMs;
        decodeBusyMs += decodeMs;
    }

    /** A step priced without being remembered anywhere: tallied by its time, so it is not kept. */
    void transientStep(PricedStep step) {
        transientStep = step;
    }

    private StepTally tally(PricedStep step) {
        if (step == transientStep) {
            transientStep = null;
            long bucket = timeBucket(step);
            StepTally tally = byTime.get(bucket);
            if (tally == null) {
                tally = new StepTally(step);
                byTime.put(bucket, tally);
            }
            return tally;
        }
        if (step == lastStep) {
            return lastTally;
        }
        StepTally tally = tallies.get(step);
        if (tally == null) {
            tally = new StepTally(step);
            tallies.put(step, tally);
        }
        lastStep = step;
        lastTally = tally;
        return tally;
    }

    /** Log buckets 0.1% wide: bounded however many shapes a run prices. */
    private static long timeBucket(PricedStep step) {
        double ms = step.cost().timeMs();
        return ms > 0 ? (long) Math.floor(Math.log(ms) / TIME_BUCKET_RATIO) : Long.MIN_VALUE;
    }

    /** {@code count} inter-token gaps of {@code ms} each. */
    void interTokenGaps(double ms, long count) {
        itl.add(ms, count);
    }

    void finished(SimulatedRequest r) {
        double firstToken = r.firstTokenMs - r.sendMs;
        double endToEnd = r.finishMs - r.sendMs;
        ttft.add(firstToken);
        e2el.add(endToEnd);
        if (r.outputTokens > 1) {
            tpot.add((endToEnd - firstToken) / (r.outputTokens - 1));
        }
        completed++;
        inputTokens += r.promptTokens;
        outputTokens += r.outputTokens;
        lastFinishMs = Math.max(lastFinishMs, r.finishMs);
    }

    int completed() {
        return completed;
    }

    SimulationResult result(int chips, long preemptions, KvBlockPool pool) {
        double durationS = lastFinishMs / 1000.0;
        Map<String, Double> m = new LinkedHashMap<>();
        m.put("completed", (double) completed);
        m.put("duration", durationS);
        m.put("total_input_tokens", (double) inputTokens);
        m.put("total_output_tokens", (double) outputTokens);
        m.put("request_throughput", completed / durationS);
        m.put("output_throughput", outputTokens / durationS);
        m.put("total_token_throughput", (inputTokens + outputTokens) / durationS);
        put(m, "ttft_ms", ttft.stats());
        put(m, "tpot_ms", tpot.stats());
        put(m, "itl_ms", itl.stats());
        put(m, "e2el_ms", e2el.stats());
        m.put("output_throughput_per_chip", outputTokens / durationS / chips);
        double medianTpot = m.get("median_tpot_ms");
        m.put("interactivity", medianTpot > 0 ? 1000.0 / medianTpot : 0.0);
        SimulationStats stats = new SimulationStats(steps, decodeOnlySteps, preemptions, tallies.size() + byTime.size(),
                pricedShapes, stepsWithDecode == 0 ? 0 : (double) decodeSequenceSteps / stepsWithDecode,
                pool.peakBlocksUsed(), pool.blocksTotal(), batchedSteps, prefillBusyMs, decodeBusyMs);
        return new SimulationResult(m, medianDecodeStep(), stats);
    }

    private static void put(Map<String, Double> m, String name, PercentileSummary summary) {
        m.put("mean_" + name, summary.mean());
        m.put("median_" + name, summary.median());
        m.put("p90_" + name, summary.p90());
        m.put("p99_" + name, summary.p99());
    }

    /** The decode-only step of median duration (any step when the run had none), weighted by how often it ran. */
    private PricedStep medianDecodeStep() {
        boolean decodeOnly = decodeOnlySteps > 0;
        List<StepTally> ordered = sortedTallies();
        long total = 0;
        for (StepTally tally : ordered) {
            total += count(tally, decodeOnly);
        }
        long half = (total + 1) / 2;
        long seen = 0;
        for (StepTally tally : ordered) {
            long count = count(tally, decodeOnly);
            seen += count;
            if (count > 0 && seen >= half) {
                return tally.step;
            }
        }
        throw new IllegalStateException("a run without steps");
    }

    /** By time; ties break by the shape itself, so the choice never depends on hash order. */
    private List<StepTally> sortedTallies() {
        List<StepTally> sorted = new ArrayList<>(tallies.values());
        sorted.addAll(byTime.values());
        sorted.sort(Comparator.comparingDouble((StepTally t) -> t.step.cost().timeMs())
                .thenComparing(t -> t.step.shape(), SHAPE_ORDER));
        return sorted;
    }

    private static long count(StepTally tally, boolean decodeOnly) {
        return decodeOnly ? tally.decodeOnlySteps : tally.steps;
    }
}
