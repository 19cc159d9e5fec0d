package io.costbench.service.validation;

import java.util.List;

/** The median the report's signed figures use (the middle value, or the mean of the middle two). */
final class Medians {

    private Medians() {
    }

    /** @param values at least one */
    static double of(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }
}
