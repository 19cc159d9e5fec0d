package io.costbench.service.dashboard;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * The one-line answer of a cost chart: which target is cheapest over which concurrency range, e.g. "Trainium2
 * optimized is cheapest up to concurrency 32; H100 vllm above".
 */
final class VerdictText {

    private VerdictText() {
    }

    /** @param cheapestByConcurrency the cheapest target's label at each concurrency, ascending */
    static String of(SortedMap<Integer, String> cheapestByConcurrency) {
        if (cheapestByConcurrency.isEmpty()) {
            return "No priced results for this workload.";
        }
        List<Segment> segments = new ArrayList<>();
        for (Map.Entry<Integer, String> entry : cheapestByConcurrency.entrySet()) {
            Segment last = segments.isEmpty() ? null : segments.get(segments.size() - 1);
            if (last != null && last.label.equals(entry.getValue())) {
                last.to = entry.getKey();
            } else {
                segments.add(new Segment(entry.getValue(), entry.getKey()));
            }
        }
        if (segments.size() == 1) {
            return segments.get(0).label + " is cheapest at every concurrency measured ("
                    + segments.get(0).from + "–" + segments.get(0).to + ").";
        }
        if (segments.size() == 2) {
            return segments.get(0).label + " is cheapest up to concurrency " + segments.get(0).to + "; "
                    + segments.get(1).label + " above.";
        }
        List<String> parts = new ArrayList<>();
        for (Segment segment : segments) {
            parts.add(segment.label + " at " + (segment.from == segment.to ? "concurrency " + segment.from
                    : "concurrency " + segment.from + "–" + segment.to));
        }
        return "Cheapest: " + String.join("; ", parts) + ".";
    }

    private static final class Segment {
        final String label;
        final int from;
        int to;

        Segment(String label, int concurrency) {
            this.label = label;
            this.from = concurrency;
            this.to = concurrency;
        }
    }
}
