package io.costbench.engine.sim;

/**
 * A benchmark workload as {@code vllm bench serve} takes it.
 *
 * @param rangeRatio           1.0 for fixed lengths; r < 1 draws lengths uniformly from [max(1, r x L), L] as
 *                             {@code sglang.bench_serving --random-range-ratio} does (InferenceX: 0.8; SGLang's
 *                             default, 0, draws from [1, L])
 * @param maxConcurrency       closed loop at this concurrency (--max-concurrency); 0 for no cap
 * @param requestRatePerSecond open-loop arrivals at this rate; 0 for "all at once" (closed loop)
 * @param numPrompts           requests to run
 * @param burstiness           {@code vllm bench serve --burstiness}: inter-arrival times are gamma distributed with
 *                             this shape and mean 1 / rate; 1 is a Poisson process, below 1 burstier, above 1 more
 *                             regular, {@link #EVENLY_SPACED} (the limit) gaps of exactly 1 / rate. Only used with
 *                             a request rate or a ramp-up
 * @param rampUp               {@code --ramp-up-strategy}: a rate that climbs over the run, in place of a request
 *                             rate; null for none
 * @param lengths              request lengths replayed in order (a measured run's own, or drawn ahead as its load
 *                             generator draws them) in place of lengths drawn here (one per prompt; input and output
 *                             tokens are then their maxima); null to draw them
 * @param runSeconds           a client that stops at this time ({@link #within}): nothing is sent after it, and the
 *                             requests still in flight are cancelled and not counted (guidellm 0.1's
 *                             {@code max_duration}); 0 to run until every prompt completes
 * @param concurrencyRampSeconds AIPerf's {@code --concurrency-ramp-duration}: the client's cap starts at one request
 *                             and opens one more slot at even intervals, reaching {@code maxConcurrency} at this time
 *                             (ai-dynamo/aiperf {@code src/aiperf/timing/ramping.py} @
 *                             146d7f6331923988038b2f6906bb0260f8283f37, {@code LinearStrategy}: +1 at
 *                             duration x (value - 1) / (target - 1)); 0 to open every slot at once
 */
public record Workload(int inputTokens, int outputTokens, double rangeRatio, int maxConcurrency,
        double requestRatePerSecond, int numPrompts, long seed, double burstiness, RampUp rampUp,
        RequestLengths lengths, double runSeconds, double concurrencyRampSeconds) {

    /** vLLM bench's default burstiness: Poisson arrivals. */
    public static final double POISSON = 1.0;

    /**
     * Gaps of exactly 1 / rate: the infinite-shape limit of vLLM's gamma gaps, and GuideLLM's {@code constant}
     * rate type, which sends at fixed intervals.
     */
    public static final double EVENLY_SPACED = Double.POSITIVE_INFINITY;

    /** vLLM bench sweeps' default num_prompts: 10 x concurrency, at least 20 (see {@link #defaultNumPrompts}). */
    public static final int PROMPTS_PER_CONCURRENCY = 10;
    public static final int MIN_PROMPTS = 20;

    public Workload {
        if (inputTokens < 1 || outputTokens < 1) {
            throw new IllegalArgumentException("input and output tokens must be >= 1");
        }
        if (!(rangeRatio >= 0 && rangeRatio <= 1)) {
            throw new IllegalArgumentException("range ratio must be in [0, 1]");
        }
        if (maxConcurrency < 0 || requestRatePerSecond < 0 || numPrompts < 1) {
            throw new IllegalArgumentException("concurrency and rate must be >= 0, prompts >= 1");
        }
        if (maxConcurrency == 0 && requestRatePerSecond == 0 && rampUp == null) {
            throw new IllegalArgumentException("set a max concurrency or a request rate");
        }
        if (rampUp != null && requestRatePerSecond != 0) {
            // vLLM refuses --request-rate with a ramp-up: the ramp sets every request's rate.
            throw new IllegalArgumentException("a ramp-up sets the request rate; do not set one as well");
        }
        if (!(burstiness > 0 && (Double.isFinite(burstiness) || burstiness == EVENLY_SPACED))) {
            throw new IllegalArgumentException("burstiness must be a positive number (or evenly spaced)");
        }
        if (!(runSeconds >= 0 && Double.isFinite(runSeconds))) {
            throw new IllegalArgumentException("the run's length must be a finite number of seconds >= 0");
        }
        if (!(concurrencyRampSeconds >= 0 && Double.isFinite(concurrencyRampSeconds))) {
            throw new IllegalArgumentException("a concurrency ramp must last a finite number of seconds >= 0");
        }
        if (concurrencyRampSeconds > 0 && maxConcurrency == 0) {
            throw new IllegalArgumentException("a concurrency ramp climbs to a max concurrency; set one");
        }
        if (lengths != null && (lengths.size() != numPrompts || lengths.maxInputTokens() != inputTokens
                || lengths.maxOutputTokens() != outputTokens)) {
            throw new IllegalArgumentException("replayed lengths set the prompts (" + lengths.size()
                    + ") and the input and output tokens (their maxima, " + lengths.maxInputTokens() + " and "
                    + lengths.maxOutputTokens() + ")");
        }
    }

    /** Every slot open from the start. */
    public Workload(int inputTokens, int outputTokens, double rangeRatio, int maxConcurrency,
            double requestRatePerSecond, int numPrompts, long seed, double burstiness, RampUp rampUp,
            RequestLengths lengths, double runSeconds) {
        this(inputTokens, outputTokens, rangeRatio, maxConcurrency, requestRatePerSecond, numPrompts, seed, burstiness,
                rampUp, lengths, runSeconds, 0);
    }

    /** Runs until every prompt completes. */
    public Workload(int inputTokens, int outputTokens, double rangeRatio, int maxConcurrency,
            double requestRatePerSecond, int numPrompts, long seed, double burstiness, RampUp rampUp,
            RequestLengths lengths) {
        this(inputTokens, outputTokens, rangeRatio, maxConcurrency, requestRatePerSecond, numPrompts, seed, burstiness,
                rampUp, lengths, 0);
    }

    /** No replayed lengths. */
    public Workload(int inputTokens, int outputTokens, double rangeRatio, int maxConcurrency,
            double requestRatePerSecond, int numPrompts, long seed, double burstiness, RampUp rampUp) {
        this(inputTokens, outputTokens, rangeRatio, maxConcurrency, requestRatePerSecond, numPrompts, seed, burstiness,
                rampUp, null);
    }

    /** No ramp-up. */
    public Workload(int inputTokens, int outputTokens, double rangeRatio, int maxConcurrency,
            double requestRatePerSecond, int numPrompts, long seed, double burstiness) {
        this(inputTokens, outputTokens, rangeRatio, maxConcurrency, requestRatePerSecond, numPrompts, seed, burstiness,
                null);
    }

    /** Poisson arrivals when a request rate is set. */
    public Workload(int inputTokens, int outputTokens, double rangeRatio, int maxConcurrency,
            double requestRatePerSecond, int numPrompts, long seed) {
        this(inputTokens, outputTokens, rangeRatio, maxConcurrency, requestRatePerSecond, numPrompts, seed, POISSON);
    }

    /** This workload sending the given requests: their count and maxima replace the stated ones. */
    public Workload replaying(RequestLengths replayed) {
        return new Workload(replayed.maxInputTokens(), replayed.maxOutputTokens(), 1.0, maxConcurrency,
                requestRatePerSecond, replayed.size(), seed, burstiness, rampUp, replayed, runSeconds,
                concurrencyRampSeconds);
    }

    /**
     * This workload with a client that stops after {@code seconds}: it counts only the requests completed by then
     * and cancels the rest ({@code numPrompts} bounds what it may send).
     */
    public Workload within(double seconds) {
        return new Workload(inputTokens, outputTokens, rangeRatio, maxConcurrency, requestRatePerSecond, numPrompts,
                seed, burstiness, rampUp, lengths, seconds, concurrencyRampSeconds);
    }

    /** This workload with its client's concurrency ramped over {@code seconds} (see {@link #concurrencyRampSeconds}). */
    public Workload withConcurrencyRamp(double seconds) {
        return new Workload(inputTokens, outputTokens, rangeRatio, maxConcurrency, requestRatePerSecond, numPrompts,
                seed, burstiness, rampUp, lengths, runSeconds, seconds);
    }

    /**
     * The client's cap on requests in flight at {@code ms} into the run: {@code maxConcurrency} (0: no cap), or during
     * a ramp one slot at the start and one more every {@code ramp / (maxConcurrency - 1)}.
     */
    int concurrencyCapAt(double ms) {
        double rampMs = concurrencyRampSeconds * 1000.0;
        if (rampMs == 0 || maxConcurrency <= 1 || ms >= rampMs) {
            return maxConcurrency;
        }
        int slots = Math.min(maxConcurrency, 1 + (int) Math.floor((maxConcurrency - 1) * Math.max(ms, 0) / rampMs));
        // Agree with concurrencySlotOpensMs to the last bit: a slot is open from the moment it says.
        if (slots < maxConcurrency && concurrencySlotOpensMs(slots + 1) <= ms) {
            slots++;
        } else if (slots > 1 && concurrencySlotOpensMs(slots) > ms) {
            slots--;
        }
        return slots;
    }

    /** When a ramp opens the client's {@code slot}-th slot (1-based), in milliseconds into the run. */
    double concurrencySlotOpensMs(int slot) {
        if (concurrencyRampSeconds == 0 || maxConcurrency <= 1 || slot <= 1) {
            return 0;
        }
        return concurrencyRampSeconds * 1000.0 * (Math.min(slot, maxConcurrency) - 1) / (maxConcurrency - 1);
    }

    /** When the client stops, in milliseconds; infinite when it runs until every prompt completes. */
    double runEndMs() {
        return runSeconds > 0 ? runSeconds * 1000.0 : Double.POSITIVE_INFINITY;
    }

    /** Prompt plus output tokens the run sends: exact for replayed lengths, an upper bound for drawn ones. */
    public long simulatedTokens() {
        return lengths != null ? lengths.totalTokens() : (long) numPrompts * ((long) inputTokens + outputTokens);
    }

    /** The output length a request asks for at most (drawn lengths) or on average, rounded up (replayed ones). */
    public int typicalOutputTokens() {
        return lengths != null ? lengths.meanOutputTokens() : outputTokens;
    }

    /** Whether requests are sent on a schedule (a rate or a ramp-up) rather than only as slots free. */
    public boolean openLoop() {
        return requestRatePerSecond > 0 || rampUp != null;
    }

    /** The closed-loop point of a sweep, with {@link #defaultNumPrompts} requests. */
    public static Workload closedLoop(int inputTokens, int outputTokens, int concurrency, long seed) {
        return new Workload(inputTokens, outputTokens, 1.0, concurrency, 0, defaultNumPrompts(concurrency), seed);
    }

    /** The one place of the rule "num_prompts = 10 x concurrency, at least 20". */
    public static int defaultNumPrompts(int concurrency) {
        return Math.max(MIN_PROMPTS, PROMPTS_PER_CONCURRENCY * concurrency);
    }
}
