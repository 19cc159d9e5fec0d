package io.costbench.pricing;

/**
 * The bill split between input and output tokens, as API price lists quote it: the accelerator time spent on prefill
 * (reading the prompts) is charged to the input tokens, the time spent decoding to the output tokens.
 *
 * @param prefillTimeShare               the share of accelerator time spent on prefill work, in [0, 1]
 * @param usdPerMillionInputTokens       the prefill share of the hour over the input tokens
 * @param usdPerMillionOutputTokens      the decode share of the hour over the output tokens
 * @param usdPerMillionTokensBlended3to1 (3 x input + 1 x output) / 4: the 3 input : 1 output blend of price lists
 */
public record TokenSplit(double prefillTimeShare, double usdPerMillionInputTokens, double usdPerMillionOutputTokens,
        double usdPerMillionTokensBlended3to1) {
}
