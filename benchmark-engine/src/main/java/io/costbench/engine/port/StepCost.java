package io.costbench.engine.port;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/** The priced time of one engine step and how it splits by category (the parts add up to the total). */
public record StepCost(double timeMs, Map<CostCategory, Double> msByCategory) {

    public StepCost {
        EnumMap<CostCategory, Double> copy = new EnumMap<>(CostCategory.class);
        copy.putAll(msByCategory);
        msByCategory = Collections.unmodifiableMap(copy);
        if (!(timeMs >= 0) || Double.isInfinite(timeMs)) {
            throw new IllegalArgumentException("step time must be finite and >= 0, was " + timeMs);
        }
    }

    /** A cost whose total is the sum of its parts. */
    public static StepCost of(Map<CostCategory, Double> msByCategory) {
        double total = 0;
        for (double ms : msByCategory.values()) {
            total += ms;
        }
        return new StepCost(total, msByCategory);
    }

    public double ms(CostCategory category) {
        return msByCategory.getOrDefault(category, 0.0);
    }
}
