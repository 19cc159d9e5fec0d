package io.costbench.service.dashboard;

import java.time.LocalDate;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

import io.costbench.pricing.Cost;
import io.costbench.pricing.CostMath;
import io.costbench.pricing.Price;
import io.costbench.service.pricing.CostCalculator;
import io.costbench.service.pricing.PriceHistory;

/**
 * Costs stored points per million output tokens at the on-demand price in force on a date. Each hardware's prices are
 * loaded once and picked per date in memory: a page prices hundreds of points (a trend, hundreds of dates) with a
 * handful of prices.
 */
final class Costing {

    private final CostCalculator calculator;
    private final Map<String, PriceHistory> prices = new HashMap<>();

    Costing(CostCalculator calculator) {
        this.calculator = calculator;
    }

    /** @param date null for today */
    Optional<Price> price(String hardwareId, LocalDate date) {
        return prices.computeIfAbsent(hardwareId, hardware -> calculator.priceHistory(hardware, null)).inForce(date);
    }

    Optional<Cost> cost(ResultPoint point, LocalDate date) {
        if (point.outputThroughput() <= 0) {
            return Optional.empty();
        }
        return price(point.target().hardwareId(), date).map(price -> CostMath.cost(price, point.chips(),
                point.outputThroughput(), point.totalTokenThroughput()));
    }
}
