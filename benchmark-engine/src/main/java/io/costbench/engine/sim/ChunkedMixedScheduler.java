package io.costbench.engine.sim;

import io.costbench.engine.port.BatchWaiting;
import io.costbench.engine.port.SchedulingRules;

/**
 * vLLM V1: running requests first (decodes and unfinished prefills), then new ones while the token budget and the KV
 * cache allow; prefill chunks and decodes share a step. With TensorRT-LLM's batch waiting, new prompts may sit a few
 * decode steps out to be prefilled together.
 */
final class ChunkedMixedScheduler extends Scheduler {

    /** Whether new prompts may be held back at all (read once: the check runs every step). */
    private final boolean batchWaiting;
    /** Steps the queue's prompts have been held back so far (TensorRT-LLM's batch_wait_iters_count). */
    private int waitedSteps;

    ChunkedMixedScheduler(SchedulingRules rules, KvBlockPool pool, int decodeTokens, int windowTokens) {
        super(rules, pool, decodeTokens, windowTokens);
        this.batchWaiting = rules.batchWaiting().enabled();
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
        if (preemptions() != preemptionsBefore || batchWaiting && holdNewPrompts(budget)) {
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

    /**
     * TensorRT-LLM's {@code _waiting_requests}: while requests decode, the prompts this step could take wait until
     * they and the decodes reach the ratio of the token budget or the timeout has passed; the count starts again once
     * they go. Nothing waits when nothing decodes.
     */
    private boolean holdNewPrompts(int budget) {
        BatchWaiting wait = rules.batchWaiting();
        if (waiting.isEmpty() || decodeSequences() == 0) {
            return false;
        }
        long tokens = (long) decodeSequences() * decodeTokens;
        int room = budget;
        int seats = rules.maxNumSeqs() - running.size();
        for (SimulatedRequest r : waiting) {
            if (room <= 0 || seats == 0) {
                break;
            }
            int n = Math.min(r.remaining(), room);
            tokens += n;
            room -= n;
            seats--;
        }
        if (waitedSteps >= wait.timeoutSteps() || tokens >= wait.maxTokensRatio() * rules.maxBatchedTokens()) {
            waitedSteps = 0;
            return false;
        }
        waitedSteps++;
        return true;
    }

    @Override
    int decodeBudget(int decodes) {
        return rules.maxBatchedTokens() - decodes;
    }
}
