package io.costbench.gpu;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

import io.costbench.engine.data.DataFiles;
import io.costbench.engine.graph.GraphBuilder;
import io.costbench.engine.graph.GraphOptions;
import io.costbench.engine.graph.StepGraph;
import io.costbench.engine.graph.StepShape;
import io.costbench.engine.model.ModelSpec;
import io.costbench.engine.model.Precision;
import io.costbench.engine.port.CostCategory;
import io.costbench.engine.port.Deployment;
import io.costbench.engine.port.FrontEnd;
import io.costbench.engine.port.OperatorTiming;
import io.costbench.engine.port.Parameter;
import io.costbench.engine.port.SchedulingRules;
import io.costbench.engine.port.SpeculativeDecoding;
import io.costbench.engine.port.StepCost;
import io.costbench.engine.port.StepExplanation;

/** A model served on {@code tensorParallel} GPUs of one kind by one serving stack; step prices memoised by shape. */
final class GpuDeployment implements Deployment {

    /**
     * Beyond this many distinct shapes the memo starts over, so a long simulation cannot exhaust the heap (about
     * 1.5 MB; the simulator keeps its own bounded memo of canonical shapes in front of this one).
     */
    private static final int MEMO_LIMIT = 4_096;

    private final ModelSpec model;
    private final ModelSpec draftModel;
    private final GpuHardware hardware;
    private final GpuProfile profile;
    private final int tensorParallel;
    private final Precision precision;
    private final Set<String> optimizations;
    private final GraphOptions graphOptions;
    private final SchedulingRules scheduling;
    private final GpuStepPricer pricer;
    private final List<Parameter> parameters;
    private final String sha256;
    private final Map<StepShape, StepCost> memo = new ConcurrentHashMap<>();
    private final FrontEnd frontEnd;

    GpuDeployment(ModelSpec model, GpuHardware hardware, GpuProfile profile, int tensorParallel, Precision precision,
            Set<String> optimizations, GraphOptions graphOptions, SchedulingRules scheduling) {
        this.model = model;
        this.hardware = hardware;
        this.profile = profile;
        this.tensorParallel = tensorParallel;
        this.precision = precision;
        this.optimizations = Set.copyOf(optimizations);
        this.graphOptions = graphOptions;
        this.scheduling = scheduling;
        this.pricer = new GpuStepPricer(hardware, profile, tensorParallel, precision, this.optimizations);
        this.draftModel = scheduling.speculative() == null ? null : eagleDraft(model);
        this.frontEnd = new FrontEnd(profile.value("frontEndRequestMs"), profile.value("frontEndTokenizeUsPerToken"));
        List<Parameter> all = new ArrayList<>(hardware.spec().list());
        all.addAll(profile.parameters().list());
        this.parameters = List.copyOf(all);
        this.sha256 = DataFiles.sha256(hardware.spec().sha256() + profile.parameters().sha256()
                + tensorParallel + precision + new TreeSet<>(this.optimizations) + graphOptions);
    }

    /** The EAGLE-3 drafter: one decoder layer shaped like the target's first, sharing its hidden size and vocabulary. */
    private static ModelSpec eagleDraft(ModelSpec target) {
        return new ModelSpec(target.id() + "-eagle3-draft", target.displayName() + " EAGLE-3 draft", "EAGLE-3 (specs.md §4)",
                0, target.hiddenSize(), target.vocabSize(), true, target.maxPositionEmbeddings(),
                List.of(target.layers().get(0)));
    }

    @Override
    public ModelSpec model() {
        return model;
    }

    @Override
    public String hardwareId() {
        return hardware.id();
    }

    @Override
    public String profileId() {
        return profile.id();
    }

    @Override
    public int tensorParallel() {
        return tensorParallel;
    }

    @Override
    public Precision precision() {
        return precision;
    }

    @Override
    public Set<String> optimizations() {
        return optimizations;
    }

    @Override
    public int chips() {
        return tensorParallel;
    }

    @Override
    public SchedulingRules scheduling() {
        return scheduling;
    }

    @Override
    public FrontEnd frontEnd() {
        return frontEnd;
    }

    @Override
    public StepCost price(StepShape shape) {
        StepCost cached = memo.get(shape);
        if (cached != null) {
            return cached;
        }
        GpuStepPricer.Tally tally = new GpuStepPricer.Tally(false);
        priceInto(shape, tally);
        StepCost cost = new StepCost(tally.totalMs(), tally.byCategory());
        if (memo.size() >= MEMO_LIMIT) {
            memo.clear();
        }
        memo.put(shape, cost);
        return cost;
    }

    @Override
    public StepExplanation explain(StepShape shape) {
        GpuStepPricer.Tally tally = new GpuStepPricer.Tally(true);
        priceInto(shape, tally);
        StepCost cost = new StepCost(tally.totalMs(), tally.byCategory());
        Map<String, Object> counters = new LinkedHashMap<>(tally.counters());
        counters.put("tensorParallel", tensorParallel);
        counters.put("precision", precision.name());
        // What the engine can hold besides this step: why a long TTFT may be a queue for cache room.
        counters.put("kvCacheCapacityTokens", scheduling.kvCacheCapacityTokens());
        counters.put("admissionReservesWholeAnswer", scheduling.reservesToCompletion());
        return new StepExplanation(shape, cost, tally.operators, counters);
    }

    private void priceInto(StepShape shape, GpuStepPricer.Tally tally) {
        if (shape.totalTokens() == 0) {
            throw new IllegalArgumentException("a step must process at least one token");
        }
        StepGraph graph = GraphBuilder.build(model, tensorParallel, precision, graphOptions, shape);
        pricer.price(graph, tally);
        SpeculativeDecoding speculative = scheduling.speculative();
        if (speculative != null && shape.decodeTokensPerSequence() > 1 && shape.decodeSequences() > 0) {
            priceDraft(shape, speculative.draftTokens(), tally);
        }
        pricer.addHost(shape, tally);
    }

    /** EAGLE-3 drafting: k sequential single-token passes of the one-layer drafter over the decode batch. */
    private void priceDraft(StepShape shape, int draftTokens, GpuStepPricer.Tally tally) {
        StepShape draftShape = new StepShape(shape.decodeSequences(), 1, shape.decodeContextTokensSum(),
                shape.decodeContextTokensMax(), shape.decodeWindowedContextTokensSum(), List.of());
        StepGraph draftGraph = GraphBuilder.build(draftModel, tensorParallel, precision, graphOptions, draftShape);
        GpuStepPricer.Tally draft = new GpuStepPricer.Tally(false);
        pricer.price(draftGraph, draft);
        Map<CostCategory, Double> split = new EnumMap<>(CostCategory.class);
        for (CostCategory c : CostCategory.values()) {
            double ms = draft.ms[c.ordinal()] * draftTokens;
            tally.ms[c.ordinal()] += ms;
            if (ms > 0) {
                split.put(c, ms);
            }
        }
        tally.kernels += draft.kernels * draftTokens;
        tally.hbmBytes += draft.hbmBytes * draftTokens;
        tally.flops += draft.flops * draftTokens;
        if (tally.operators != null) {
            tally.operators.add(new OperatorTiming("eagle3.draft", "DRAFT", draftTokens, draft.totalMs() * draftTokens,
                    split, draft.flops * draftTokens, draft.hbmBytes * draftTokens, 0,
                    draftTokens + " sequential passes of the one-layer EAGLE-3 drafter"));
        }
    }

    @Override
    public List<Parameter> parameters() {
        return parameters;
    }

    @Override
    public String parametersSha256() {
        return sha256;
    }
}
