package io.costbench.pricing;

/**
 * Cost per million tokens from a price and a throughput:
 * {@code USD per million output tokens = accelerators x USD per accelerator-hour / (output tokens/s x 3600) x 10^6},
 * and the same over total (input + output) tokens.
 *
 * <p>Input and output prices (as API price lists quote them) need the one bill of a run split between the tokens:
 * {@link #cost(Price, int, double, double, double)} charges the share of accelerator time spent on prefill to the
 * input tokens and the rest (decode) to the output tokens, and blends them 3 input : 1 output,
 * {@code (3 x P_in + 1 x P_out) / 4}. Without the time split there are no input/output prices.
 */
public final class CostMath {

    public static final double SECONDS_PER_HOUR = 3600.0;
    public static final double TOKENS_PER_MILLION = 1_000_000.0;
    public static final int BLEND_INPUT_WEIGHT = 3;
    public static final int BLEND_OUTPUT_WEIGHT = 1;

    private CostMath() {
    }

    public static Cost cost(Price price, int accelerators, double outputTokensPerSecond, double totalTokensPerSecond) {
        check(accelerators, outputTokensPerSecond, totalTokensPerSecond);
        double usdPerHour = accelerators * price.perHour();
        double perOutput = perMillion(usdPerHour, outputTokensPerSecond);
        double perTotal = perMillion(usdPerHour, totalTokensPerSecond);
        return new Cost(price, accelerators, usdPerHour, perOutput, perTotal, null);
    }

    /**
     * As {@link #cost(Price, int, double, double)}, with the input/output split: input tokens carry
     * {@code prefillTimeShare} of the bill, output tokens the rest.
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
                even.usdPerMillionTotalTokens(), new TokenSplit(prefillTimeShare, inputPrice, outputPrice, blended));
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
