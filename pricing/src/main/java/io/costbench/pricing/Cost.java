package io.costbench.pricing;

/**
 * What serving at a measured or predicted throughput costs, with the price it used.
 *
 * @param accelerators              accelerators billed (chips on Trainium2, GPUs)
 * @param usdPerHour                accelerators x price per accelerator-hour, in the price's currency
 * @param usdPerMillionOutputTokens the hour's cost spread over the output tokens only (the write-up's measure)
 * @param usdPerMillionTotalTokens  the hour's cost spread over input + output tokens
 * @param blendedUsdPerMillionTokens (3 x input price + 1 x output price) / 4, the 3 input : 1 output blend
 * @param blendBasis                how the hour was split into an input and an output price for the blend
 */
public record Cost(Price price, int accelerators, double usdPerHour, double usdPerMillionOutputTokens,
        double usdPerMillionTotalTokens, double blendedUsdPerMillionTokens, String blendBasis) {

    public String currency() {
        return price.currency().getCurrencyCode();
    }
}
