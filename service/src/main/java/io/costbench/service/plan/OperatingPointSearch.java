package io.costbench.service.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntFunction;

/**
 * Finds the highest load per replica that meets an SLO: a binary search over a geometric concurrency grid (closed
 * loop, like {@code vllm bench serve --max-concurrency}). Latency grows with concurrency, so "meets" is a prefix of
 * the grid; the search checks that assumption on the points it ran and reports where it does not hold.
 */
final class OperatingPointSearch {

    /** A latency rising this little (relative) between neighbouring points is noise, not a broken assumption. */
    private static final double MONOTONE_TOLERANCE = 0.02;
    private static final List<String> RISING = List.of("median_ttft_ms", "p90_ttft_ms", "median_tpot_ms",
            "p90_tpot_ms", "median_e2el_ms", "p90_e2el_ms");

    private OperatingPointSearch() {
    }

    /**
     * 1 .. max with {@code stepsPerDoubling} points per doubling (rounded, duplicates dropped, max included):
     * 4 gives 1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 13, 16, 19, 23, 27, 32, 38, ... 431, 512.
     */
    static List<Integer> grid(int max, int stepsPerDoubling) {
        List<Integer> grid = new ArrayList<>();
        for (int k = 0; ; k++) {
            int c = (int) Math.round(Math.pow(2.0, (double) k / stepsPerDoubling));
            if (c > max) {
                break;
            }
            if (grid.isEmpty() || grid.get(grid.size() - 1) < c) {
                grid.add(c);
            }
        }
        if (grid.get(grid.size() - 1) != max) {
            grid.add(max);
        }
        return List.copyOf(grid);
    }

    /**
     * @param simulate     metrics at a concurrency (vLLM bench names)
     * @param batchBuckets the deployment's compiled batch sizes (decode batches pad up to one; empty for none): a
     *                     load just above a bucket pays for the next bucket's padding, so the largest bucket at or
     *                     below the highest feasible load can be cheaper than that load and is simulated as well
     * @return the chosen point, or the miss at concurrency 1 when even one user misses the SLO
     */
    static Outcome search(IntFunction<Map<String, Double>> simulate, List<Integer> grid, List<Integer> batchBuckets,
            Slo slo) {
        TreeMap<Integer, Map<String, Double>> ran = new TreeMap<>();
        Map<String, Double> first = simulate.apply(grid.get(0));
        ran.put(grid.get(0), first);
        if (!slo.meets(first)) {
            return new Outcome(null, ran, slo.misses(first), List.of());
        }
        // Invariant: grid[lo] meets, grid[hi] misses (hi == size: past the grid).
        int lo = 0;
        int hi = grid.size();
        while (hi - lo > 1) {
            int mid = (lo + hi) >>> 1;
            Map<String, Double> metrics = simulate.apply(grid.get(mid));
            ran.put(grid.get(mid), metrics);
            if (slo.meets(metrics)) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        int highest = grid.get(lo);
        batchBuckets.stream().filter(b -> b > 1 && b <= highest).max(Integer::compare)
                .filter(b -> !ran.containsKey(b)).ifPresent(b -> ran.put(b, simulate.apply(b)));
        // Among the points that met, the cheapest is the one with the most output throughput (normally grid[lo]).
        Integer best = null;
        for (var point : ran.entrySet()) {
            if (slo.meets(point.getValue()) && (best == null
                    || throughput(point.getValue()) > throughput(ran.get(best)))) {
                best = point.getKey();
            }
        }
        return new Outcome(best, ran, List.of(), monotonicityBreaks(ran));
    }

    private static double throughput(Map<String, Double> metrics) {
        return metrics.getOrDefault("output_throughput", 0.0);
    }

    /** Where a latency fell or throughput dropped as concurrency rose, beyond {@link #MONOTONE_TOLERANCE}. */
    static List<String> monotonicityBreaks(TreeMap<Integer, Map<String, Double>> ran) {
        List<String> breaks = new ArrayList<>();
        Map.Entry<Integer, Map<String, Double>> previous = null;
        for (var point : ran.entrySet()) {
            if (previous != null) {
                for (String name : RISING) {
                    Double before = previous.getValue().get(name);
                    Double after = point.getValue().get(name);
                    if (before != null && after != null && after < before * (1 - MONOTONE_TOLERANCE)) {
                        breaks.add(String.format(java.util.Locale.ROOT, "%s falls from %.1f at c=%d to %.1f at c=%d",
                                name, before, previous.getKey(), after, point.getKey()));
                    }
                }
                double before = throughput(previous.getValue());
                double after = throughput(point.getValue());
                if (after < before * (1 - MONOTONE_TOLERANCE)) {
                    breaks.add(String.format(java.util.Locale.ROOT,
                            "output_throughput falls from %.1f at c=%d to %.1f at c=%d", before, previous.getKey(),
                            after, point.getKey()));
                }
            }
            previous = point;
        }
        return breaks;
    }

    /**
     * @param concurrency the chosen load per replica, null when even concurrency 1 misses
     * @param ran         every point simulated, by concurrency
     * @param missesAtOne what concurrency 1 missed (empty when it met the SLO)
     * @param monotonicityBreaks where the grown-with-load assumption failed on the points run (empty: it held)
     */
    record Outcome(Integer concurrency, TreeMap<Integer, Map<String, Double>> ran, List<String> missesAtOne,
            List<String> monotonicityBreaks) {
    }
}
