package io.costbench.engine.bench;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.costbench.engine.graph.GraphBuilder;
import io.costbench.engine.graph.GraphOptions;
import io.costbench.engine.graph.Operator;
import io.costbench.engine.graph.OperatorKind;
import io.costbench.engine.graph.StepGraph;
import io.costbench.engine.graph.StepShape;
import io.costbench.engine.model.ModelSpec;
import io.costbench.engine.model.Precision;
import io.costbench.engine.port.CostCategory;
import io.costbench.engine.port.Deployment;
import io.costbench.engine.port.OperatorTiming;
import io.costbench.engine.port.Parameter;
import io.costbench.engine.port.PrefillPolicy;
import io.costbench.engine.port.SchedulingRules;
import io.costbench.engine.port.StepCost;
import io.costbench.engine.port.StepExplanation;

/**
 * An H100-like roofline over the real operator graph, as costly to price as a real accelerator model: what the speed
 * benchmark needs so that the memo matters. Not calibrated; not a prediction.
 */
public final class RooflineDeployment implements Deployment {

    private static final double PEAK_FLOPS = 989e12 * 0.7;
    private static final double HBM_BYTES_PER_S = 3.35e12 * 0.8;
    private static final double LAUNCH_MS = 0.004;
    private static final double STEP_OVERHEAD_MS = 0.5;

    private final ModelSpec model;
    private final SchedulingRules rules;

    public RooflineDeployment(ModelSpec model) {
        this.model = model;
        double cacheBytes = 80e9 * 0.9 - model.weightBytes(Precision.BF16);
        long kvTokens = (long) (cacheBytes / (model.kvBytesPerTokenGlobalLayers(2) + model.kvBytesPerTokenSlidingLayers(2)));
        this.rules = new SchedulingRules(256, 8192, kvTokens, 16, PrefillPolicy.CHUNKED_MIXED, List.of(), null);
    }

    @Override public ModelSpec model() { return model; }
    @Override public String hardwareId() { return "roofline-h100"; }
    @Override public String profileId() { return "roofline"; }
    @Override public int tensorParallel() { return 1; }
    @Override public Precision precision() { return Precision.BF16; }
    @Override public Set<String> optimizations() { return Set.of(); }
    @Override public int chips() { return 1; }
    @Override public SchedulingRules scheduling() { return rules; }

    @Override
    public StepCost price(StepShape shape) {
        return explain(shape).cost();
    }

    @Override
    public StepExplanation explain(StepShape shape) {
        StepGraph graph = GraphBuilder.build(model, 1, Precision.BF16, GraphOptions.standard(), shape);
        Map<CostCategory, Double> total = new EnumMap<>(CostCategory.class);
        List<OperatorTiming> timings = new ArrayList<>();
        for (Operator op : graph.operators()) {
            if (op.kind() == OperatorKind.ALL_REDUCE) {
                continue;
            }
            double computeMs = op.flops() / PEAK_FLOPS * 1e3;
            double memoryMs = op.hbmBytes() / HBM_BYTES_PER_S * 1e3;
            Map<CostCategory, Double> parts = new EnumMap<>(CostCategory.class);
            parts.put(computeMs > memoryMs ? CostCategory.COMPUTE : CostCategory.MEMORY,
                    Math.max(computeMs, memoryMs) * op.repeat());
            parts.put(CostCategory.OVERHEAD, LAUNCH_MS * op.repeat());
            parts.forEach((category, ms) -> total.merge(category, ms, Double::sum));
            timings.add(new OperatorTiming(op.name(), op.kind().name(), op.repeat(),
                    parts.values().stream().mapToDouble(Double::doubleValue).sum(), parts, op.flops(), op.hbmBytes(),
                    0, computeMs > memoryMs ? "compute-bound" : "memory-bound"));
        }
        total.merge(CostCategory.HOST, STEP_OVERHEAD_MS, Double::sum);
        return new StepExplanation(shape, StepCost.of(total), timings, Map.of());
    }

    @Override public List<Parameter> parameters() { return List.of(); }
    @Override public String parametersSha256() { return "roofline"; }
}
