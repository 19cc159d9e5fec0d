package io.costbench.engine.sim;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import io.costbench.engine.graph.PrefillChunk;
import io.costbench.engine.graph.StepShape;
import io.costbench.engine.port.Deployment;
import io.costbench.engine.port.PrefillPolicy;
import io.costbench.engine.port.SchedulingRules;
import io.costbench.engine.port.SpeculativeDecoding;

/**
 * One simulated benchmark run. Token accounting follows vLLM's scheduler: a request holds {@code prompt + generated}
 * tokens of which {@code computed} are in the KV cache; a step computes some of the rest, and whenever a request has
 * caught up with its tokens it samples the next one. A decode is a request one token behind; anything else
 * scheduled is a prefill chunk (including the recompute of a preempted request).
 */
final class SimulationRun {

    private static final long ARRIVAL_SALT = 0x9E3779B97F4A7C15L;
    private static final long ACCEPTANCE_SALT = 0xC2B2AE3D27D4EB4FL;
    private static final Comparator<StepShape> SHAPE_ORDER = Comparator.comparingInt(StepShape::decodeSequences)
            .thenComparingLong(StepShape::decodeContextTokensSum).thenComparingInt(StepShape::decodeContextTokensMax)
            .thenComparingLong(StepShape::decodeWindowedContextTokensSum)
            .thenComparingInt(StepShape::decodeTokensPerSequence).thenComparingInt(StepShape::prefillTokens)
            .thenComparing(StepShape::toString);

    private final ServingSimulator simulator;
    private final Deployment deployment;
    private final SchedulingRules rules;
    private final Workload workload;
    private final SpeculativeDecoding speculative;
    private final int decodeTokens;
    private final int window;
    private final SplittableRandom acceptanceRandom;
    private final Request[] requests;
    private final ArrayDeque<Request> waiting = new ArrayDeque<>();
    private final ArrayList<Request> running = new ArrayList<>();
    private Request[] scheduled = new Request[64];
    private int scheduledCount;
    private final List<PrefillChunk> chunks = new ArrayList<>();
    private final IdentityHashMap<PricedStep, long[]> stepCounts = new IdentityHashMap<>();
    private final Percentiles.Weighted itl = new Percentiles.Weighted();

    private final long blocksTotal;
    private final long blockTokens;
    private long blocksFree;
    private long peakBlocksUsed;
    private double now;
    private double lastRelease = Double.NEGATIVE_INFINITY;
    private int nextToSend;
    private final io.costbench.engine.port.FrontEnd frontEnd;
    private final java.util.ArrayDeque<Request> inTransit = new java.util.ArrayDeque<>();
    private double frontEndFreeMs;
    private int inFlight;
    private int completed;
    private long steps;
    private long decodeOnlySteps;
    private long decodeSequenceSteps;
    private long stepsWithDecode;
    private long preemptions;
    private long batchedSteps;
    /** Accelerator time spent on prompts (prefill chunks) and on decoding, for splitting the bill between them. */
    private double prefillBusyMs;
    private double decodeBusyMs;
    private int pricedShapes;

    SimulationRun(ServingSimulator simulator, Deployment deployment, Workload workload) {
        this.simulator = simulator;
        this.deployment = deployment;
        this.rules = deployment.scheduling();
        this.workload = workload;
        this.speculative = rules.speculative();
        this.decodeTokens = speculative == null ? 1 : speculative.draftTokens() + 1;
        this.window = deployment.model().slidingWindowTokens();
        this.acceptanceRandom = new SplittableRandom(workload.seed() ^ ACCEPTANCE_SALT);
        this.blockTokens = rules.kvBlockTokens();
        this.blocksTotal = rules.kvCacheCapacityTokens() / blockTokens;
        this.blocksFree = blocksTotal;
        this.requests = generate();
        this.frontEnd = deployment.frontEnd();
    }

    /** Lengths and arrival times drawn up front from seeded streams, as the benchmark client samples its dataset. */
    private Request[] generate() {
        SplittableRandom lengths = new SplittableRandom(workload.seed());
        SplittableRandom arrivals = new SplittableRandom(workload.seed() ^ ARRIVAL_SALT);
        Request[] all = new Request[workload.numPrompts()];
        double arrival = 0;
        long largestBlocks = 0;
        for (int i = 0; i < all.length; i++) {
            int prompt = length(lengths, workload.inputTokens());
            int output = length(lengths, workload.outputTokens());
            if (i > 0 && workload.requestRatePerSecond() > 0) {
                arrival += -Math.log(1.0 - arrivals.nextDouble()) / workload.requestRatePerSecond() * 1000.0;
            }
            all[i] = new Request(prompt, output, arrival);
            largestBlocks = Math.max(largestBlocks, blocks(prompt + output + decodeTokens));
        }
        if (largestBlocks > blocksTotal) {
            throw new IllegalArgumentException("a sequence of " + (workload.inputTokens() + workload.outputTokens())
                    + " tokens does not fit the KV cache of " + rules.kvCacheCapacityTokens() + " tokens");
        }
        return all;
    }

    private int length(SplittableRandom random, int max) {
        if (workload.rangeRatio() >= 1.0) {
            return max;
        }
        int min = Math.max(1, (int) (workload.rangeRatio() * max));
        return min + random.nextInt(max - min + 1);
    }

    SimulationResult execute() {
        release();
        while (completed < requests.length) {
            if (running.isEmpty() && waiting.isEmpty()) {
                now = Math.max(now, nextEventMs());
                release();
                continue;
            }
            if (decodeRun()) {
                release();
                continue;
            }
            scheduledCount = 0;
            if (rules.prefillPolicy() == PrefillPolicy.ONE_AT_A_TIME) {
                scheduleOneAtATime();
            } else {
                scheduleChunkedMixed();
            }
            if (scheduledCount == 0) {
                throw new IllegalStateException("scheduler made no progress at t=" + now + " ms with "
                        + running.size() + " running and " + waiting.size() + " waiting");
            }
            PricedStep step = priceStep();
            finishStep(step.cost().timeMs());
            release();
        }
        return result();
    }

    /** Sends requests whose arrival time has come while the client's concurrency cap allows. */
    private void release() {
        int cap = workload.maxConcurrency();
        while (nextToSend < requests.length && (cap == 0 || inFlight < cap)
                && requests[nextToSend].arrivalMs <= now) {
            Request r = requests[nextToSend++];
            // One that arrived before the last release point was held back by the cap: it goes when a slot frees.
            r.sendMs = r.arrivalMs > lastRelease ? r.arrivalMs : now;
            // The server tokenizes one prompt at a time, then hands the request to the engine.
            double tokenized = Math.max(frontEndFreeMs, r.sendMs) + frontEnd.tokenizeMs(r.promptTokens);
            frontEndFreeMs = tokenized;
            r.engineArrivalMs = tokenized + frontEnd.requestMs();
            inTransit.addLast(r);
            inFlight++;
        }
        lastRelease = now;
        while (!inTransit.isEmpty() && inTransit.peekFirst().engineArrivalMs <= now) {
            waiting.addLast(inTransit.pollFirst());
        }
    }

    /** When the engine next gets something new: a request reaching it, or the client's next send. */
    private double nextEventMs() {
        double event = inTransit.isEmpty() ? Double.POSITIVE_INFINITY : inTransit.peekFirst().engineArrivalMs;
        if (nextToSend < requests.length && (workload.maxConcurrency() == 0 || inFlight < workload.maxConcurrency())) {
            event = Math.min(event, requests[nextToSend].arrivalMs);
        }
        return event;
    }

    /** vLLM V1: running requests first (decodes and unfinished prefills), then new ones while budget and KV allow. */
    private void scheduleChunkedMixed() {
        int budget = rules.maxBatchedTokens();
        boolean preempted = false;
        for (int i = 0; i < running.size() && budget > 0; i++) {
            Request r = running.get(i);
            boolean decode = r.isDecode();
            int n = decode ? decodeTokens : Math.min(r.remaining(), budget);
            if (n > budget) {
                break;
            }
            boolean fits = true;
            while (!allocate(r, r.computed + n)) {
                Request victim = running.get(running.size() - 1);
                preempt(victim);
                preempted = true;
                if (victim == r) {
                    fits = false;
                    break;
                }
            }
            if (!fits) {
                break;
            }
            schedule(r, n, decode);
            budget -= n;
        }
        if (preempted) {
            return;
        }
        while (!waiting.isEmpty() && budget > 0 && running.size() < rules.maxNumSeqs()) {
            Request r = waiting.peekFirst();
            int n = Math.min(r.remaining(), budget);
            if (!allocate(r, r.computed + n)) {
                break;
            }
            waiting.pollFirst();
            running.add(r);
            schedule(r, n, false);
            budget -= n;
        }
    }

    /**
     * Neuron continuous batching (ctx_batch_size = 1): a prompt is processed alone in its own step, before the
     * decodes, whenever one can be admitted; otherwise one decode step over every running sequence.
     */
    private void scheduleOneAtATime() {
        for (Request r : running) {
            if (!r.isDecode()) {
                int n = Math.min(r.remaining(), rules.maxBatchedTokens());
                if (allocate(r, r.computed + n)) {
                    schedule(r, n, false);
                    return;
                }
            }
        }
        if (!waiting.isEmpty() && running.size() < rules.maxNumSeqs()) {
            Request r = waiting.peekFirst();
            int n = Math.min(r.remaining(), rules.maxBatchedTokens());
            if (allocate(r, r.computed + n)) {
                waiting.pollFirst();
                running.add(r);
                schedule(r, n, false);
                return;
            }
        }
        for (int i = 0; i < running.size(); i++) {
            Request r = running.get(i);
            boolean fits = true;
            while (!allocate(r, r.computed + decodeTokens)) {
                Request victim = running.get(running.size() - 1);
                preempt(victim);
                if (victim == r) {
                    fits = false;
                    break;
                }
            }
            if (!fits) {
                break;
            }
            schedule(r, decodeTokens, true);
        }
    }

    /**
     * Runs several decode-only steps at once when nothing can change between them but the contexts growing by one
     * token: every running request decodes, none finishes, no waiting request can be admitted, no request arrives,
     * the KV cache has the blocks, and the canonical shape (hence the price) stays the same. The outcome is the one
     * the step-by-step path produces; it only skips the per-step bookkeeping (the bulk of a long decode).
     */
    private boolean decodeRun() {
        if (!simulator.decodeRuns() || speculative != null || running.isEmpty()) {
            return false;
        }
        int n = running.size();
        boolean chunked = rules.prefillPolicy() == PrefillPolicy.CHUNKED_MIXED;
        if (chunked && n > rules.maxBatchedTokens()) {
            return false;
        }
        long contextSum = 0;
        long windowedSum = 0;
        int contextMax = 0;
        int below = 0;
        long limit = Long.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            Request r = running.get(i);
            if (!r.isDecode()) {
                return false;
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
        }
        if (limit < 2 || admissible(chunked ? rules.maxBatchedTokens() - n : rules.maxBatchedTokens())) {
            return false;
        }
        int k = (int) Math.min(limit, Integer.MAX_VALUE);
        StepShape first = canonicalDecode(n, contextSum, contextMax, windowedSum, below, 0);
        // The canonical shape only grows with the step index: the run ends where it first changes.
        int lo = 1;
        int hi = k;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (canonicalDecode(n, contextSum, contextMax, windowedSum, below, mid - 1).equals(first)) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        k = lo;
        while (k >= 2 && blocksNeeded(k) > blocksFree) {
            k /= 2;
        }
        if (k < 2) {
            return false;
        }
        PricedStep step = simulator.lookup(first);
        if (step == null) {
            step = simulator.price(first);
            pricedShapes++;
        }
        double stepMs = step.cost().timeMs();
        double arrival = nextEventMs();
        if (arrival != Double.POSITIVE_INFINITY) {
            double end = now;
            int fit = 0;
            while (fit < k && (end += stepMs) < arrival) {
                fit++;
            }
            k = fit;
            if (k < 2) {
                return false;
            }
        }
        applyDecodeRun(step, k);
        return true;
    }

    private StepShape canonicalDecode(int n, long contextSum, int contextMax, long windowedSum, int below, int j) {
        return simulator.quantizer().canonical(n, 1, contextSum + (long) j * n, contextMax + j,
                windowedSum + (long) j * below, window, List.of());
    }

    /** Whether the head of the queue could be admitted now (it then could not later: free blocks only shrink). */
    private boolean admissible(int budget) {
        if (waiting.isEmpty() || running.size() >= rules.maxNumSeqs() || budget <= 0) {
            return false;
        }
        Request head = waiting.peekFirst();
        int tokens = Math.min(head.remaining(), budget);
        return blocks(head.computed + tokens) - head.blocks <= blocksFree;
    }

    private long blocksNeeded(int steps) {
        long need = 0;
        for (Request r : running) {
            need += Math.max(0, blocks((long) r.computed + steps) - r.blocks);
        }
        return need;
    }

    private void applyDecodeRun(PricedStep step, int k) {
        double stepMs = step.cost().timeMs();
        double start = now;
        double firstEnd = now + stepMs;
        for (int j = 0; j < k; j++) {
            now += stepMs;
        }
        long together = 0;
        for (Request r : running) {
            long need = blocks((long) r.computed + k) - r.blocks;
            if (need > 0) {
                r.blocks += need;
                blocksFree -= need;
            }
            if (r.lastTokenMs == start) {
                together++;
            } else {
                itl.add(firstEnd - r.lastTokenMs, 1);
            }
            r.computed += k;
            r.generated += k;
            r.lastTokenMs = now;
        }
        peakBlocksUsed = Math.max(peakBlocksUsed, blocksTotal - blocksFree);
        int n = running.size();
        itl.add(stepMs, together);
        itl.add(stepMs, (long) n * (k - 1));
        long[] counts = stepCounts.computeIfAbsent(step, s -> new long[2]);
        counts[0] += k;
        counts[1] += k;
        steps += k;
        decodeOnlySteps += k;
        decodeBusyMs += stepMs * k;
        stepsWithDecode += k;
        decodeSequenceSteps += (long) n * k;
        batchedSteps += k;
    }

    private void schedule(Request r, int tokens, boolean decode) {
        r.scheduledTokens = tokens;
        r.decodeStep = decode;
        if (scheduledCount == scheduled.length) {
            scheduled = java.util.Arrays.copyOf(scheduled, 2 * scheduledCount);
        }
        scheduled[scheduledCount++] = r;
    }

    private long blocks(long tokens) {
        return (tokens + blockTokens - 1) / blockTokens;
    }

    private boolean allocate(Request r, long tokens) {
        if (tokens <= r.blocks * blockTokens) {
            return true;
        }
        long need = blocks(tokens) - r.blocks;
        if (need <= 0) {
            return true;
        }
        if (need > blocksFree) {
            return false;
        }
        r.blocks += need;
        blocksFree -= need;
        peakBlocksUsed = Math.max(peakBlocksUsed, blocksTotal - blocksFree);
        return true;
    }

    /** Recompute preemption: drop the cache, back to the front of the queue. */
    private void preempt(Request r) {
        running.remove(running.size() - 1);
        blocksFree += r.blocks;
        r.blocks = 0;
        r.computed = 0;
        waiting.addFirst(r);
        preemptions++;
    }

    private PricedStep priceStep() {
        int decodeSequences = 0;
        long contextSum = 0;
        long windowedSum = 0;
        int contextMax = 0;
        chunks.clear();
        for (int i = 0; i < scheduledCount; i++) {
            Request r = scheduled[i];
            if (r.decodeStep) {
                decodeSequences++;
                int context = r.computed;
                contextSum += context;
                windowedSum += window > 0 ? Math.min(context, window) : context;
                contextMax = Math.max(contextMax, context);
            } else {
                chunks.add(new PrefillChunk(r.scheduledTokens, r.computed));
            }
        }
        StepShape canonical = simulator.quantizer().canonical(decodeSequences, decodeTokens, contextSum, contextMax,
                windowedSum, window, chunks);
        PricedStep step = simulator.lookup(canonical);
        if (step == null) {
            step = simulator.price(canonical);
            pricedShapes++;
        }
        attribute(step, decodeSequences, contextSum, contextMax, windowedSum);
        long[] counts = stepCounts.computeIfAbsent(step, s -> new long[2]);
        counts[0]++;
        steps++;
        if (decodeSequences > 0) {
            stepsWithDecode++;
            decodeSequenceSteps += decodeSequences;
            if (chunks.isEmpty()) {
                counts[1]++;
                decodeOnlySteps++;
            }
        }
        return step;
    }

    /**
     * Splits a step's time between prefill and decode work. A step of one kind is all that kind's. A mixed step
     * (chunked prefill riding on decodes) charges decode what the same decodes cost alone, priced like any step (and
     * memoised), and prefill the rest: the time the prompts added.
     */
    private void attribute(PricedStep step, int decodeSequences, long contextSum, int contextMax, long windowedSum) {
        double stepMs = step.cost().timeMs();
        if (chunks.isEmpty()) {
            decodeBusyMs += stepMs;
        } else if (decodeSequences == 0) {
            prefillBusyMs += stepMs;
        } else {
            StepShape decodeOnly = simulator.quantizer().canonical(decodeSequences, decodeTokens, contextSum,
                    contextMax, windowedSum, window, List.of());
            PricedStep alone = simulator.lookup(decodeOnly);
            if (alone == null) {
                alone = simulator.price(decodeOnly);
                pricedShapes++;
            }
            double decodeMs = Math.min(stepMs, alone.cost().timeMs());
            decodeBusyMs += decodeMs;
            prefillBusyMs += stepMs - decodeMs;
        }
    }

    private void finishStep(double stepMs) {
        double start = now;
        double end = now + stepMs;
        long advancedTogether = 0;
        boolean anyFinished = false;
        for (int i = 0; i < scheduledCount; i++) {
            Request r = scheduled[i];
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
                itl.add(end - r.lastTokenMs, 1);
            }
            r.lastTokenMs = end;
            if (r.generated >= r.outputTokens) {
                r.finishMs = end;
                blocksFree += r.blocks;
                r.blocks = 0;
                inFlight--;
                completed++;
                anyFinished = true;
            }
        }
        itl.add(stepMs, advancedTogether);
        if (anyFinished) {
            running.removeIf(r -> !Double.isNaN(r.finishMs));
        }
        now = end;
    }

    /** Accepted draft positions: the chain stops at the first rejection. */
    private int acceptedDrafts() {
        int accepted = 0;
        for (double p : speculative.acceptanceByPosition()) {
            if (acceptanceRandom.nextDouble() >= p) {
                break;
            }
            accepted++;
        }
        return accepted;
    }

    private SimulationResult result() {
        int n = requests.length;
        double[] ttft = new double[n];
        double[] e2el = new double[n];
        double[] tpot = new double[n];
        int tpotCount = 0;
        long inputTokens = 0;
        long outputTokens = 0;
        double lastFinish = 0;
        for (int i = 0; i < n; i++) {
            Request r = requests[i];
            ttft[i] = r.firstTokenMs - r.sendMs;
            e2el[i] = r.finishMs - r.sendMs;
            if (r.outputTokens > 1) {
                tpot[tpotCount++] = (e2el[i] - ttft[i]) / (r.outputTokens - 1);
            }
            inputTokens += r.promptTokens;
            outputTokens += r.outputTokens;
            lastFinish = Math.max(lastFinish, r.finishMs);
        }
        double durationS = lastFinish / 1000.0;
        Map<String, Double> m = new LinkedHashMap<>();
        m.put("completed", (double) n);
        m.put("duration", durationS);
        m.put("total_input_tokens", (double) inputTokens);
        m.put("total_output_tokens", (double) outputTokens);
        m.put("request_throughput", n / durationS);
        m.put("output_throughput", outputTokens / durationS);
        m.put("total_token_throughput", (inputTokens + outputTokens) / durationS);
        put(m, "ttft_ms", Percentiles.of(ttft, n));
        put(m, "tpot_ms", Percentiles.of(tpot, tpotCount));
        put(m, "itl_ms", itl.stats());
        put(m, "e2el_ms", Percentiles.of(e2el, n));
        m.put("output_throughput_per_chip", outputTokens / durationS / deployment.chips());
        double medianTpot = m.get("median_tpot_ms");
        m.put("interactivity", medianTpot > 0 ? 1000.0 / medianTpot : 0.0);
        SimulationStats stats = new SimulationStats(steps, decodeOnlySteps, preemptions, stepCounts.size(),
                pricedShapes, stepsWithDecode == 0 ? 0 : (double) decodeSequenceSteps / stepsWithDecode,
                peakBlocksUsed, blocksTotal, batchedSteps, prefillBusyMs, decodeBusyMs);
        return new SimulationResult(m, medianDecodeStep(), stats);
    }

    private static void put(Map<String, Double> m, String name, double[] stats) {
        m.put("mean_" + name, stats[0]);
        m.put("median_" + name, stats[1]);
        m.put("p90_" + name, stats[2]);
        m.put("p99_" + name, stats[3]);
    }

    /** The decode-only step of median duration (any step when the run had none), weighted by how often it ran. */
    private PricedStep medianDecodeStep() {
        int column = decodeOnlySteps > 0 ? 1 : 0;
        List<Map.Entry<PricedStep, long[]>> entries = new ArrayList<>();
        long total = 0;
        for (Map.Entry<PricedStep, long[]> entry : stepCounts.entrySet()) {
            if (entry.getValue()[column] > 0) {
                entries.add(entry);
                total += entry.getValue()[column];
            }
        }
        // Ties on time break by the shape itself, so the choice never depends on hash order.
        entries.sort(Comparator.comparingDouble((Map.Entry<PricedStep, long[]> e) -> e.getKey().cost().timeMs())
                .thenComparing(e -> e.getKey().shape(), SHAPE_ORDER));
        long half = (total + 1) / 2;
        long seen = 0;
        for (Map.Entry<PricedStep, long[]> entry : entries) {
            seen += entry.getValue()[column];
            if (seen >= half) {
                return entry.getKey();
            }
        }
        throw new IllegalStateException("a run without steps");
    }

    /** A request's mutable state in the engine. */
    private static final class Request {
        final int promptTokens;
        final int outputTokens;
        final double arrivalMs;
        double sendMs;
        double engineArrivalMs;
        int computed;
        int generated;
        long blocks;
        int scheduledTokens;
        boolean decodeStep;
        double firstTokenMs = Double.NaN;
        double lastTokenMs;
        double finishMs = Double.NaN;

        Request(int promptTokens, int outputTokens, double arrivalMs) {
            this.promptTokens = promptTokens;
            this.outputTokens = outputTokens;
            this.arrivalMs = arrivalMs;
        }

        int tokens() {
            return promptTokens + generated;
        }

        int remaining() {
            return tokens() - computed;
        }

        boolean isDecode() {
            return generated > 0 && remaining() == 1;
        }
    }
}
