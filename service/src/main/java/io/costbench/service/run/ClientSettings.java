package io.costbench.service.run;

import io.costbench.engine.sim.DatasetLengths;
import io.costbench.engine.sim.RampUp;
import io.costbench.engine.sim.RequestLengths;

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
 * @param rangeRatio SGLang's {@code --random-range-ratio} r of a random dataset: prompt and output lengths drawn
 *                   uniformly from [max(1, r x L), L] around the stated lengths L (0, SGLang's default, draws from
 *                   [1, L]); null for fixed lengths (r = 1) or lengths the file does not describe
 * @param lengths    every request's own prompt and output lengths, in the order the file lists them (vLLM
 *                   {@code --save-detailed}, SGLang {@code --output-details}: the order sent; LLMPerf's individual
 *                   responses: the order they completed), replayed in place of lengths drawn around the stated ones;
 *                   null when the file does not list them
 * @param drawn      the distributions the client drew lengths from, where its file states them (GuideLLM's synthetic
 *                   data, LLMPerf's stddevs); null for fixed lengths or lengths the file does not describe
 * @param runSeconds when the client stopped, cancelling what was still in flight (GuideLLM's {@code max_duration}:
 *                   its "incomplete" requests); null for a run that ended with its last request
 * @param dataset    the conversation dataset the client sampled, where the file gives its lengths only as means and
 *                   names it (SGLang's {@code sharegpt} without {@code --output-details}) or the context does (a vLLM
 *                   run's {@code dataset}): the prediction draws the run's requests from it; null otherwise. Not part
 *                   of the run's series: the run sent the same dataset before costbench drew it
 * @param concurrencyRampSeconds AIPerf's {@code --concurrency-ramp-duration}: the client opened its slots one at a
 *                   time over this long, so its requests ran out of step ({@code Workload#concurrencyRampSeconds});
 *                   null when it sent them at once. Like the burstiness, not part of the run's series
 */
record ClientSettings(Integer numPrompts, Double burstiness, RampUp rampUp, Double rangeRatio,
        RequestLengths lengths, DrawnLengths drawn, Double runSeconds, DatasetLengths dataset,
        Double concurrencyRampSeconds) {

    static final ClientSettings UNSTATED = new ClientSettings(null, null, null, null, null, null, null, null, null);

    /** The prompts sent and the arrivals' burstiness only. */
    ClientSettings(Integer numPrompts, Double burstiness) {
        this(numPrompts, burstiness, null, null, null, null, null, null, null);
    }

    /** Without a stop by time. */
    ClientSettings(Integer numPrompts, Double burstiness, RampUp rampUp, Double rangeRatio, RequestLengths lengths,
            DrawnLengths drawn) {
        this(numPrompts, burstiness, rampUp, rangeRatio, lengths, drawn, null, null, null);
    }

    ClientSettings withLengths(RequestLengths replayed) {
        return new ClientSettings(numPrompts, burstiness, rampUp, rangeRatio, replayed, drawn, runSeconds, dataset,
                concurrencyRampSeconds);
    }

    ClientSettings withDrawn(DrawnLengths distributions) {
        return new ClientSettings(numPrompts, burstiness, rampUp, rangeRatio, lengths, distributions, runSeconds,
                dataset, concurrencyRampSeconds);
    }

    ClientSettings stoppedAfter(Double seconds) {
        return new ClientSettings(numPrompts, burstiness, rampUp, rangeRatio, lengths, drawn, seconds, dataset,
                concurrencyRampSeconds);
    }

    ClientSettings sampling(DatasetLengths sampled) {
        return new ClientSettings(numPrompts, burstiness, rampUp, rangeRatio, lengths, drawn, runSeconds, sampled,
                concurrencyRampSeconds);
    }

    ClientSettings rampingConcurrencyOver(Double seconds) {
        return new ClientSettings(numPrompts, burstiness, rampUp, rangeRatio, lengths, drawn, runSeconds, dataset,
                seconds);
    }
}
