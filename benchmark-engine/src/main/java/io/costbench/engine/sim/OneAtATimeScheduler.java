package io.costbench.engine.sim;

import io.costbench.engine.port.SchedulingRules;

/**
 * Neuron continuous batching (ctx_batch_size = 1): a prompt is processed alone in its own step, before the decodes,
 * whenever one can be admitted; otherwise one decode step over every running sequence.
 */
final class OneAtATimeScheduler extends Scheduler {

    OneAtATimeScheduler(SchedulingRules rules, KvBlockPool pool, int decodeTokens, int windowTokens) {
        super(rules, pool, decodeTokens, windowTokens);
    }

    @Override
    void fill() {
        for (int i = 0; i < running.size(); i++) {
            SimulatedRequest r = running.get(i);
            if (!r.isDecode()) {
                int n = Math.min(r.remaining(), rules.maxBatchedTokens());
                if (pool.allocate(r, r.computed + n)) {
                    schedule(r, i, n, false);
                    return;
                }
            }
        }
        if (!waiting.isEmpty() && running.size() < rules.maxNumSeqs()) {
            SimulatedRequest r = waiting.peekFirst();
            int n = Math.min(r.remaining(), rules.maxBatchedTokens());
            if (pool.allocate(r, admissionTokens(r, n))) {
                waiting.pollFirst();
                running.add(r);
                schedule(r, running.size() - 1, n, false);
                return;
            }
        }
        scheduleDecodes();
    }

    @Override
    int decodeBudget(int decodes) {
        return rules.maxBatchedTokens();
    }
}
