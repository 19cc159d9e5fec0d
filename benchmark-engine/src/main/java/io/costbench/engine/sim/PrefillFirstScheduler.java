package io.costbench.engine.sim;

import io.costbench.engine.port.SchedulingRules;

/**
 * SGLang's default loop ({@link io.costbench.engine.port.PrefillPolicy#PREFILL_FIRST}): a step of prompts alone
 * whenever one can be admitted, first the rest of a prompt chunked in the last such step, then new ones in arrival
 * order while the token budget and the KV cache allow (the last one chunked to what is left); otherwise one decode
 * step over every running sequence.
 */
final class PrefillFirstScheduler extends Scheduler {

    PrefillFirstScheduler(SchedulingRules rules, KvBlockPool pool, int decodeTokens, int windowTokens) {
        super(rules, pool, decodeTokens, windowTokens);
    }

    @Override
    void fill() {
        int budget = rules.maxBatchedTokens();
        for (int i = 0; i < running.size() && budget > 0; i++) {
            SimulatedRequest r = running.get(i);
            if (r.isDecode()) {
                continue;
            }
            int n = Math.min(r.remaining(), budget);
            if (!allocateOrPreempt(r, r.computed + n)) {
                break;
            }
            schedule(r, i, n, false);
            budget -= n;
        }
        while (!waiting.isEmpty() && budget > 0 && running.size() < rules.maxNumSeqs()) {
            SimulatedRequest r = waiting.peekFirst();
            int n = Math.min(r.remaining(), budget);
            if (!pool.allocate(r, admissionTokens(r, n))) {
                break;
            }
            waiting.pollFirst();
            running.add(r);
            schedule(r, running.size() - 1, n, false);
            budget -= n;
        }
        if (scheduledCount() == 0) {
            scheduleDecodes();
        }
    }

    /** A prompt takes a step of its own, with the whole budget: decodes never share it. */
    @Override
    int decodeBudget(int decodes) {
        return rules.maxBatchedTokens();
    }
}
