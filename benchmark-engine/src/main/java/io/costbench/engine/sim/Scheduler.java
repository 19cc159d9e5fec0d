package io.costbench.engine.sim;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;

import io.costbench.engine.port.PrefillPolicy;
import io.costbench.engine.port.SchedulingRules;

/**
 * Picks what one engine step computes: the running requests (in admission order) and the waiting queue, a token
 * budget, the KV cache. Subclasses follow one prefill policy each; both preempt the same way.
 */
abstract sealed class Scheduler permits ChunkedMixedScheduler, OneAtATimeScheduler {

    final SchedulingRules rules;
    final KvBlockPool pool;
    final int decodeTokens;
    final ArrayDeque<SimulatedRequest> waiting = new ArrayDeque<>();
    final ArrayList<SimulatedRequest> running = new ArrayList<>();
    private SimulatedRequest[] scheduled = new SimulatedRequest[64];
    private int scheduledCount;
    private long preemptions;

    Scheduler(SchedulingRules rules, KvBlockPool pool, int decodeTokens) {
        this.rules = rules;
        this.pool = pool;
        this.decodeTokens = decodeTokens;
    }

    static Scheduler forPolicy(SchedulingRules rules, KvBlockPool pool, int decodeTokens) {
        return rules.prefillPolicy() == PrefillPolicy.ONE_AT_A_TIME
                ? new OneAtATimeScheduler(rules, pool, decodeTokens)
                : new ChunkedMixedScheduler(rules, pool, decodeTokens);
    }

    /** Fills the next step's batch. */
    final void scheduleStep() {
        scheduledCount = 0;
        fill();
    }

    abstract void fill();

    /** The most decodes a step may carry besides prefill chunks (the decode fast path stays within it). */
    abstract int decodeBudget(int decodes);

    final void schedule(SimulatedRequest r, int tokens, boolean decode) {
        r.scheduledTokens = tokens;
        r.decodeStep = decode;
        if (scheduledCount == scheduled.length) {
            scheduled = Arrays.copyOf(scheduled, 2 * scheduledCount);
        }
        scheduled[scheduledCount++] = r;
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

    final long preemptions() {
        return preemptions;
    }

    /** Whether the head of the queue could be admitted now with this token budget. */
    final boolean headAdmissible(int budget) {
        if (waiting.isEmpty() || running.size() >= rules.maxNumSeqs() || budget <= 0) {
            return false;
        }
        SimulatedRequest head = waiting.peekFirst();
        int tokens = Math.min(head.remaining(), budget);
        return pool.wouldFit(head, head.computed + tokens);
    }

    final void removeFinished() {
        running.removeIf(SimulatedRequest::finished);
    }
}
