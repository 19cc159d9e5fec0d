package io.costbench.engine.sim;

import io.costbench.engine.port.SchedulingRules;

/**
 * vLLM V1: running requests first (decodes and unfinished prefills), then new ones while the token budget and the KV
 * cache allow; prefill chunks and decodes share a step. TensorRT-LLM's scheduler without chunking is the same loop with
 * whole prompts only ({@link io.costbench.engine.port.PrefillPolicy#WHOLE_PROMPTS}): the first that does not fit
 * waits, and so does everything queued behind it. {@link BatchWaitingScheduler} holds new prompts back as
 * TensorRT-LLM's batch waiting does.
 */
sealed class ChunkedMixedScheduler extends Scheduler permits BatchWaitingScheduler {

    ChunkedMixedScheduler(SchedulingRules rules, KvBlockPool pool, int decodeTokens, int windowTokens) {
        super(rules, pool, decodeTokens, windowTokens);
    }

    @Override
    void fill() {
        int budget = rules.maxBatchedTokens();
        long preemptionsBefore = preemptions();
        for (int i = 0; i < running.size() && budget > 0; i++) {
            SimulatedRequest r = running.get(i);
            boolean decode = r.isDecode();
            int n = decode ? decodeTokens : promptTokens(r, budget);
            if (n > budget || n == 0 || !allocateOrPreempt(r, r.computed + n)) {
                break;
            }
            schedule(r, i, n, decode);
            budget -= n;
        }
        if (preemptions() != preemptionsBefore || holdNewPrompts(budget)) {
            return;
        }
        while (!waiting.isEmpty() && budget > 0 && running.size() < rules.maxNumSeqs()) {
            SimulatedRequest r = waiting.peekFirst();
            int n = promptTokens(r, budget);
            if (n == 0 || !pool.allocate(r, admissionTokens(r, n))) {
                break;
            }
            waiting.pollFirst();
            running.add(r);
            schedule(r, running.size() - 1, n, false);
            budget -= n;
        }
    }

    /** Whether the queue's prompts sit this step out: never here (see {@link BatchWaitingScheduler}). */
    boolean holdNewPrompts(int budget) {
        return false;
    }

    @Override
    int decodeBudget(int decodes) {
        return rules.maxBatchedTokens() - decodes;
    }
}
