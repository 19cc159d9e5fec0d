package io.costbench.engine.sim;

import io.costbench.engine.port.BatchWaiting;
import io.costbench.engine.port.SchedulingRules;

/**
 * The chunked scheduler with TensorRT-LLM's batch waiting ({@link BatchWaiting}): a scheduler of its own so that the
 * plain one pays nothing for the check on every step.
 */
final class BatchWaitingScheduler extends ChunkedMixedScheduler {

    private final BatchWaiting wait;
    /** Steps the queue's prompts have been held back so far (TensorRT-LLM's batch_wait_iters_count). */
    private int waitedSteps;

    BatchWaitingScheduler(SchedulingRules rules, KvBlockPool pool, int decodeTokens, int windowTokens) {
        super(rules, pool, decodeTokens, windowTokens);
        this.wait = rules.batchWaiting();
    }

    /**
     * TensorRT-LLM's {@code _waiting_requests}: while requests decode, the prompts this step could take wait until
     * they and the decodes reach the ratio of the token budget or the timeout has passed; the count starts again once
     * they go. Nothing waits when nothing decodes.
     */
    @Override
    boolean holdNewPrompts(int budget) {
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
            int n = promptTokens(r, room);
            if (n == 0) {
                break;
            }
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
}
