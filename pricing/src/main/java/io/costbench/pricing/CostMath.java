package io.costbench.pricing;

/**
 * Cost per million tokens from a price and a throughput:
 * {@code USD per million output tokens = accelerators x USD per accelerator-hour / (output tokens/s x 3600) x 10^6},
 * and the same over total (input + output) tokens.
 *
 * <p>The blended price follows the 3 input : 1 output convention, {@code (3 x P_in + 1 x P_out) / 4}. A run has one
 * bill, so P_in and P_out need the bill split between input and output tokens: by the share of accelerator time spent
 * in prefill when the caller knows it (the "LCOI" split), otherwise evenly per token, in which case P_in = P_out = the
 * price per million total tokens and the blend equals it.
 */
public final class CostMath {

    public static final double SECONDS_PER_HOUR = 3600.0;
    public static final double TOKENS_PER_MILLION = 1_000_000.0;
    public static final int BLEND_INPUT_WEIGHT = 3;
    public static final int BLEND_OUTPUT_WEIGHT = 1;
    public static final String BLEND_PER_TOKEN = "3 input : 1 output; bill split evenly per token";
    public static final String BLEND_PREFILL_SHARE = "3 input : 1 output; bill split by prefill time share";

    private CostMath() {
    }

    public static Cost cost(Price price, int accelerators, double outputTokensPerSecond, double totalTokensPerSecond) {
        check(accelerators, outputTokensPerSecond, totalTokensPerSecond);
        double usdPerHour = accelerators * price.perHour();
        double perOutput = perMillion(usdPerHour, outputTokensPerSecond);
        double perTotal = perMillion(usdPerHour, totalTokensPerSecond);
        return new Cost(price, accelerators, usdPerHour, perOutput, perTotal, perTotal, BLEND_PER_TOKEN);
    }

    /**
     * As {@link #cost(Price, int, double, double)}, with the blend's input price carrying {@code prefillTimeShare} of
     * the bill and the output price the rest.
     */
    public static Cost cost(Price price, int accelerators, double outputTokensPerSecond, double totalTokensPerSecond,
            double prefillTimeShare) {
        Cost even = cost(price, accelerators, outputTokensPerSecond, totalTokensPerSecond);
        if (!(prefillTimeShare >= 0 && prefillTimeShare <= 1)) {
            throw new IllegalArgumentException("prefill time share must be in [0, 1], was " + prefillTimeShare);
        }
        double inputTokensPerSecond = totalTokensPerSecond - outputTokensPerSecond;
        if (inputTokensPerSecond <= 0) {
            throw new IllegalArgumentException("a prefill split needs input tokens: total must exceed output");
        }
        double inputPrice = perMillion(even.usdPerHour() * prefillTimeShare, inputTokensPerSecond);
        double outputPrice = perMillion(even.usdPerHour() * (1 - prefillTimeShare), outputTokensPerSecond);
        double blended = (BLEND_INPUT_WEIGHT * inputPrice + BLEND_OUTPUT_WEIGHT * outputPrice)
                / (BLEND_INPUT_WEIGHT + BLEND_OUTPUT_WEIGHT);
        return new Cost(price, accelerators, even.usdPerHour(), even.usdPerMillionOutputTokens(),
                even.usdPerMillionTotalTokens(), blended, BLEND_PREFILL_SHARE);
    }

    /** USD per million tokens when {@code usdPerHour} buys {@code tokensPerSecond}. */
    public static double perMillion(double usdPerHour, double tokensPerSecond) {
        return usdPerHour / (tokensPerSecond * SECONDS_PER_HOUR) * TOKENS_PER_MILLION;
    }

    private static void check(int accelerators, double outputTokensPerSecond, double totalTokensPerSecond) {
        if (accelerators < 1) {
            throw new IllegalArgumentException("accelerators must be >= 1, was " + accelerators);
        }
        if (!(outputTokensPerSecond > 0) || Double.isInfinite(outputTokensPerSecond)) {
            throw new IllegalArgumentException("output tokens/s must be > 0, was " + outputTokensPerSecond);
        }
        if (!(totalTokensPerSecond >= outputTokensPerSecond) || Double.isInfinite(totalTokensPerSecond)) {
            throw new IllegalArgumentException("total tokens/s (" + totalTokensPerSecond
                    + ") must be at least output tokens/s (" + outputTokensPerSecond + ")");
        }
    }
}
