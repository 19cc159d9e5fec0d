package io.costbench.service.pricing;

import io.costbench.pricing.Cost;

/** A cost as the API shows it, with the price it used. Amounts are in {@code currency}. */
public record CostView(double usdPerMillionOutputTokens, double usdPerMillionTotalTokens,
        double blendedUsdPerMillionTokens, String blendBasis, int accelerators, double usdPerHour, String currency,
        PriceView price) {

    public static CostView of(Cost cost) {
        return new CostView(cost.usdPerMillionOutputTokens(), cost.usdPerMillionTotalTokens(),
                cost.blendedUsdPerMillionTokens(), cost.blendBasis(), cost.accelerators(), cost.usdPerHour(),
                cost.currency(), PriceView.of(cost.price()));
    }
}
