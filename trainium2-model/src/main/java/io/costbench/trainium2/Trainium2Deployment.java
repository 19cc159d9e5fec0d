package io.costbench.trainium2;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import io.costbench.engine.graph.PrefillChunk;
import io.costbench.engine.graph.StepShape;
import io.costbench.engine.model.ModelSpec;
import io.costbench.engine.model.Precision;
import io.costbench.engine.port.Deployment;
import io.costbench.engine.port.Parameter;
import io.costbench.engine.port.SchedulingRules;
import io.costbench.engine.port.StepCost;
import io.costbench.engine.port.StepExplanation;

/**
 * A model compiled for Trainium2 with a vLLM-Neuron profile. Steps are priced at their compiled shapes (batch bucket,
 * context bucket, prompt bucket) and memoised by those shapes, so a whole sweep prices only a few dozen executions.
 */
public final class Trainium2Deployment implements Deployment {

    private final ModelSpec model;
    private final String hardwareId;
    private final String profileId;
    private final int tensorParallel;
    private final int logicalCoreSize;
    private final Precision precision;
    private final Set<String> optimizations;
    private final Map<String, String> notApplied;
    private final int chips;
    private final SchedulingRules scheduling;
    private final CompiledShapes shapes;
    private final StepPricer pricer;
    private final Resources resources;
    private final List<Parameter> parameters;
    private final String sha256;
    private final double weightBytesPerRank;
    private final double cacheBytesPerSequencePerRank;
    private final Map<List<Integer>, PricedExecution> memo = new ConcurrentHashMap<>();

    Trainium2Deployment(ModelSpec model, String hardwareId, String profileId, int tensorParallel, int logicalCoreSize,
            Precision precision, Set<String> optimizations, Map<String, String> notApplied, int chips,
            SchedulingRules scheduling, CompiledShapes shapes, StepPricer pricer, Resources resources,
            List<Parameter> parameters, String sha256, double weightBytesPerRank,
            double cacheBytesPerSequencePerRank) {
        this.model = model;
        this.hardwareId = hardwareId;
        this.profileId = profileId;
        this.tensorParallel = tensorParallel;
        this.logicalCoreSize = logicalCoreSize;
        this.precision = precision;
        this.optimizations = Set.copyOf(optimizations);
        this.notApplied = Map.copyOf(notApplied);
        this.chips = chips;
        this.scheduling = scheduling;
        this.shapes = shapes;
        this.pricer = pricer;
        this.resources = resources;
        this.parameters = List.copyOf(parameters);
        this.sha256 = sha256;
        this.weightBytesPerRank = weightBytesPerRank;
        this.cacheBytesPerSequencePerRank = cacheBytesPerSequencePerRank;
    }

    @Override public ModelSpec model() { return model; }
    @Override public String hardwareId() { return hardwareId; }
    @Override public String profileId() { return profileId; }
    @Override public int tensorParallel() { return tensorParallel; }
    @Override public Precision precision() { return precision; }
    @Override public Set<String> optimizations() { return optimizations; }
    @Override public int chips() { return chips; }
    @Override public SchedulingRules scheduling() { return scheduling; }
    @Override public List<Parameter> parameters() { return parameters; }
    @Override public String parametersSha256() { return sha256; }

    /** Logical NeuronCore size: physical cores per tensor-parallel rank (LNC=2 on Trn2 by default). */
    public int logicalCoreSize() {
        return logicalCoreSize;
    }

    /** Switches that were requested but do not apply to this model, with the reason (e.g. no EAGLE-3 draft head). */
    public Map<String, String> notApplied() {
        return notApplied;
    }

    public double weightBytesPerRank() {
        return weightBytesPerRank;
    }

    /** KV cache plus recurrent/conv state one sequence of max model length reserves on each rank. */
    public double cacheBytesPerSequencePerRank() {
        return cacheBytesPerSequencePerRank;
    }

    @Override
    public StepCost price(StepShape shape) {
        return priced(shape).cost();
    }

    @Override
    public StepExplanation explain(StepShape shape) {
        PricedExecution step = priced(shape);
        return new StepExplanation(shape, step.cost(), step.operators(), new LinkedHashMap<>(step.counters()));
    }

    private PricedExecution priced(StepShape shape) {
        List<PricedExecution> parts = new ArrayList<>(1 + shape.prefills().size());
        if (shape.decodeSequences() > 0) {
            if (shape.decodeSequences() > shapes.maxBatch()) {
                throw new IllegalArgumentException("decode batch " + shape.decodeSequences()
                        + " exceeds the largest compiled batch " + shapes.maxBatch());
            }
            int batch = shapes.batch(shape.decodeSequences());
            int t = shape.decodeTokensPerSequence();
            // The compiled graphs stop at the max model length (the simulator may round a context up past it).
            int context = shapes.tokens(Math.min(shape.decodeContextTokensMax() + t, shapes.maxModelLenTokens()));
            int real = shape.decodeSequences();
            parts.add(memo.computeIfAbsent(List.of(0, batch, t, context, real), k -> PricedExecution.of(
                    pricer.decode(batch, t, context, real), resources.tensorPeakFlops,
                    Map.of("compiled_batch_sequences", (double) batch, "compiled_context_tokens", (double) context,
                            "tokens_per_sequence", (double) t))));
        }
        for (PrefillChunk chunk : shape.prefills()) {
            int padded = shapes.tokens(chunk.tokens());
            int prior = chunk.priorContextTokens();
            parts.add(memo.computeIfAbsent(List.of(1, padded, prior), k -> PricedExecution.of(
                    pricer.prefill(padded, prior), resources.tensorPeakFlops,
                    Map.of("compiled_prefill_tokens", (double) padded))));
        }
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("an empty step has no price");
        }
        return PricedExecution.sum(parts);
    }
}
