package io.costbench.service.prediction;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.costbench.engine.graph.GraphBuilder;
import io.costbench.engine.graph.GraphOptions;
import io.costbench.engine.graph.Operator;
import io.costbench.engine.graph.StepGraph;
import io.costbench.engine.graph.StepShape;
import io.costbench.engine.model.ModelSpec;
import io.costbench.engine.model.Precision;
import io.costbench.engine.port.AcceleratorModel;
import io.costbench.engine.port.CatalogEntry;
import io.costbench.engine.port.CostCategory;
import io.costbench.engine.port.Deployment;
import io.costbench.engine.port.DeploymentRequest;
import io.costbench.engine.port.DoesNotFitException;
import io.costbench.engine.port.OperatorTiming;
import io.costbench.engine.port.Parameter;
import io.costbench.engine.port.PrefillPolicy;
import io.costbench.engine.port.ProfileEntry;
import io.costbench.engine.port.SchedulingRules;
import io.costbench.engine.port.StepCost;
import io.costbench.engine.port.StepExplanation;

/**
 * A small roofline accelerator for testing the API without the real models: 80 GB at 3 TB/s, 700 TFLOPS, a fixed
 * step overhead that the "fast-launch" switch halves.
 */
final class TestAcceleratorModel implements AcceleratorModel {

    static final String HARDWARE = "test-gpu";
    static final String PROFILE = "test-vllm";
    static final String SWITCH = "fast-launch";
    private static final double MEMORY_BYTES = 72e9;

    @Override
    public List<CatalogEntry> hardware() {
        return List.of(new CatalogEntry(HARDWARE, "Test GPU", "80 GB, 3 TB/s, 700 TFLOPS", "test fixture"));
    }

    @Override
    public List<ProfileEntry> profiles() {
        return List.of(new ProfileEntry(PROFILE, "Test vLLM", "vllm", List.of(HARDWARE), 1, "bf16",
                List.of(io.costbench.engine.model.Precision.BF16), List.of(),
                "test fixture"));
    }

    @Override
    public List<CatalogEntry> optimizations() {
        return List.of(new CatalogEntry(SWITCH, "Fast launch", "halves the step overhead", "test fixture"));
    }

    @Override
    public Deployment deploy(ModelSpec model, DeploymentRequest request) {
        if (!HARDWARE.equals(request.hardwareId())) {
            throw new IllegalArgumentException("unknown hardware " + request.hardwareId());
        }
        int tp = request.tensorParallel() == null ? 1 : request.tensorParallel();
        Precision precision = request.precision() == null ? Precision.BF16 : request.precision();
        double weightsPerChip = model.weightBytes(precision) / tp;
        double kvPerToken = (model.kvBytesPerTokenGlobalLayers(2) + model.kvBytesPerTokenSlidingLayers(2)) / tp;
        double cacheBytes = MEMORY_BYTES - weightsPerChip;
        if (cacheBytes < kvPerToken * request.maxModelLenTokens()) {
            throw new DoesNotFitException(model.id() + " needs " + Math.round(weightsPerChip / 1e9)
                    + " GB of weights per chip at TP " + tp + "; " + HARDWARE + " has 72 GB",
                    weightsPerChip + kvPerToken * request.maxModelLenTokens(), MEMORY_BYTES);
        }
        Set<String> switches = new LinkedHashSet<>(request.optimizations() == null ? Set.of() : request.optimizations());
        SchedulingRules rules = new SchedulingRules(256, 8192, (long) (cacheBytes / kvPerToken), 16,
                PrefillPolicy.CHUNKED_MIXED, List.of(), null);
        return new TestDeployment(model, tp, precision, switches, rules);
    }

    private record TestDeployment(ModelSpec model, int tensorParallel, Precision precision, Set<String> optimizations,
            SchedulingRules scheduling) implements Deployment {

        @Override public String hardwareId() { return HARDWARE; }
        @Override public String profileId() { return PROFILE; }
        @Override public int chips() { return tensorParallel; }
        @Override public List<Parameter> parameters() { return List.of(); }
        @Override public String parametersSha256() { return "test-" + optimizations; }

        @Override
        public StepCost price(StepShape shape) {
            return explain(shape).cost();
        }

        @Override
        public StepExplanation explain(StepShape shape) {
            StepGraph graph = GraphBuilder.build(model, tensorParallel, precision, GraphOptions.standard(), shape);
            Map<CostCategory, Double> total = new EnumMap<>(CostCategory.class);
            List<OperatorTiming> timings = new ArrayList<>();
            for (Operator op : graph.operators()) {
                double computeMs = op.flops() / 700e12 * 1e3 * op.repeat();
                double memoryMs = op.hbmBytes() / 3e12 * 1e3 * op.repeat();
                double commMs = op.collectiveBytes() / 400e9 * 1e3 * op.repeat();
                Map<CostCategory, Double> parts = new EnumMap<>(CostCategory.class);
                parts.put(computeMs > memoryMs ? CostCategory.COMPUTE : CostCategory.MEMORY,
                        Math.max(computeMs, memoryMs));
                if (commMs > 0) {
                    parts.put(CostCategory.COMMUNICATION, commMs);
                }
                parts.forEach((category, ms) -> total.merge(category, ms, Double::sum));
                timings.add(new OperatorTiming(op.name(), op.kind().name(), op.repeat(),
                        parts.values().stream().mapToDouble(Double::doubleValue).sum(), parts, op.flops(),
                        op.hbmBytes(), 0, "roofline"));
            }
            total.put(CostCategory.OVERHEAD, optimizations.contains(SWITCH) ? 0.25 : 0.5);
            return new StepExplanation(shape, StepCost.of(total), timings, Map.of("operators", timings.size()));
        }
    }
}
