package io.costbench.engine.sim;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import io.costbench.engine.graph.StepShape;
import io.costbench.engine.port.Deployment;

/**
 * Runs a {@link Deployment} on a {@link Workload} the way {@code vllm bench serve} drives a server: closed loop at a
 * fixed concurrency or open-loop Poisson arrivals, iteration-level scheduling following the deployment's
 * {@link io.costbench.engine.port.SchedulingRules}, and vLLM's metrics. Deterministic for a given seed.
 *
 * <p>Step prices are memoised by canonical (quantised) shape for the life of this simulator, so the points of a
 * sweep on one deployment share them. Thread-safe: runs may execute concurrently.
 */
public final class ServingSimulator {

    /** Bounds the memo by its estimated size; past it, shapes are priced without being remembered. */
    public static final long DEFAULT_MEMO_BYTES = 64L << 20;

    private final Deployment deployment;
    private final ShapeQuantizer quantizer;
    private final ConcurrentHashMap<StepShape, PricedStep> memo = new ConcurrentHashMap<>();
    private final AtomicLong memoBytes = new AtomicLong();
    private final long memoLimitBytes;
    private final boolean decodeRuns;

    public ServingSimulator(Deployment deployment) {
        this(deployment, ShapeQuantizer.standard());
    }

    public ServingSimulator(Deployment deployment, ShapeQuantizer quantizer) {
        this(deployment, quantizer, DEFAULT_MEMO_BYTES, true);
    }

    /** @param memoLimitBytes how much memory the memo of priced shapes may take (estimated) */
    public ServingSimulator(Deployment deployment, long memoLimitBytes) {
        this(deployment, ShapeQuantizer.standard(), memoLimitBytes, true);
    }

    /** @param decodeRuns advance runs of identical decode-only steps at once (off only to test that it is exact) */
    ServingSimulator(Deployment deployment, ShapeQuantizer quantizer, boolean decodeRuns) {
        this(deployment, quantizer, DEFAULT_MEMO_BYTES, decodeRuns);
    }

    private ServingSimulator(Deployment deployment, ShapeQuantizer quantizer, long memoLimitBytes,
            boolean decodeRuns) {
        this.deployment = deployment;
        this.quantizer = quantizer;
        this.memoLimitBytes = memoLimitBytes;
        this.decodeRuns = decodeRuns;
    }

    /** One run with a fresh memo. */
    public static SimulationResult simulate(Deployment deployment, Workload workload) {
        return new ServingSimulator(deployment).run(workload);
    }

    /** A run without budget or deadline (offline tools, tests, benchmarks). */
    public SimulationResult run(Workload workload) {
        return run(workload, SimulationBudget.UNLIMITED, Deadline.NONE);
    }

    /**
     * @throws OverBudgetException          before any work when the workload is over the budget
     * @throws SimulationCancelledException when the deadline passes or the asker goes while it runs
     */
    public SimulationResult run(Workload workload, SimulationBudget budget, Deadline deadline) {
        budget.check(workload, deployment.scheduling());
        return new SimulationRun(this, deployment, workload, deadline).execute();
    }

    public Deployment deployment() {
        return deployment;
    }

    boolean decodeRuns() {
        return decodeRuns;
    }

    ShapeQuantizer quantizer() {
        return quantizer;
    }

    /** Shapes priced and remembered so far. */
    public int memoSize() {
        return memo.size();
    }

    PricedStep lookup(StepShape canonical) {
        return memo.get(canonical);
    }

    /** Prices a shape and remembers it while the memo has room (then {@link #lookup} returns the same object). */
    PricedStep price(StepShape canonical) {
        PricedStep priced = new PricedStep(canonical, deployment.price(canonical));
        long bytes = estimatedBytes(canonical);
        if (memoBytes.addAndGet(bytes) <= memoLimitBytes) {
            PricedStep previous = memo.putIfAbsent(canonical, priced);
            if (previous != null) {
                memoBytes.addAndGet(-bytes);
                return previous;
            }
            return priced;
        }
        memoBytes.addAndGet(-bytes);
        return priced;
    }

    /** Shape, cost by category and map entry come to about 450 bytes, plus each prefill chunk's. */
    static long estimatedBytes(StepShape shape) {
        return 450 + 32L * shape.prefills().size();
    }
}
