package io.costbench.service.pricing;

import io.costbench.pricing.Cost;
import io.costbench.pricing.TokenSplit;

/**
 * A cost as the API shows it, with the price it used. Amounts are in {@code currency}.
 *
 * @param usdPerMillionOutputTokens the whole hour over the output tokens (the write-up's measure)
 * @param usdPerMillionTotalTokens  the whole hour over input + output tokens
 * @param split                     input and output prices from the prefill/decode time split, with their 3:1
 *                                  blend; null when the time split is unknown
 */
public record CostView(double usdPerMillionOutputTokens, double usdPerMillionTotalTokens, TokenSplit split,
        int accelerators, double usdPerHour, String currency, PriceView price) {

    public static CostView of(Cost cost) {
        return new CostView(cost.usdPerMillionOutputTokens(), cost.usdPerMillionTotalTokens(), cost.split(),
                cost.accelerators(), cost.usdPerHour(), cost.currency(), PriceView.of(cost.price()));
    }
}
