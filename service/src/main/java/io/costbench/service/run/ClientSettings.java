package io.costbench.service.run;

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
 */
record ClientSettings(Integer numPrompts, Double burstiness) {

    static final ClientSettings UNSTATED = new ClientSettings(null, null);
}
