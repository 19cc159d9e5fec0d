package io.costbench.pricing;

/**
 * What serving at a measured or predicted throughput costs, with the price it used.
 *
 * @param accelerators              accelerators billed (chips on Trainium2, GPUs)
 * @param usdPerHour                accelerators x price per accelerator-hour, in the price's currency
 * @param usdPerMillionOutputTokens the hour's cost spread over the output tokens only (the write-up's measure)
 * @param usdPerMillionTotalTokens  the hour's cost spread over input + output tokens
 * @param split                     input and output prices from the prefill/decode time split; null when the
 *                                  caller does not know how the accelerator time divides (a stored point)
 */
public record Cost(Price price, int accelerators, double usdPerHour, double usdPerMillionOutputTokens,
        double usdPerMillionTotalTokens, TokenSplit split) {

    public String currency() {
        return price.currency().getCurrencyCode();
    }
}
