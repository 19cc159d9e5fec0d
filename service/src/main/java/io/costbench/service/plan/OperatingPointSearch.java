package io.costbench.service.plan;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.ToDoubleBiFunction;

/**
 * Finds the highest load per replica that meets an SLO: a binary search over a geometric grid of loads, closed loop
 * (concurrency, like {@code vllm bench serve --max-concurrency}) or open loop (request rate, {@code --request-rate}).
 * Latency grows with load, so "meets" is a prefix of the grid; the search checks that assumption on the points it ran
 * and reports where it does not hold.
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
     * min x 2^(k / stepsPerDoubling) up to max, each rounded to 4 significant digits (so a rate reads and shares
     * well), max included: 1/64 .. 256 at 4 per doubling is 0.01563, 0.01858, 0.0221, ..., 215.3, 256 (57 rates).
     */
    static List<Double> rateGrid(double min, double max, int stepsPerDoubling) {
        List<Double> grid = new ArrayList<>();
        for (int k = 0; ; k++) {
            double r = new BigDecimal(min * Math.pow(2.0, (double) k / stepsPerDoubling))
                    .round(new MathContext(4)).doubleValue();
            if (r > max * (1 + 1e-9)) {
                break;
            }
            grid.add(r);
        }
        if (grid.isEmpty() || grid.get(grid.size() - 1) < max) {
            grid.add(max);
        }
        return List.copyOf(grid);
    }

    /** How a load reads in reasons and breaks: "c=16" or "2.38 req/s". */
    static String label(Object load) {
        return load instanceof Integer c ? "c=" + c : String.format(Locale.ROOT, "%.4g req/s", (Double) load);
    }

    /**
     * Closed loop over concurrencies.
     *
     * @param simulate     metrics at a concurrency (vLLM bench names)
     * @param batchBuckets the deployment's compiled batch sizes (decode batches pad up to one; empty for none): a
     *                     load just above a bucket pays for the next bucket's padding, so the largest bucket at or
     *                     below the highest feasible load can be cheaper than that load and is simulated as well
     * @return the chosen point (the one with the most output throughput among those that met), or the miss at
     *         concurrency 1 when even one user misses the SLO
     */
    static Outcome<Integer> search(IntFunction<Map<String, Double>> simulate, List<Integer> grid,
            List<Integer> batchBuckets, Slo slo) {
        return search(simulate::apply, grid, highest -> batchBuckets.stream().filter(b -> b > 1 && b <= highest)
                .max(Integer::compare), (c, metrics) -> throughput(metrics), slo);
    }

    /**
     * Open loop over request rates: the chosen point is the highest rate that met, as the replica then serves that
     * rate (the measured throughput of a finite run is below it by the drain at the end).
     */
    static Outcome<Double> searchRate(Function<Double, Map<String, Double>> simulate, List<Double> grid, Slo slo) {
        return search(simulate, grid, highest -> Optional.empty(), (rate, metrics) -> rate, slo);
    }

    private static <L extends Comparable<L>> Outcome<L> search(Function<L, Map<String, Double>> simulate,
            List<L> grid, Function<L, Optional<L>> alsoBelow, ToDoubleBiFunction<L, Map<String, Double>> capacity,
            Slo slo) {
        TreeMap<L, Map<String, Double>> ran = new TreeMap<>();
        Map<String, Double> first = simulate.apply(grid.get(0));
        ran.put(grid.get(0), first);
        if (!slo.meets(first)) {
            return new Outcome<>(null, ran, slo.misses(first), List.of());
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
        alsoBelow.apply(grid.get(lo)).filter(load -> !ran.containsKey(load))
                .ifPresent(load -> ran.put(load, simulate.apply(load)));
        L best = null;
        for (var point : ran.entrySet()) {
            if (slo.meets(point.getValue()) && (best == null || capacity.applyAsDouble(point.getKey(),
                    point.getValue()) > capacity.applyAsDouble(best, ran.get(best)))) {
                best = point.getKey();
            }
        }
        return new Outcome<>(best, ran, List.of(), monotonicityBreaks(ran));
    }

    private static double throughput(Map<String, Double> metrics) {
        return metrics.getOrDefault("output_throughput", 0.0);
    }

    /** Where a latency fell or throughput dropped as the load rose, beyond {@link #MONOTONE_TOLERANCE}. */
    static <L> List<String> monotonicityBreaks(TreeMap<L, Map<String, Double>> ran) {
        List<String> breaks = new ArrayList<>();
        Map.Entry<L, Map<String, Double>> previous = null;
        for (var point : ran.entrySet()) {
            if (previous != null) {
                for (String name : RISING) {
                    Double before = previous.getValue().get(name);
                    Double after = point.getValue().get(name);
                    if (before != null && after != null && after < before * (1 - MONOTONE_TOLERANCE)) {
                        breaks.add(String.format(Locale.ROOT, "%s falls from %.1f at %s to %.1f at %s", name, before,
                                label(previous.getKey()), after, label(point.getKey())));
                    }
                }
                double before = throughput(previous.getValue());
                double after = throughput(point.getValue());
                if (after < before * (1 - MONOTONE_TOLERANCE)) {
                    breaks.add(String.format(Locale.ROOT, "output_throughput falls from %.1f at %s to %.1f at %s",
                            before, label(previous.getKey()), after, label(point.getKey())));
                }
            }
            previous = point;
        }
        return breaks;
    }

    /**
     * @param load        the chosen load per replica (concurrency or request rate), null when even the lowest misses
     * @param ran         every point simulated, by load
     * @param missesAtLowest what the lowest load missed (empty when it met the SLO)
     * @param monotonicityBreaks where the grown-with-load assumption failed on the points run (empty: it held)
     */
    record Outcome<L>(L load, TreeMap<L, Map<String, Double>> ran, List<String> missesAtLowest,
            List<String> monotonicityBreaks) {
    }
}
