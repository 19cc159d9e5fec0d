package io.costbench.engine.sim;

import io.costbench.engine.port.SchedulingRules;

/** Schedulers caught mid-run, for the scheduling tests. */
final class SchedulerFixtures {

    private SchedulerFixtures() {
    }

    /** A scheduler with {@code decoding} requests past their 100-token prompt and the given prompts queued. */
    static Scheduler withQueue(SchedulingRules rules, int decoding, int... queuedPrompts) {
        KvBlockPool pool = new KvBlockPool(rules.kvCacheCapacityTokens(), rules.kvBlockTokens());
        Scheduler scheduler = Scheduler.forPolicy(rules, pool, 1, 0);
        for (int i = 0; i < decoding; i++) {
            SimulatedRequest r = new SimulatedRequest(100, 50, 0);
            r.computed = 100;
            r.generated = 1;
            pool.allocate(r, 101);
            scheduler.running.add(r);
        }
        for (int prompt : queuedPrompts) {
            scheduler.waiting.add(new SimulatedRequest(prompt, 50, 0));
        }
        return scheduler;
    }
}
