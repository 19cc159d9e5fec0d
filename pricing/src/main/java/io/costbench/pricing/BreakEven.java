package io.costbench.pricing;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Target A against target B across the concurrencies both were run at: the cost of each, the concurrencies at which
 * A is cheaper, and the price per accelerator-hour at which each would break even with the other.
 *
 * @param points        one per concurrency, ascending
 * @param aCheaperRanges maximal runs of consecutive sweep concurrencies where A costs less per million output tokens
 */
public record BreakEven(List<Point> points, List<ConcurrencyRange> aCheaperRanges, Verdict verdict) {

    public enum Verdict {
        A_CHEAPER_AT_EVERY_CONCURRENCY, B_CHEAPER_AT_EVERY_CONCURRENCY, A_CHEAPER_IN_RANGES
    }

    /** Inclusive, in sweep concurrencies. */
    public record ConcurrencyRange(int from, int to) {
    }

    /**
     * @param costRatio             A's cost per million output tokens / B's
     * @param aBreakEvenPricePerHour A's price per accelerator-hour at which A would cost what B costs here
     * @param bBreakEvenPricePerHour B's price per accelerator-hour at which B would cost what A costs here
     */
    public record Point(int concurrency, Cost a, Cost b, double costRatio, double aBreakEvenPricePerHour,
            double bBreakEvenPricePerHour, double aInteractivity, double bInteractivity) {

        public boolean aCheaper() {
            return a.usdPerMillionOutputTokens() < b.usdPerMillionOutputTokens();
        }
    }

    /** Compares at the concurrencies present in both sweeps; both prices must be in the same currency. */
    public static BreakEven compare(Price aPrice, List<OperatingPoint> aPoints, Price bPrice,
            List<OperatingPoint> bPoints) {
        if (!aPrice.currency().equals(bPrice.currency())) {
            throw new IllegalArgumentException("cannot compare prices in " + aPrice.currency() + " and "
                    + bPrice.currency());
        }
        Map<Integer, OperatingPoint> a = byConcurrency(aPoints);
        Map<Integer, OperatingPoint> b = byConcurrency(bPoints);
        List<Point> points = new ArrayList<>();
        for (Map.Entry<Integer, OperatingPoint> entry : a.entrySet()) {
            OperatingPoint bPoint = b.get(entry.getKey());
            if (bPoint == null) {
                continue;
            }
            OperatingPoint aPoint = entry.getValue();
            Cost aCost = CostMath.cost(aPrice, aPoint.accelerators(), aPoint.outputTokensPerSecond(),
                    aPoint.totalTokensPerSecond());
            Cost bCost = CostMath.cost(bPrice, bPoint.accelerators(), bPoint.outputTokensPerSecond(),
                    bPoint.totalTokensPerSecond());
            double ratio = aCost.usdPerMillionOutputTokens() / bCost.usdPerMillionOutputTokens();
            // Cost is linear in the price, so the price that equalises the two scales by the inverse ratio.
            points.add(new Point(entry.getKey(), aCost, bCost, ratio, aPrice.perHour() / ratio,
                    bPrice.perHour() * ratio, aPoint.interactivity(), bPoint.interactivity()));
        }
        if (points.isEmpty()) {
            throw new IllegalArgumentException("the two sweeps share no concurrency");
        }
        List<ConcurrencyRange> ranges = new ArrayList<>();
        Integer start = null;
        int last = 0;
        for (Point point : points) {
            if (point.aCheaper()) {
                if (start == null) {
                    start = point.concurrency();
                }
                last = point.concurrency();
            } else if (start != null) {
                ranges.add(new ConcurrencyRange(start, last));
                start = null;
            }
        }
        if (start != null) {
            ranges.add(new ConcurrencyRange(start, last));
        }
        Verdict verdict = points.stream().allMatch(Point::aCheaper) ? Verdict.A_CHEAPER_AT_EVERY_CONCURRENCY
                : points.stream().noneMatch(Point::aCheaper) ? Verdict.B_CHEAPER_AT_EVERY_CONCURRENCY
                : Verdict.A_CHEAPER_IN_RANGES;
        return new BreakEven(List.copyOf(points), List.copyOf(ranges), verdict);
    }

    private static Map<Integer, OperatingPoint> byConcurrency(List<OperatingPoint> points) {
        return points.stream().collect(Collectors.toMap(OperatingPoint::concurrency, Function.identity(), (x, y) -> {
            throw new IllegalArgumentException("two points at concurrency " + x.concurrency());
        }, TreeMap::new));
    }
}
