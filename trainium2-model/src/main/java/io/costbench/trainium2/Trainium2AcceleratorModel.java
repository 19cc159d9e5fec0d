package io.costbench.trainium2;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import io.costbench.engine.data.DataFiles;
import io.costbench.engine.graph.GraphBuilder;
import io.costbench.engine.graph.Operator;
import io.costbench.engine.graph.StepShape;
import io.costbench.engine.model.AttentionMixer;
import io.costbench.engine.model.GatedDeltaNetMixer;
import io.costbench.engine.model.LayerSpec;
import io.costbench.engine.model.ModelSpec;
import io.costbench.engine.model.Precision;
import io.costbench.engine.port.AcceleratorModel;
import io.costbench.engine.port.CalibratedFamily;
import io.costbench.engine.port.CatalogEntry;
import io.costbench.engine.port.Deployment;
import io.costbench.engine.port.DeploymentRequest;
import io.costbench.engine.port.DoesNotFitException;
import io.costbench.engine.port.Parameter;
import io.costbench.engine.port.ParameterSet;
import io.costbench.engine.port.PrefillPolicy;
import io.costbench.engine.port.ProfileEntry;
import io.costbench.engine.port.SchedulingRules;
import io.costbench.engine.port.StaticShapes;

/**
 * AWS Trainium2 with the Neuron serving stacks (the write-up's vLLM-Neuron beta and the public NxD Inference stack):
 * the chip, the kernel parameters they share, each stack's host-side parameters, the profiles and the optimization
 * switches, all read from {@code catalog/trainium2/}.
 */
public final class Trainium2AcceleratorModel implements AcceleratorModel, CalibratedFamily {

    public static final String HARDWARE_ID = "trn2";
    /** The same chip with one physical core per logical core (LNC=1): twice the ranks, half the resources each. */
    public static final String HARDWARE_ID_LNC1 = "trn2-lnc1";
    public static final String BASELINE = "vllm-neuron-baseline";
    public static final String OPTIMIZED = "vllm-neuron-optimized";

    private static final String DIR = "catalog/trainium2/";

    private final ParameterSet hardware;
    private final ParameterSet kernels;
    private final Map<String, ParameterSet> stacks;
    private final byte[] dataBytes;
    private final Map<String, ProfileEntry> profiles;
    private final Map<String, String> profileStacks;
    private final List<CatalogEntry> switches;
    private final Map<String, DraftHead> drafts;
    /** Validation sources each fitted parameter was fitted on, by qualified name (a stack's as stack/name). */
    private final Map<String, List<String>> fittedOn;

    private Trainium2AcceleratorModel(ParameterSet hardware, ParameterSet kernels, Map<String, ParameterSet> stacks,
            Map<String, ProfileEntry> profiles, Map<String, String> profileStacks, List<CatalogEntry> switches,
            Map<String, DraftHead> drafts, byte[] dataBytes, Map<String, List<String>> fittedOn) {
        this.hardware = hardware;
        this.kernels = kernels;
        this.stacks = stacks;
        this.profiles = profiles;
        this.profileStacks = profileStacks;
        this.switches = switches;
        this.drafts = drafts;
        this.dataBytes = dataBytes;
        this.fittedOn = fittedOn;
    }

    /**
     * Reads {@code catalog/trainium2/}: {@code hardware/trn2.json} (the chip), {@code stacks/} (the kernel and runtime
     * parameters every Neuron stack shares, and each serving stack's host-side parameters), {@code profiles/} and
     * {@code optimizations/}, each directory listed by its {@code index.json}.
     */
    @SuppressWarnings("unchecked")
    public static Trainium2AcceleratorModel fromCatalog() {
        List<byte[]> files = new ArrayList<>();
        Map<String, List<String>> fittedOn = new LinkedHashMap<>();
        ParameterSet hardware = load(DIR + "hardware/" + HARDWARE_ID + ".json", files, "", fittedOn);
        ParameterSet kernels = load(DIR + "stacks/neuron-kernels.json", files, "", fittedOn);
        Map<String, ParameterSet> stacks = new LinkedHashMap<>();
        for (String id : DataFiles.index(DIR + "stacks/index.json")) {
            if (!id.equals(kernels.id())) {
                stacks.put(id, load(DIR + "stacks/" + id + ".json", files, id + "/", fittedOn));
            }
        }
        Map<String, ProfileEntry> profiles = new LinkedHashMap<>();
        Map<String, String> profileStacks = new LinkedHashMap<>();
        for (String id : DataFiles.index(DIR + "profiles/index.json")) {
            String resource = DIR + "profiles/" + id + ".json";
            files.add(DataFiles.bytes(resource));
            Map<String, Object> p = DataFiles.object(resource);
            List<String> defaults = (List<String>) p.get("defaultOptimizations");
            defaults.forEach(Trainium2AcceleratorModel::switchOf);
            String stack = (String) p.get("stack");
            if (!stacks.containsKey(stack)) {
                throw new IllegalStateException(resource + ": unknown stack " + stack);
            }
            profileStacks.put(id, stack);
            profiles.put(id, new ProfileEntry(id, (String) p.get("displayName"), (String) p.get("engine"),
                    List.of(HARDWARE_ID, HARDWARE_ID_LNC1), ((Number) p.get("defaultTensorParallel")).intValue(),
                    (String) p.get("defaultPrecision"), ProfileEntry.precisions(id, p.get("supportedPrecisions")),
                    defaults, (String) p.get("source")));
        }
        List<CatalogEntry> switches = new ArrayList<>();
        for (String id : DataFiles.index(DIR + "optimizations/index.json")) {
            String resource = DIR + "optimizations/" + id + ".json";
            files.add(DataFiles.bytes(resource));
            Map<String, Object> s = DataFiles.object(resource);
            switchOf((String) s.get("id"));
            switches.add(new CatalogEntry((String) s.get("id"), (String) s.get("displayName"),
                    (String) s.get("description"), (String) s.get("source")));
        }
        files.add(DataFiles.bytes(DraftHead.RESOURCE));
        byte[] data = DataFiles.sha256(files.toArray(byte[][]::new)).getBytes(StandardCharsets.UTF_8);
        return new Trainium2AcceleratorModel(hardware, kernels, Collections.unmodifiableMap(stacks),
                Collections.unmodifiableMap(profiles), Map.copyOf(profileStacks), List.copyOf(switches),
                DraftHead.load(), data, Map.copyOf(fittedOn));
    }

    /** Loads a parameter file and collects its parameters' {@code fittedOn} source lists under {@code prefix}. */
    @SuppressWarnings("unchecked")
    private static ParameterSet load(String resource, List<byte[]> files, String prefix,
            Map<String, List<String>> fittedOn) {
        files.add(DataFiles.bytes(resource));
        Map<String, Object> raw = (Map<String, Object>) DataFiles.object(resource).get("parameters");
        raw.forEach((name, p) -> {
            Object sources = ((Map<String, Object>) p).get("fittedOn");
            if (sources instanceof List<?> list) {
                fittedOn.put(prefix + name, list.stream().map(String::valueOf).toList());
            }
        });
        return ParameterSet.load(resource);
    }

    /**
     * The same model with some parameter values replaced (calibration and leave-one-source-out refits): each name is
     * looked up in the chip and the shared kernel parameters; a stack's own parameter is named {@code stack/name}
     * (e.g. {@code nxdi/stepRuntimeOverheadUs}). A value outside its plausible range fails.
     */
    public Trainium2AcceleratorModel withParameters(Map<String, Double> values) {
        Map<String, ParameterSet> newStacks = new LinkedHashMap<>();
        stacks.forEach((id, set) -> {
            Map<String, Double> own = new LinkedHashMap<>();
            values.forEach((name, value) -> {
                if (name.startsWith(id + "/")) {
                    own.put(name.substring(id.length() + 1), value);
                }
            });
            newStacks.put(id, replace(set, own));
        });
        String tag = new TreeMap<>(values).toString();
        byte[] data = DataFiles.sha256(dataBytes, tag.getBytes(StandardCharsets.UTF_8))
                .getBytes(StandardCharsets.UTF_8);
        return new Trainium2AcceleratorModel(replace(hardware, values), replace(kernels, values),
                Collections.unmodifiableMap(newStacks), profiles, profileStacks, switches, drafts, data, fittedOn);
    }

    private static ParameterSet replace(ParameterSet set, Map<String, Double> values) {
        Map<String, Parameter> parameters = new LinkedHashMap<>(set.parameters());
        values.forEach((name, value) -> parameters.computeIfPresent(name, (k, p) -> new Parameter(p.name(), value,
                p.unit(), p.source(), p.documented(), p.min(), p.max())));
        return new ParameterSet(set.id(), set.displayName(), set.source(), parameters, set.extra(), set.sha256());
    }

    /**
     * The validation sources (keys "campaign hardware profile model", as the service's report names them) each
     * parameter a profile's deployments carry was fitted on, from the parameters' {@code fittedOn} lists.
     */
    @Override
    public Map<String, List<String>> calibrationSources(String profileId) {
        String prefix = stackOf(profileId).id() + "/";
        Map<String, List<String>> sources = new LinkedHashMap<>();
        fittedOn.forEach((name, keys) -> {
            if (!name.contains("/")) {
                sources.put(name, keys);
            } else if (name.startsWith(prefix)) {
                sources.put(name.substring(prefix.length()), keys);
            }
        });
        return sources;
    }

    /**
     * This model with some of a profile's parameters (named as its deployments name them: chip, shared kernel or the
     * profile's stack parameters) set to other values inside their plausible ranges.
     */
    @Override
    public Trainium2AcceleratorModel withProfileValues(String profileId, Map<String, Double> values) {
        ParameterSet stack = stackOf(profileId);
        Map<String, Double> qualified = new LinkedHashMap<>();
        values.forEach((name, value) -> {
            if (stack.parameters().containsKey(name)) {
                qualified.put(stack.id() + "/" + name, value);
            } else if (hardware.parameters().containsKey(name) || kernels.parameters().containsKey(name)) {
                qualified.put(name, value);
            } else {
                throw new IllegalArgumentException("no parameter " + name + " in profile " + profileId);
            }
        });
        return withParameters(qualified);
    }

    private ParameterSet stackOf(String profileId) {
        String stack = profileStacks.get(profileId);
        if (stack == null) {
            throw new IllegalArgumentException("unknown Trainium2 serving profile: " + profileId);
        }
        return stacks.get(stack);
    }

    /** Every parameter of the chip, the shared kernels and each stack (a stack's named {@code stack/name}). */
    public List<Parameter> allParameters() {
        List<Parameter> all = new ArrayList<>(hardware.list());
        all.addAll(kernels.list());
        stacks.forEach((id, set) -> set.list().forEach(p -> all.add(new Parameter(id + "/" + p.name(), p.value(),
                p.unit(), p.source(), p.documented(), p.min(), p.max()))));
        return all;
    }

    @Override
    public List<CatalogEntry> hardware() {
        return List.of(new CatalogEntry(HARDWARE_ID, hardware.displayName() + ", LNC=2", "8 NeuronCore-V3 paired"
                        + " into 4 logical cores: TP=4 is one chip, TP=8 two, TP=64 sixteen", hardware.source(),
                        hardware.aliases()),
                new CatalogEntry(HARDWARE_ID_LNC1, hardware.displayName() + ", LNC=1", "each NeuronCore-V3 its own"
                        + " logical core: TP=8 is one chip", hardware.source()));
    }

    @Override
    public List<ProfileEntry> profiles() {
        return List.copyOf(profiles.values());
    }

    @Override
    public List<CatalogEntry> optimizations() {
        return switches;
    }

    /**
     * A switch is inapplicable when the model has none of what it acts on: GDN switches need Gated DeltaNet layers,
     * selective expert decode routed experts, the window switch sliding-window layers, the head_dim-256 kernel gate
     * attention heads wider than the default gate, KV block size attention layers, EAGLE-3 a draft head.
     */
    @Override
    public Map<String, String> inapplicableOptimizations(ModelSpec model) {
        Map<String, String> reasons = new LinkedHashMap<>();
        List<AttentionMixer> attention = model.layers().stream().map(LayerSpec::mixer)
                .filter(AttentionMixer.class::isInstance).map(AttentionMixer.class::cast).toList();
        if (!model.hasLinearAttention()) {
            for (Switch s : List.of(Switch.GDN_HEAD_SHARDING, Switch.GDN_STATE_PACKING, Switch.GDN_INPROJ_PADDING,
                    Switch.GDN_FUSED_KERNEL)) {
                reasons.put(s.id(), model.id() + " has no Gated DeltaNet layers");
            }
        }
        if (!model.isMixtureOfExperts()) {
            reasons.put(Switch.SELECTIVE_EXPERT_DECODE.id(), model.id() + " has no routed experts (dense)");
        }
        if (model.slidingWindowTokens() <= 0) {
            reasons.put(Switch.SWA_WINDOW.id(), model.id() + " has no sliding-window layers");
        }
        int defaultGate = Layout.of(Set.of(), 1, 1).maxFastHeadDim();
        if (attention.stream().noneMatch(a -> a.headDim() > defaultGate)) {
            reasons.put(Switch.FAST_ATTENTION_HEAD_DIM_256.id(), "no attention head of " + model.id()
                    + " is wider than " + defaultGate + ", the kernel's default gate");
        }
        if (attention.isEmpty()) {
            reasons.put(Switch.KV_BLOCK_16.id(), model.id() + " has no attention layers (no KV cache)");
        }
        if (!drafts.containsKey(model.id())) {
            reasons.put(Switch.EAGLE3.id(), "no EAGLE-3 draft head for " + model.id() + " in " + DraftHead.RESOURCE);
        }
        return reasons;
    }

    /**
     * Deploys at the request's compiled shapes when it names them (vLLM {@code max_num_seqs} or optimum-neuron's
     * static {@code BATCH_SIZE}, {@code SEQUENCE_LENGTH}, context buckets), else at the stack's: decode batches pad
     * to the smallest compiled batch that holds them, prompts and contexts to the smallest bucket.
     */
    @Override
    public Trainium2Deployment deploy(ModelSpec model, DeploymentRequest request) {
        StaticShapes requested = request.staticShapes();
        List<Integer> compiledBatches = requested == null ? null : requested.batchSizes();
        int lnc = switch (request.hardwareId() == null ? "" : request.hardwareId()) {
            case HARDWARE_ID -> 2;
            case HARDWARE_ID_LNC1 -> 1;
            default -> throw new IllegalArgumentException("unknown Trainium2 hardware id: " + request.hardwareId());
        };
        String profileId = request.profileId() == null ? BASELINE : request.profileId();
        ProfileEntry profile = profiles.get(profileId);
        if (profile == null) {
            throw new IllegalArgumentException("unknown Trainium2 serving profile: " + profileId);
        }
        int coresPerChip = (int) hardware.value("neuronCoresPerChip");
        int tp = request.tensorParallel() == null ? profile.defaultTensorParallel() * 2 / lnc
                : request.tensorParallel();
        int maxTp = (int) hardware.value("chipsPerInstance") * coresPerChip / lnc;
        if (tp < 1 || Integer.bitCount(tp) != 1 || tp > maxTp) {
            throw new IllegalArgumentException("tensor parallel must be a power of two from 1 to " + maxTp
                    + " on Trainium2 at LNC=" + lnc + ", was " + tp);
        }
        if (request.maxModelLenTokens() < 1) {
            throw new IllegalArgumentException("max model length must be >= 1 token");
        }
        int maxModelLen = requested != null && requested.maxSequenceTokens() != null
                ? requested.maxSequenceTokens() : request.maxModelLenTokens();
        if (maxModelLen < request.maxModelLenTokens()) {
            throw new IllegalArgumentException("compiled max sequence length " + maxModelLen + " is shorter than the "
                    + request.maxModelLenTokens() + " tokens the workload needs");
        }
        ParameterSet stack = stacks.get(profileStacks.get(profileId));
        Precision precision = request.precision() == null ? Precision.parse(profile.defaultPrecision())
                : request.precision();
        if (precision == Precision.MXFP4) {
            // Resources and StepPricer price bf16 and fp8 tiles only; gpt-oss runs on Trainium2 from a bf16 copy.
            throw new IllegalArgumentException("the Trainium2 model prices bf16 and fp8 weights, not mxfp4 experts; "
                    + "ask for bf16 (a dequantized copy of the checkpoint)");
        }
        Set<Switch> on = EnumSet.noneOf(Switch.class);
        profile.defaultOptimizations().forEach(id -> on.add(switchOf(id)));
        if (request.optimizations() != null) {
            request.optimizations().forEach(id -> on.add(switchOf(id)));
        }
        Map<String, String> notApplied = new LinkedHashMap<>();
        DraftHead draft = null;
        if (on.contains(Switch.EAGLE3)) {
            draft = drafts.get(model.id());
            if (draft == null) {
                on.remove(Switch.EAGLE3);
                notApplied.put(Switch.EAGLE3.id(), "no EAGLE-3 draft head for " + model.id()
                        + " in " + DraftHead.RESOURCE);
            }
        }
        int chips = (int) Math.ceil((double) tp * lnc / coresPerChip);
        Layout layout = Layout.of(on, ((Number) stack.extra().get("kvBlockTokensDefault")).intValue(),
                ((Number) stack.extra().get("kvBlockTokensOptimized")).intValue());
        Resources resources = new Resources(hardware, kernels, stack, lnc, precision);

        double weights = weightBytesPerRank(model, tp, precision, layout);
        double perSequence = cacheBytesPerSequencePerRank(model, tp, layout, maxModelLen);
        double available = resources.hbmUsableBytes - weights;
        @SuppressWarnings("unchecked")
        List<Integer> allBuckets = compiledBatches != null ? compiledBatches.stream().sorted().toList()
                : ((List<Number>) stack.extra().get("batchBuckets")).stream().map(Number::intValue).toList();
        List<Integer> buckets = allBuckets.stream().filter(b -> b * perSequence <= available).toList();
        if (buckets.isEmpty()) {
            throw new DoesNotFitException(String.format("%s needs %.1f GiB of weights plus %.2f GiB of cache per"
                            + " sequence on each of %d ranks; a rank has %.1f GiB", model.id(), weights / (1L << 30),
                    perSequence / (1L << 30), tp, resources.hbmUsableBytes / (1L << 30)),
                    weights + perSequence, resources.hbmUsableBytes);
        }
        int minTokens = ((Number) stack.extra().get("bucketMinTokens")).intValue();
        CompiledShapes shapes = new CompiledShapes(buckets, minTokens, maxModelLen,
                requested == null ? null : requested.contextBuckets());
        int maxBatch = shapes.maxBatch();
        // The static layout reserves max-model-length blocks per compiled sequence slot (plus the tokens one more
        // decode or verify step writes before the sequence ends).
        int stepTokens = draft == null ? 1 : draft.speculative().draftTokens() + 1;
        long slotTokens = (long) Math.ceil((double) (maxModelLen + stepTokens) / layout.kvBlockTokens())
                * layout.kvBlockTokens();
        SchedulingRules rules = new SchedulingRules(maxBatch, shapes.tokens(maxModelLen),
                maxBatch * slotTokens, layout.kvBlockTokens(), PrefillPolicy.ONE_AT_A_TIME,
                buckets, draft == null ? null : draft.speculative());
        StepPricer pricer = new StepPricer(model, tp, chips, precision, layout, resources, draft);
        Set<String> ids = new TreeSet<>();
        on.forEach(s -> ids.add(s.id()));
        List<Parameter> parameters = new ArrayList<>(hardware.list());
        parameters.addAll(kernels.list());
        parameters.addAll(stack.list());
        String sha = DataFiles.sha256(new String(dataBytes, StandardCharsets.UTF_8) + "|" + model.id() + "|" + profileId
                + "|" + tp + "|" + lnc + "|" + precision + "|" + ids + "|" + maxModelLen + "|" + shapes);
        return new Trainium2Deployment(model, request.hardwareId(), profileId, tp, lnc, precision,
                new LinkedHashSet<>(ids), notApplied, chips, rules, shapes, pricer, resources, parameters, sha, weights,
                perSequence);
    }

    private static Switch switchOf(String id) {
        return Switch.byId(id).orElseThrow(() -> new IllegalArgumentException("unknown Trainium2 optimization: " + id));
    }

    /** Weights one rank holds: every operator's weights in the layout (GDN replicated or sharded, padding) . */
    static double weightBytesPerRank(ModelSpec model, int tp, Precision precision, Layout layout) {
        var graph = GraphBuilder.build(model, tp, precision, layout.decodeGraph().withRoutedExpertsOnly(false),
                StepShape.decode(1, 1));
        double sum = 0;
        for (Operator op : graph.operators()) {
            double bytes = op.weightBytes();
            if (op.name().endsWith("in_proj") && layout.padInProjection() && op.outFeatures() % 128 != 0) {
                bytes *= Math.ceil(op.outFeatures() / 128.0) * 128 / op.outFeatures();
            }
            sum += bytes * op.repeat();
        }
        if (!model.tiedEmbeddings()) {
            sum += (double) model.vocabSize() * model.hiddenSize() * Precision.BF16.bytesPerElement() / tp;
        }
        return sum;
    }

    /** KV cache of max-model-length tokens (whole blocks) plus GDN recurrent and conv state, per rank. */
    static double cacheBytesPerSequencePerRank(ModelSpec model, int tp, Layout layout, int maxModelLen) {
        int block = layout.kvBlockTokens();
        double tokens = Math.ceil((double) maxModelLen / block) * block;
        double sum = 0;
        for (LayerSpec layer : model.layers()) {
            if (layer.mixer() instanceof AttentionMixer a) {
                // vLLM-Neuron keeps one static per-layer cache layout of max-model-length blocks; honouring the
                // window changes what a sliding layer reads, not what it reserves.
                double held = tokens;
                int kvHeads = Math.max(1, a.numKvHeads() / tp);
                sum += held * 2.0 * kvHeads * a.headDim() * 2.0;
            } else if (layer.mixer() instanceof GatedDeltaNetMixer g) {
                int heads = layout.shardGdnHeads() ? Math.max(1, g.numValueHeads() / tp) : g.numValueHeads();
                double state = (double) heads * g.keyHeadDim() * g.valueHeadDim() * g.stateBytesPerElement();
                double conv = (double) g.convChannels() / (layout.shardGdnHeads() ? tp : 1)
                        * (g.convKernelTokens() - 1) * 2.0;
                sum += state + (layout.packGdnState() ? conv : state);
            }
        }
        return sum;
    }
}
