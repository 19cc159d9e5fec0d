package io.costbench.engine.sim;

import io.costbench.engine.port.SchedulingRules;

/**
 * vLLM V1: running requests first (decodes and unfinished prefills), then new ones while the token budget and the KV
 * cache allow; prefill chunks and decodes share a step. {@link BatchWaitingScheduler} holds new prompts back as
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
            int n = decode ? decodeTokens : Math.min(r.remaining(), budget);
            if (n > budget || !allocateOrPreempt(r, r.computed + n)) {
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
            int n = Math.min(r.remaining(), budget);
            if (!pool.allocate(r, r.computed + n)) {
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
