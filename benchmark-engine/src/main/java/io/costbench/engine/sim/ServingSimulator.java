package io.costbench.engine.sim;

import java.util.concurrent.ConcurrentHashMap;

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

    /** Bounds the memo (about 300 bytes a shape); past it, shapes are priced without being remembered. */
    static final int MEMO_LIMIT = 100_000;

    private final Deployment deployment;
    private final ShapeQuantizer quantizer;
    private final ConcurrentHashMap<StepShape, PricedStep> memo = new ConcurrentHashMap<>();
    private final boolean decodeRuns;

    public ServingSimulator(Deployment deployment) {
        this(deployment, ShapeQuantizer.standard());
    }

    public ServingSimulator(Deployment deployment, ShapeQuantizer quantizer) {
        this(deployment, quantizer, true);
    }

    /** @param decodeRuns advance runs of identical decode-only steps at once (off only to test that it is exact) */
    ServingSimulator(Deployment deployment, ShapeQuantizer quantizer, boolean decodeRuns) {
        this.deployment = deployment;
        this.quantizer = quantizer;
        this.decodeRuns = decodeRuns;
    }

    /** One run with a fresh memo. */
    public static SimulationResult simulate(Deployment deployment, Workload workload) {
        return new ServingSimulator(deployment).run(workload);
    }

    public SimulationResult run(Workload workload) {
        return new SimulationRun(this, deployment, workload).execute();
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

    PricedStep price(StepShape canonical) {
        PricedStep priced = new PricedStep(canonical, deployment.price(canonical));
        if (memo.size() < MEMO_LIMIT) {
            PricedStep previous = memo.putIfAbsent(canonical, priced);
            return previous != null ? previous : priced;
        }
        return priced;
    }
}
