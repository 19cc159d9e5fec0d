package io.costbench.service.run;

import java.time.LocalDate;

import io.costbench.service.pricing.PriceView;

/**
 * What a measured run cost, like a prediction's cost: the accelerators billed x the price per accelerator-hour /
 * the measured output throughput, in USD per million output tokens, beside the same for the prediction of its
 * scenario. Without a cost ({@code usdPerMillionOutputTokens} null) {@code reason} says why.
 *
 * @param accelerator       the accelerator billed (price catalog id), null when unknown
 * @param accelerators      how many were billed, null when unknown
 * @param acceleratorsFrom  where that count comes from (the run's TP, its {@code accelerators} or instance type)
 * @param priceBasis        {@code at-run} (the price in force on the run's UTC date) or {@code current} (today's)
 * @param predictedUsdPerMillionOutputTokens the prediction's chips x the same price / its output throughput
 */
public record RunCost(String accelerator, Integer accelerators, String acceleratorsFrom, String priceBasis,
        LocalDate pricedOn, Double usdPerMillionOutputTokens, Double predictedUsdPerMillionOutputTokens,
        PriceView price, String reason) {
}
