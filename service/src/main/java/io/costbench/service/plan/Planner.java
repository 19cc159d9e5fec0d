package io.costbench.service.plan;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.DoubleAccumulator;
import java.util.function.Function;

import org.springframework.stereotype.Service;

import io.costbench.engine.port.DoesNotFitException;
import io.costbench.service.plan.CandidateResult.CurvePoint;
import io.costbench.service.plan.CandidateResult.Money;
import io.costbench.service.prediction.UnsupportedScenarioException;
import io.costbench.service.pricing.CostCalculator;
import io.costbench.service.pricing.PriceBook;
import io.costbench.service.pricing.PriceView;

/**
 * Answers a {@link PlanRequest}: for every candidate deployment the highest load per replica that meets the SLO
 * ({@link OperatingPointSearch}), the replicas the demand needs, and the monthly bill at the catalog price; ranked by
 * monthly cost. Work is bounded: at most {@code maxSimulations} simulated points per plan (checked before any runs)
 * and {@code maxConcurrentPlans} plans at once.
 */
@Service
class Planner implements AutoCloseable {

    /** Replicas are whole: a capacity within this (relative) of the demand counts as meeting it (rounding). */
    private static final double CAPACITY_EPSILON = 1e-9;
    /**
     * Open loop: the search starts at this multiple of the rate the step prices sustain, just above the highest rate
     * that meets (0.6 to 1.7 times the estimate on the catalog's candidates at the chat SLO).
     */
    private static final double START_FACTOR = 1.2;

    private final PlanSimulations simulations;
    private final CostCalculator costs;
    private final PriceBook priceBook;
    private final PlanProperties properties;
    private final Semaphore running;
    private final ExecutorService pool;

    Planner(PlanSimulations simulations, CostCalculator costs, PriceBook priceBook, PlanProperties properties) {
        this.simulations = simulations;
        this.costs = costs;
        this.priceBook = priceBook;
        this.properties = properties;
        this.running = new Semaphore(properties.maxConcurrentPlans());
        AtomicInteger threads = new AtomicInteger();
        this.pool = Executors.newFixedThreadPool(properties.threads(), runnable -> {
            Thread thread = new Thread(runnable, "plan-search-" + threads.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }

    /**
     * @throws PlanInputException for unknown ids, a plan over its simulation budget or without any candidate
     * @throws PlannerBusyException when {@code maxConcurrentPlans} plans are already computing
     */
    PlanResult plan(PlanRequest request) {
        if (!running.tryAcquire()) {
            throw new PlannerBusyException(properties.maxConcurrentPlans());
        }
        try {
            return compute(request);
        } finally {
            running.release();
        }
    }

    private PlanResult compute(PlanRequest request) {
        long started = System.nanoTime();
        String modelSha256 = simulations.requireModel("model", request.model());
        Map<String, Optional<PriceView>> prices = new ConcurrentHashMap<>();
        Function<String, Optional<PriceView>> priceOf = hardware -> prices.computeIfAbsent(hardware, h -> costs
                .priceFor(h, request.priceOption(), request.priceDate()).map(PriceView::of));
        Function<String, PriceView> price = hardware -> priceOf.apply(hardware).orElse(null);
        List<Resolved> candidates = candidates(request, priceOf);
        Search search = search(request.demand());
        int searchable = (int) candidates.stream().filter(c -> c.deployed() != null).count();
        if ((long) searchable * search.pointsPerCandidate() > properties.maxSimulations()) {
            throw new PlanInputException("candidates", searchable + " candidates need up to " + searchable
                    * search.pointsPerCandidate() + " simulated points, over the plan budget of "
                    + properties.maxSimulations() + "; name fewer candidates");
        }
        AtomicInteger simulated = new AtomicInteger();
        double demandRps = request.demand().requestsPerSecondFor(request.workload());
        // Cheapest replica first: once a plan is known, a candidate whose single replica costs more is not searched.
        List<Resolved> ordered = candidates.stream().sorted(Comparator.comparingDouble(c -> replicaHourly(c, price)))
                .toList();
        DoubleAccumulator cheapestMonthly = new DoubleAccumulator(Math::min, Double.POSITIVE_INFINITY);
        List<Future<CandidateResult>> futures = new ArrayList<>();
        for (Resolved candidate : ordered) {
            futures.add(pool.submit(() -> evaluate(request, candidate, price.apply(candidate.spec().hardware()),
                    search, demandRps, simulated, cheapestMonthly)));
        }
        List<CandidateResult> results = new ArrayList<>();
        try {
            for (Future<CandidateResult> future : futures) {
                results.add(await(future));
            }
        } finally {
            futures.forEach(f -> f.cancel(true));
        }
        List<CandidateResult> ranked = rank(results);
        CandidateResult cheapest = ranked.isEmpty() || !ranked.get(0).meets() ? null : ranked.get(0);
        List<PlanResult.Saving> savings = savings(cheapest, ranked, request.hoursPerMonth());
        LocalDate priceDate = request.priceDate() != null ? request.priceDate() : priceBook.today();
        return new PlanResult(request.model(), modelSha256, simulations.catalogVersion(), request.slo().describe(),
                cheapest == null ? PlanResult.NONE_MEETS : PlanResult.OK,
                summary(cheapest, savings, request.slo().describe()),
                request.priceOption().id(), priceDate, request.hoursPerMonth(), demandRps,
                request.demand().outputTokensPerSecond(request.workload()), search.arrivals().id(),
                search.burstiness(), cheapest, savings, ranked,
                simulated.get(), (System.nanoTime() - started) / 1_000_000);
    }

    private static <T> T await(Future<T> future) {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("plan interrupted", e);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException runtime ? runtime : new IllegalStateException(e.getCause());
        }
    }

    /**
     * What every candidate's search runs over: concurrencies (closed loop) or request rates (open loop, with the
     * closed-loop concurrency 1 point as the reference that sizes each rate's run).
     */
    private record Search(Arrivals arrivals, Double burstiness, List<Integer> concurrencies, List<Double> rates) {

        boolean open() {
            return arrivals == Arrivals.POISSON;
        }

        /**
         * Closed: the lowest load, a binary search over the grid, one batch-bucket point. Open: the reference and
         * the search from the estimate, which runs at most the lowest rate plus a binary search
         * ({@link OperatingPointSearch#probesOf}).
         */
        int pointsPerCandidate() {
            int size = open() ? rates.size() : concurrencies.size();
            return 2 + (32 - Integer.numberOfLeadingZeros(size));
        }
    }

    private Search search(Demand demand) {
        Arrivals arrivals = demand.arrivalsOrClosedLoop();
        return new Search(arrivals, arrivals == Arrivals.POISSON ? demand.burstiness() : null,
                OperatingPointSearch.grid(properties.maxConcurrency(), properties.gridStepsPerDoubling()),
                OperatingPointSearch.rateGrid(properties.minRequestsPerSecond(), properties.maxRequestsPerSecond(),
                        properties.gridStepsPerDoubling()));
    }

    /** A candidate resolved: deployed, or the reason it cannot be. */
    private record Resolved(CandidateSpec spec, PlanSimulations.Deployed deployed, String status, String reason) {
    }

    private List<Resolved> candidates(PlanRequest request, Function<String, Optional<PriceView>> prices) {
        int maxModelLen = request.workload().maxModelLenTokens();
        List<Resolved> resolved = new ArrayList<>();
        if (request.candidates() != null) {
            for (int i = 0; i < request.candidates().size(); i++) {
                CandidateSpec spec = request.candidates().get(i);
                simulations.requireTarget("candidates[" + i + "]", spec);
                resolved.add(resolve(request.model(), spec, maxModelLen));
            }
            return resolved;
        }
        // Deploying is a graph build per (hardware, profile, TP): done on the pool, two at a time.
        Map<CandidateSpec, List<Future<Resolved>>> deploys = new LinkedHashMap<>();
        for (CandidateSpec hardwareProfile : simulations.hardwareProfiles()) {
            if (prices.apply(hardwareProfile.hardware()).isEmpty()) {
                continue;
            }
            List<Future<Resolved>> tps = new ArrayList<>();
            for (int tp : PlanSimulations.TENSOR_PARALLEL) {
                CandidateSpec spec = new CandidateSpec(hardwareProfile.hardware(), hardwareProfile.profile(), tp,
                        hardwareProfile.precision(), null);
                tps.add(pool.submit(() -> resolve(request.model(), spec, maxModelLen)));
            }
            deploys.put(hardwareProfile, tps);
        }
        for (List<Future<Resolved>> tps : deploys.values()) {
            // Every tensor parallelism that deploys; of those billing the same accelerators only the largest, as the
            // smaller ones leave paid-for cores idle.
            Map<Integer, Resolved> byAccelerators = new TreeMap<>();
            Resolved lastMiss = null;
            for (Future<Resolved> future : tps) {
                Resolved candidate = await(future);
                if (candidate.deployed() != null) {
                    byAccelerators.put(candidate.deployed().chips(), candidate);
                } else if (CandidateResult.DOES_NOT_FIT.equals(candidate.status())) {
                    lastMiss = candidate;
                }
            }
            if (byAccelerators.isEmpty() && lastMiss != null) {
                resolved.add(lastMiss);
            }
            resolved.addAll(byAccelerators.values());
        }
        if (resolved.size() > properties.maxCandidates()) {
            throw new PlanInputException("candidates", "more than " + properties.maxCandidates()
                    + " candidates; name the candidates to consider");
        }
        if (resolved.isEmpty()) {
            throw new PlanInputException("priceOption", "no hardware has a " + request.priceOption().id()
                    + " price in force on " + (request.priceDate() == null ? "today" : request.priceDate())
                    + "; name candidates or pick another price option or date");
        }
        return resolved;
    }

    private Resolved resolve(String model, CandidateSpec spec, int maxModelLen) {
        try {
            return new Resolved(spec, simulations.deploy(model, spec, maxModelLen), null, null);
        } catch (DoesNotFitException e) {
            return new Resolved(spec, null, CandidateResult.DOES_NOT_FIT, e.getMessage());
        } catch (IllegalArgumentException e) {
            return new Resolved(spec, null, CandidateResult.NOT_DEPLOYABLE, e.getMessage());
        }
    }

    /** USD per hour of one replica; unpriced or undeployed candidates last. */
    private static double replicaHourly(Resolved candidate, Function<String, PriceView> price) {
        PriceView p = price.apply(candidate.spec().hardware());
        return candidate.deployed() == null || p == null ? Double.MAX_VALUE
                : candidate.deployed().chips() * p.usdPerAcceleratorHour().doubleValue();
    }

    private CandidateResult evaluate(PlanRequest request, Resolved candidate, PriceView price, Search search,
            double demandRps, AtomicInteger simulated, DoubleAccumulator cheapestMonthly) {
        CandidateSpec spec = candidate.spec();
        var deployed = candidate.deployed();
        if (deployed == null) {
            return refused(spec, candidate.status(), candidate.reason(), price);
        }
        try {
            return evaluateDeployed(request, spec, deployed, price, search, demandRps, simulated, cheapestMonthly);
        } catch (UnsupportedScenarioException e) {
            // the engine refuses the workload (a prompt above a whole-prompt engine's step budget, say)
            return refused(spec, CandidateResult.NOT_DEPLOYABLE, e.getMessage(), price);
        }
    }

    private static CandidateResult refused(CandidateSpec spec, String status, String reason, PriceView price) {
        return new CandidateResult(0, label(spec, null), spec.hardware(), spec.profile(), spec.tensorParallel(),
                spec.precision(), spec.optimizations(), status, reason, null, null, null, null, null, null, null,
                price == null ? null : price.usdPerAcceleratorHour().doubleValue(), null, null, null, null, price,
                null, List.of(), List.of());
    }

    private CandidateResult evaluateDeployed(PlanRequest request, CandidateSpec spec, PlanSimulations.Deployed deployed,
            PriceView price, Search search, double demandRps, AtomicInteger simulated,
            DoubleAccumulator cheapestMonthly) {
        double oneReplicaMonthly = price == null ? 0
                : deployed.chips() * price.usdPerAcceleratorHour().doubleValue() * request.hoursPerMonth();
        double cheapestSoFar = cheapestMonthly.get();
        // Only a replica that costs more is pruned: one that ties is an equally cheap answer, and pruning it would
        // depend on which of two candidates running at once finished first.
        if (oneReplicaMonthly > cheapestSoFar) {
            return new CandidateResult(0, label(spec, deployed), spec.hardware(), deployed.profile(),
                    deployed.tensorParallel(), deployed.precision(), deployed.optimizations(), CandidateResult.PRUNED,
                    String.format(Locale.ROOT, "not searched: one replica costs $%,.0f/month, the cheapest plan found "
                            + "$%,.0f", oneReplicaMonthly, cheapestSoFar), null, null, null,
                    null, null, deployed.chips(), null, price.usdPerAcceleratorHour().doubleValue(), null, null,
                    null, null, price, deployed.parametersSha256(), List.of(), List.of());
        }
        Slo slo = request.slo();
        PlanWorkload workload = request.workload();
        OperatingPointSearch.Outcome<?> outcome;
        if (search.open()) {
            simulated.incrementAndGet(); // the reference point one request alone, which sizes every rate's run
            simulations.simulate(deployed, workload, 1);
            int start = startIndex(search.rates(),
                    PlanSimulations.sustainableRequestsPerSecond(deployed.deployment(), workload, slo));
            outcome = OperatingPointSearch.searchRate(rate -> {
                simulated.incrementAndGet();
                return simulations.simulateRate(deployed, workload, rate, search.burstiness());
            }, search.rates(), slo, start);
        } else {
            outcome = OperatingPointSearch.search(concurrency -> {
                simulated.incrementAndGet();
                return simulations.simulate(deployed, workload, concurrency);
            }, search.concurrencies(), deployed.batchBuckets(), slo);
        }
        int accelerators = deployed.chips();
        List<CurvePoint> curve = new ArrayList<>();
        outcome.ran().forEach((load, metrics) -> {
            boolean meets = slo.meets(metrics);
            double tps = outputTokensPerSecond(load, metrics, workload, meets);
            curve.add(new CurvePoint(load instanceof Integer c ? c : null, load instanceof Double r ? r : null,
                    metrics.getOrDefault("interactivity", 0.0), tps,
                    Money.perMillionOutputTokens(price, accelerators, tps), meets));
        });
        String label = label(spec, deployed);
        if (outcome.load() == null) {
            Object lowest = outcome.ran().firstKey();
            Map<String, Double> atLowest = outcome.ran().firstEntry().getValue();
            String where = lowest instanceof Integer c ? "concurrency " + c
                    : String.format(Locale.ROOT, "%.4g requests/s", (Double) lowest);
            return new CandidateResult(0, label, spec.hardware(), deployed.profile(), deployed.tensorParallel(),
                    deployed.precision(), deployed.optimizations(), CandidateResult.MISSES,
                    "SLO missed even at " + where + ": " + String.join("; ", outcome.missesAtLowest()), null,
                    headline(atLowest), null, null, null, accelerators, null,
                    price == null ? null : price.usdPerAcceleratorHour().doubleValue(), null, null, null, null, price,
                    deployed.parametersSha256(), outcome.monotonicityBreaks(), curve);
        }
        Object chosen = outcome.load();
        Map<String, Double> metrics = outcome.ran().get(chosen);
        double replicaRps = chosen instanceof Double rate ? rate : metrics.getOrDefault("request_throughput", 0.0);
        double replicaTps = outputTokensPerSecond(chosen, metrics, workload, true);
        int replicas = (int) Math.max(1, Math.ceil(demandRps / replicaRps - CAPACITY_EPSILON));
        double headroom = (replicas * replicaRps / demandRps - 1.0) * 100.0;
        Money money = Money.of(price, accelerators, replicas, replicaTps, request.hoursPerMonth());
        if (money.usdPerMonth() != null) {
            cheapestMonthly.accumulate(money.usdPerMonth());
        }
        return new CandidateResult(0, label, spec.hardware(), deployed.profile(), deployed.tensorParallel(),
                deployed.precision(), deployed.optimizations(), CandidateResult.MEETS,
                price == null ? "no " + request.priceOption().id() + " price for " + spec.hardware() : null,
                chosen instanceof Integer c ? c : null, headline(metrics), replicaRps, replicaTps, replicas,
                accelerators, replicas * accelerators, money.usdPerAcceleratorHour(), money.usdPerHour(),
                money.usdPerMonth(), money.usdPerMillionOutputTokens(), headroom, price, deployed.parametersSha256(),
                outcome.monotonicityBreaks(), curve);
    }

    /**
     * The first rate the open-loop search runs: the highest grid rate at most {@link #START_FACTOR} times the rate the
     * step prices alone sustain.
     */
    private static int startIndex(List<Double> rates, double sustainableRps) {
        int start = 0;
        for (int i = 0; i < rates.size(); i++) {
            if (rates.get(i) <= START_FACTOR * sustainableRps) {
                start = i;
            }
        }
        return start;
    }

    /**
     * What a replica serves at a point. Closed loop: the measured output throughput. Open loop: a rate that meets the
     * SLO is served in steady state (rate x mean output length; a finite run measures less, by its drain at the end);
     * one that misses it delivers at most what the run measured.
     */
    private static double outputTokensPerSecond(Object load, Map<String, Double> metrics, PlanWorkload workload,
            boolean meets) {
        double measured = metrics.getOrDefault("output_throughput", 0.0);
        if (!(load instanceof Double rate)) {
            return measured;
        }
        double offered = rate * workload.meanOutputTokens();
        return meets ? offered : Math.min(offered, measured);
    }

    /** The metrics a plan reports (vLLM names). */
    private static Map<String, Double> headline(Map<String, Double> metrics) {
        Map<String, Double> kept = new LinkedHashMap<>();
        for (String name : List.of("request_throughput", "output_throughput", "interactivity", "median_ttft_ms",
                "p90_ttft_ms", "p99_ttft_ms", "median_tpot_ms", "p90_tpot_ms", "p99_tpot_ms", "median_e2el_ms",
                "p90_e2el_ms", "p99_e2el_ms")) {
            Double value = metrics.get(name);
            if (value != null) {
                kept.put(name, value);
            }
        }
        return kept;
    }

    static String label(CandidateSpec spec, PlanSimulations.Deployed deployed) {
        String profile = deployed != null ? deployed.profile() : spec.profile();
        Integer tp = deployed != null ? Integer.valueOf(deployed.tensorParallel()) : spec.tensorParallel();
        String precision = deployed != null ? deployed.precision() : spec.precision();
        StringBuilder label = new StringBuilder(spec.hardware());
        if (profile != null) {
            label.append(' ').append(profile);
        }
        if (tp != null) {
            label.append(" TP=").append(tp);
        }
        if (precision != null) {
            label.append(' ').append(precision);
        }
        if (spec.optimizations() != null && !spec.optimizations().isEmpty()) {
            label.append(" +").append(String.join("+", spec.optimizations()));
        }
        return label.toString();
    }

    /** Meeting the SLO with a price first, by monthly cost; then unpriced, then misses, then what did not deploy. */
    static List<CandidateResult> rank(List<CandidateResult> results) {
        Comparator<CandidateResult> order = Comparator
                .comparingInt((CandidateResult r) -> r.meets() && r.usdPerMonth() != null ? 0
                        : r.meets() ? 1 : CandidateResult.MISSES.equals(r.status()) ? 2
                        : CandidateResult.PRUNED.equals(r.status()) ? 3 : 4)
                .thenComparing(r -> r.usdPerMonth() == null ? Double.MAX_VALUE : r.usdPerMonth())
                .thenComparing(r -> r.usdPerMillionOutputTokens() == null ? Double.MAX_VALUE
                        : r.usdPerMillionOutputTokens())
                .thenComparing(CandidateResult::label);
        List<CandidateResult> sorted = results.stream().sorted(order).toList();
        List<CandidateResult> ranked = new ArrayList<>();
        for (int i = 0; i < sorted.size(); i++) {
            ranked.add(sorted.get(i).ranked(i + 1));
        }
        return ranked;
    }

    /**
     * The cheapest against the cheapest searched candidate of each other hardware; a hardware whose every candidate
     * was pruned is compared at its cheapest single replica, a lower bound ({@code lowerBound}).
     */
    static List<PlanResult.Saving> savings(CandidateResult cheapest, List<CandidateResult> ranked,
            double hoursPerMonth) {
        if (cheapest == null || cheapest.usdPerMonth() == null) {
            return List.of();
        }
        Map<String, PlanResult.Saving> byHardware = new LinkedHashMap<>();
        for (CandidateResult result : ranked) {
            if (result.meets() && result.usdPerMonth() != null && !result.hardware().equals(cheapest.hardware())) {
                byHardware.putIfAbsent(result.hardware(), saving(cheapest, result, result.usdPerMonth(), false));
            }
        }
        for (CandidateResult result : ranked) {
            if (CandidateResult.PRUNED.equals(result.status()) && !result.hardware().equals(cheapest.hardware())
                    && result.usdPerAcceleratorHour() != null) {
                double oneReplica = result.acceleratorsPerReplica() * result.usdPerAcceleratorHour() * hoursPerMonth;
                PlanResult.Saving known = byHardware.get(result.hardware());
                if (known == null || known.lowerBound() && oneReplica < known.againstUsdPerMonth()) {
                    byHardware.put(result.hardware(), saving(cheapest, result, oneReplica, true));
                }
            }
        }
        return List.copyOf(byHardware.values());
    }

    private static PlanResult.Saving saving(CandidateResult cheapest, CandidateResult other, double otherMonthly,
            boolean lowerBound) {
        double saving = otherMonthly - cheapest.usdPerMonth();
        return new PlanResult.Saving(other.hardware(), other.label(), otherMonthly, saving,
                saving / otherMonthly * 100.0, lowerBound);
    }

    static String summary(CandidateResult cheapest, List<PlanResult.Saving> savings, String slo) {
        if (cheapest == null) {
            return "No candidate meets " + slo + ".";
        }
        StringBuilder text = new StringBuilder(String.format(Locale.ROOT,
                "Cheapest meeting %s: %s, %d replica%s x %d accelerator%s at %s",
                slo, cheapest.label(), cheapest.replicas(), cheapest.replicas() == 1 ? "" : "s",
                cheapest.acceleratorsPerReplica(), cheapest.acceleratorsPerReplica() == 1 ? "" : "s",
                cheapest.concurrency() != null ? "concurrency " + cheapest.concurrency() : String.format(Locale.ROOT,
                        "%.4g requests/s per replica", cheapest.requestsPerSecondPerReplica())));
        if (cheapest.usdPerMonth() != null) {
            text.append(String.format(Locale.ROOT, ", $%,.0f per month ($%.2f per million output tokens)",
                    cheapest.usdPerMonth(), cheapest.usdPerMillionOutputTokens()));
        }
        for (PlanResult.Saving saving : savings) {
            String bound = saving.lowerBound() ? "at least " : "";
            text.append(String.format(Locale.ROOT, saving.savingPercent() < 10 ? "; %s%.1f%% cheaper than %s (%s$%,.0f)"
                    : "; %s%.0f%% cheaper than %s (%s$%,.0f)", bound, saving.savingPercent(), saving.against(),
                    bound, saving.againstUsdPerMonth()));
        }
        return text.append('.').toString();
    }

    LocalDate today() {
        return priceBook.today();
    }

    /** The result with every candidate's money at the price in force on {@code date} (operating points unchanged). */
    PlanResult repriced(PlanResult result, LocalDate date) {
        var option = io.costbench.pricing.PurchaseOption.fromId(result.priceOption()).orElseThrow();
        List<CandidateResult> repriced = new ArrayList<>();
        for (CandidateResult candidate : result.candidates()) {
            PriceView price = costs.priceFor(candidate.hardware(), option, date).map(PriceView::of).orElse(null);
            repriced.add(candidate.pricedAt(price, result.hoursPerMonth()));
        }
        List<CandidateResult> ranked = rank(repriced);
        CandidateResult cheapest = ranked.isEmpty() || !ranked.get(0).meets() ? null : ranked.get(0);
        List<PlanResult.Saving> savings = savings(cheapest, ranked, result.hoursPerMonth());
        return new PlanResult(result.model(), result.modelSha256(), result.catalogVersion(), result.slo(),
                result.verdict(), summary(cheapest, savings, result.slo()), result.priceOption(), date,
                result.hoursPerMonth(), result.demandRequestsPerSecond(), result.demandOutputTokensPerSecond(),
                result.arrivals(), result.burstiness(), cheapest, savings, ranked, result.simulations(),
                result.computeMs());
    }
}
