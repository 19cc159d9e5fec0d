package io.costbench.pricing;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalDouble;

/**
 * Cost at the same interactivity (output tokens/s per user) on two targets. Each sweep is reduced to its frontier
 * (most output tokens/s per accelerator for at least that interactivity), the throughput is interpolated linearly
 * between the two frontier points around the wanted interactivity, and the cost follows from that throughput (cost is
 * not interpolated itself). Outside the interactivity a sweep covered there is no value: never extrapolated.
 */
public final class IsoInteractivity {

    private IsoInteractivity() {
    }

    /** An interactivity level and each target's cost per million output tokens there, empty where unreachable. */
    public record Comparison(double interactivity, OptionalDouble aUsdPerMillionOutputTokens,
            OptionalDouble bUsdPerMillionOutputTokens) {

        public OptionalDouble costRatio() {
            return aUsdPerMillionOutputTokens.isPresent() && bUsdPerMillionOutputTokens.isPresent()
                    ? OptionalDouble.of(aUsdPerMillionOutputTokens.getAsDouble()
                            / bUsdPerMillionOutputTokens.getAsDouble())
                    : OptionalDouble.empty();
        }
    }

    public static List<Comparison> compare(Price aPrice, List<OperatingPoint> aPoints, Price bPrice,
            List<OperatingPoint> bPoints, List<Double> interactivities) {
        List<OperatingPoint> aFrontier = frontier(aPoints);
        List<OperatingPoint> bFrontier = frontier(bPoints);
        List<Comparison> out = new ArrayList<>();
        for (double level : interactivities) {
            out.add(new Comparison(level, costAt(aPrice, aFrontier, level), costAt(bPrice, bFrontier, level)));
        }
        return out;
    }

    /** Output tokens/s per accelerator at {@code interactivity}, interpolated on the frontier; empty outside it. */
    static OptionalDouble throughputPerAcceleratorAt(List<OperatingPoint> points, double interactivity) {
        return interpolate(frontier(points), interactivity);
    }

    private static OptionalDouble costAt(Price price, List<OperatingPoint> frontier, double interactivity) {
        OptionalDouble tps = interpolate(frontier, interactivity);
        return tps.isPresent() ? OptionalDouble.of(CostMath.perMillion(price.perHour(), tps.getAsDouble()))
                : OptionalDouble.empty();
    }

    /** Frontier points ordered by falling interactivity and rising throughput per accelerator. */
    static List<OperatingPoint> frontier(List<OperatingPoint> points) {
        List<OperatingPoint> sorted = new ArrayList<>(points);
        sorted.sort(Comparator.comparingDouble(OperatingPoint::interactivity).reversed()
                .thenComparing(Comparator.comparingDouble(OperatingPoint::outputTokensPerSecondPerAccelerator)
                        .reversed()));
        List<OperatingPoint> frontier = new ArrayList<>();
        double best = Double.NEGATIVE_INFINITY;
        for (OperatingPoint point : sorted) {
            if (point.outputTokensPerSecondPerAccelerator() >= best) {
                frontier.add(point);
                best = point.outputTokensPerSecondPerAccelerator();
            }
        }
        return frontier;
    }

    private static OptionalDouble interpolate(List<OperatingPoint> frontier, double interactivity) {
        for (int i = 0; i < frontier.size(); i++) {
            OperatingPoint high = frontier.get(i);
            if (high.interactivity() == interactivity) {
                return OptionalDouble.of(high.outputTokensPerSecondPerAccelerator());
            }
            if (i + 1 < frontier.size()) {
                OperatingPoint low = frontier.get(i + 1);
                if (interactivity < high.interactivity() && interactivity > low.interactivity()) {
                    double t = (high.interactivity() - interactivity) / (high.interactivity() - low.interactivity());
                    return OptionalDouble.of(high.outputTokensPerSecondPerAccelerator()
                            + t * (low.outputTokensPerSecondPerAccelerator()
                                    - high.outputTokensPerSecondPerAccelerator()));
                }
            }
        }
        return OptionalDouble.empty();
    }
}
