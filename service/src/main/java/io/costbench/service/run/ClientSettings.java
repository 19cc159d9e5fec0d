package io.costbench.service.run;

import io.costbench.engine.sim.RampUp;

/**
 * How a run's client sent its requests, beyond its concurrency and rate, as its result file states it: the prediction
 * replays the same client. Null where the file is silent, and the prediction uses the sweep defaults then.
 *
 * @param numPrompts requests the client sent: vLLM's {@code num_prompts} (older files: completed + failed), SGLang's
 *                   {@code completed} (its file does not count failed requests), GuideLLM's
 *                   {@code request_totals.total}
 * @param burstiness in rate mode, the gamma shape of the gaps between arrivals (vLLM {@code --burstiness}; 1 is
 *                   Poisson, what SGLang's {@code bench_serving} always draws); {@code Workload.EVENLY_SPACED} for
 *                   GuideLLM's {@code constant} rate
 * @param rampUp     vLLM's {@code --ramp-up-strategy} and its start and end rates, in place of a request rate
 */
record ClientSettings(Integer numPrompts, Double burstiness, RampUp rampUp) {

    static final ClientSettings UNSTATED = new ClientSettings(null, null, null);

    /** No ramp-up: what every format but vLLM's can state. */
    ClientSettings(Integer numPrompts, Double burstiness) {
        this(numPrompts, burstiness, null);
    }
}
