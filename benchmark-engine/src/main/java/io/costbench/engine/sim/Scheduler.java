package io.costbench.engine.sim;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.costbench.engine.graph.PrefillChunk;

import io.costbench.engine.port.PrefillPolicy;
import io.costbench.engine.port.SchedulingRules;

/**
 * Picks what one engine step computes: the running requests (in admission order) and the waiting queue, a token
 * budget, the KV cache. Subclasses follow one prefill policy each; all preempt the same way.
 */
abstract sealed class Scheduler permits ChunkedMixedScheduler, OneAtATimeScheduler, PrefillFirstScheduler {

    final SchedulingRules rules;
    final KvBlockPool pool;
    final int decodeTokens;
    private final int windowTokens;
    final ArrayDeque<SimulatedRequest> waiting = new ArrayDeque<>();
    final ArrayList<SimulatedRequest> running = new ArrayList<>();
    private SimulatedRequest[] scheduled = new SimulatedRequest[64];
    private int scheduledCount;
    private long preemptions;
    /*
     * The step's decodes summed up and its prefill chunks, as they are scheduled: what pricing the step needs, without
     * another pass over the batch. A scheduled request's cache does not change before the step runs (preemption
     * only takes requests not scheduled yet), so these are the batch's numbers when it is priced.
     */
    private int decodeSequences;
    private long decodeContextSum;
    private long decodeWindowedContextSum;
    private int decodeContextMax;
    private final List<PrefillChunk> prefillChunks = new ArrayList<>();
    /** Where in the running list the requests that finished this step are, to take them out without a search. */
    private int[] finishedIndices = new int[8];
    private int finishedCount;
    /** Prompts go whole or not at all ({@link PrefillPolicy#WHOLE_PROMPTS}). */
    private final boolean wholePrompts;

    /** @param windowTokens the model's sliding window, 0 when it has none */
    Scheduler(SchedulingRules rules, KvBlockPool pool, int decodeTokens, int windowTokens) {
        this.rules = rules;
        this.pool = pool;
        this.decodeTokens = decodeTokens;
        this.windowTokens = windowTokens;
        this.wholePrompts = rules.prefillPolicy() == PrefillPolicy.WHOLE_PROMPTS;
    }

    static Scheduler forPolicy(SchedulingRules rules, KvBlockPool pool, int decodeTokens, int windowTokens) {
        if (rules.prefillPolicy() == PrefillPolicy.ONE_AT_A_TIME) {
            return new OneAtATimeScheduler(rules, pool, decodeTokens, windowTokens);
        }
        if (rules.prefillPolicy() == PrefillPolicy.PREFILL_FIRST) {
            return new PrefillFirstScheduler(rules, pool, decodeTokens, windowTokens);
        }
        return rules.batchWaiting().enabled() ? new BatchWaitingScheduler(rules, pool, decodeTokens, windowTokens)
                : new ChunkedMixedScheduler(rules, pool, decodeTokens, windowTokens);
    }

    /** Fills the next step's batch. */
    final void scheduleStep() {
        scheduledCount = 0;
        decodeSequences = 0;
        decodeContextSum = 0;
        decodeWindowedContextSum = 0;
        decodeContextMax = 0;
        prefillChunks.clear();
        fill();
    }

    abstract void fill();

    /** The most decodes a step may carry besides prefill chunks (the decode fast path stays within it). */
    abstract int decodeBudget(int decodes);

    /**
     * @param runningIndex where {@code r} is in the running list: it stays there until the step has run (preemption
     *                     only takes requests further back, admission appends)
     */
    final void schedule(SimulatedRequest r, int runningIndex, int tokens, boolean decode) {
        r.runningIndex = runningIndex;
        r.scheduledTokens = tokens;
        r.decodeStep = decode;
        if (scheduledCount == scheduled.length) {
            scheduled = Arrays.copyOf(scheduled, 2 * scheduledCount);
        }
        scheduled[scheduledCount++] = r;
        int context = r.computed;
        if (decode) {
            decodeSequences++;
            decodeContextSum += context;
            decodeWindowedContextSum += windowTokens > 0 ? Math.min(context, windowTokens) : context;
            decodeContextMax = Math.max(decodeContextMax, context);
        } else {
            prefillChunks.add(new PrefillChunk(tokens, context));
        }
    }

    /** Decodes in the step just scheduled. */
    final int decodeSequences() {
        return decodeSequences;
    }

    /** Sum of their contexts (tokens in the cache). */
    final long decodeContextSum() {
        return decodeContextSum;
    }

    /** Sum of their contexts capped at the sliding window (the plain sum without one). */
    final long decodeWindowedContextSum() {
        return decodeWindowedContextSum;
    }

    final int decodeContextMax() {
        return decodeContextMax;
    }

    /** The step's prefill chunks (exact), in scheduling order. */
    final List<PrefillChunk> prefillChunks() {
        return prefillChunks;
    }

    final int scheduledCount() {
        return scheduledCount;
    }

    final SimulatedRequest scheduled(int i) {
        return scheduled[i];
    }

    /**
     * Grows a running request's cache to {@code tokens}, preempting from the back of the running list (recompute:
     * the victim drops its cache and goes back to the front of the queue) until it fits.
     *
     * @return false when the request itself had to be preempted
     */
    final boolean allocateOrPreempt(SimulatedRequest r, long tokens) {
        while (!pool.allocate(r, tokens)) {
            SimulatedRequest victim = running.remove(running.size() - 1);
            pool.free(victim);
            victim.computed = 0;
            waiting.addFirst(victim);
            preemptions++;
            if (victim == r) {
                return false;
            }
        }
        return true;
    }

    /**
     * One decode step over every running sequence, in admission order, preempting from the back when the cache runs
     * out (for the schedulers that run prompts in steps of their own, called when no prompt step could be formed).
     */
    final void scheduleDecodes() {
        for (int i = 0; i < running.size(); i++) {
            SimulatedRequest r = running.get(i);
            if (!allocateOrPreempt(r, r.computed + decodeTokens)) {
                break;
            }
            schedule(r, i, decodeTokens, true);
        }
    }

    final long preemptions() {
        return preemptions;
    }

    /** Whether the head of the queue could be admitted now with this token budget. */
    final boolean headAdmissible(int budget) {
        if (waiting.isEmpty() || running.size() >= rules.maxNumSeqs() || budget <= 0) {
            return false;
        }
        SimulatedRequest head = waiting.peekFirst();
        int tokens = promptTokens(head, budget);
        return tokens > 0 && pool.wouldFit(head, admissionTokens(head, tokens));
    }

    /**
     * The cache a queued request needs to start with {@code tokens} of its prompt: those tokens, or under
     * {@link SchedulingRules#reservesToCompletion()} its prompt and whole answer, so that it never grows (capped at
     * the whole cache, where the engine would run it alone rather than never).
     */
    final long admissionTokens(SimulatedRequest r, int tokens) {
        long now = (long) r.computed + tokens;
        if (!rules.reservesToCompletion()) {
            return now;
        }
        long whole = Math.min((long) r.promptTokens + r.outputTokens, pool.blocksTotal() * rules.kvBlockTokens());
        return Math.max(now, whole);
    }

    /**
     * The prompt tokens {@code r} may compute in a step with {@code budget} tokens left: a chunk up to the budget, or
     * under {@link PrefillPolicy#WHOLE_PROMPTS} the whole rest of the prompt or nothing (0). A rest no step could hold
     * (a preempted request recomputing its prompt and answer) still goes in chunks, or it would never run.
     */
    final int promptTokens(SimulatedRequest r, int budget) {
        int rest = r.remaining();
        if (rest <= budget) {
            return rest;
        }
        return wholePrompts && rest <= rules.maxBatchedTokens() ? 0 : budget;
    }

    /** A request of the step that just ran has finished; {@link #removeFinished} takes it out of the running list. */
    final void finished(SimulatedRequest r) {
        if (running.get(r.runningIndex) != r) {
            throw new IllegalStateException("a finished request is not where it was scheduled from");
        }
        if (finishedCount == finishedIndices.length) {
            finishedIndices = Arrays.copyOf(finishedIndices, 2 * finishedCount);
        }
        finishedIndices[finishedCount++] = r.runningIndex;
    }

    /** Removes this step's finished requests, the rest keeping their order. */
    final void removeFinished() {
        if (finishedCount > 1) {
            Arrays.sort(finishedIndices, 0, finishedCount);
        }
        for (int i = finishedCount - 1; i >= 0; i--) {
            running.remove(finishedIndices[i]);
        }
        finishedCount = 0;
    }
}
