package io.costbench.service.run;

import io.costbench.engine.sim.LengthDistribution;
import io.costbench.engine.sim.RequestLengths;

/**
 * The distributions a load generator states it drew each request's prompt and output lengths from (GuideLLM's
 * synthetic-data stdev, min and max; LLMPerf's stddevs): the prediction draws its requests the same way.
 */
record DrawnLengths(LengthDistribution prompts, LengthDistribution outputs) {

    /** The two distributions, or null when both are a single length (nothing drawn). */
    static DrawnLengths of(LengthDistribution prompts, LengthDistribution outputs) {
        return prompts.isFixed() && outputs.isFixed() ? null : new DrawnLengths(prompts, outputs);
    }

    /** {@code count} requests drawn from one seeded stream, in the order they are sent. */
    RequestLengths draw(int count, long seed) {
        return RequestLengths.draw(count, prompts, outputs, seed);
    }

    /** "prompts 550 ± 150 (normal, redrawn below 1), outputs 150 ± 80 (normal, redrawn below 1)". */
    String label() {
        return "prompts " + prompts.label() + ", outputs " + outputs.label();
    }
}
