package io.costbench.service.dashboard;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** The Pareto frontier of throughput per chip vs tokens/s per user: no other point is better on both. */
final class Pareto {

    private Pareto() {
    }

    /** The frontier, ordered by interactivity ascending. Points without an interactivity are left out. */
    static List<ResultPoint> frontier(List<ResultPoint> points) {
        List<ResultPoint> sorted = new ArrayList<>(points.stream().filter(p -> p.interactivity() != null).toList());
        sorted.sort(Comparator.comparingDouble((ResultPoint p) -> p.interactivity()).reversed()
                .thenComparing(Comparator.comparingDouble(ResultPoint::throughputPerChip).reversed()));
        List<ResultPoint> frontier = new ArrayList<>();
        double best = Double.NEGATIVE_INFINITY;
        for (ResultPoint point : sorted) {
            if (point.throughputPerChip() > best) {
                frontier.add(point);
                best = point.throughputPerChip();
            }
        }
        java.util.Collections.reverse(frontier);
        return frontier;
    }
}
