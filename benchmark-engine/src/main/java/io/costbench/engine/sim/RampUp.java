package io.costbench.engine.sim;

import java.util.Locale;

/**
 * {@code vllm bench serve --ramp-up-strategy}: the request rate climbs from a start to an end rate over the run,
 * request by request, instead of staying at {@code --request-rate}. Request i of N is sent at the rate the strategy
 * gives at progress i / (N - 1), its gap drawn as at a constant rate (same burstiness), and the schedule is not
 * rescaled to a total duration (vllm-project/vllm vllm/benchmarks/serve.py @ 009e6d4a1cd6ba3fb2a9fc00f4ec06f5297232a1,
 * {@code _get_current_request_rate}, {@code get_request}).
 *
 * @param strategy       how the rate climbs
 * @param startPerSecond the first request's rate; above zero (vLLM's first gap would divide by it)
 * @param endPerSecond   the last request's rate; at least the start, as vLLM requires
 */
public record RampUp(Strategy strategy, double startPerSecond, double endPerSecond) {

    /** What {@link #label()} puts between the strategy and the rates, for readers of a stored label. */
    public static final String LABEL_INFIX = " ramp-up ";

    public enum Strategy {
        /** start + (end - start) x progress */
        LINEAR,
        /** start x (end / start)^progress */
        EXPONENTIAL
    }

    public RampUp {
        if (strategy == null) {
            throw new IllegalArgumentException("a ramp-up needs a strategy");
        }
        if (!(startPerSecond > 0 && Double.isFinite(endPerSecond) && endPerSecond >= startPerSecond)) {
            throw new IllegalArgumentException("a ramp-up climbs from a positive start rate to an end rate at least"
                    + " as high, was " + startPerSecond + " to " + endPerSecond + " requests/s");
        }
    }

    /** The rate request {@code index} of {@code total} is sent at. */
    double ratePerSecond(int index, int total) {
        double progress = (double) index / Math.max(total - 1, 1);
        return strategy == Strategy.LINEAR ? startPerSecond + (endPerSecond - startPerSecond) * progress
                : startPerSecond * Math.pow(endPerSecond / startPerSecond, progress);
    }

    /** As vLLM's result file names it: {@code linear} or {@code exponential}. */
    public String id() {
        return strategy.name().toLowerCase(Locale.ROOT);
    }

    /** "linear ramp-up 1.0 to 16.0 requests/s" */
    public String label() {
        return id() + LABEL_INFIX + startPerSecond + " to " + endPerSecond + " requests/s";
    }
}
