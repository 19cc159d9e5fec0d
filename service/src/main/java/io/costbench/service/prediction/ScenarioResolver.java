package io.costbench.service.prediction;

import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

import org.springframework.stereotype.Component;

import io.costbench.engine.model.CatalogModel;
import io.costbench.engine.model.ModelCatalog;
import io.costbench.engine.model.ModelSpec;
import io.costbench.engine.model.Precision;
import io.costbench.engine.port.AcceleratorModel;
import io.costbench.engine.port.CatalogEntry;
import io.costbench.engine.port.ProfileEntry;
import io.costbench.engine.port.StaticShapes;
import io.costbench.engine.sim.Workload;

/**
 * The one way from ids (or their aliases) to a {@link Scenario}: predictions, sweeps, runs, break-even and the
 * validation report all resolve here, so an id means the same everywhere. Defaults come from the serving profile.
 */
@Component
public class ScenarioResolver {

    private final ModelCatalog models;
    private final AcceleratorRegistry accelerators;

    public ScenarioResolver(ModelCatalog models, AcceleratorRegistry accelerators) {
        this.models = models;
        this.accelerators = accelerators;
    }

    /**
     * What a caller asks for; null fields take the profile's (or the rule's) default.
     *
     * @param numPrompts null: {@link PromptRule#DEFAULT}
     * @param seed       null: 0
     * @param staticShapes compiled shapes of an ahead-of-time compiling stack; null: the profile's
     */
    public record Spec(String model, String hardware, String profile, Integer tensorParallel, String precision,
            Collection<String> optimizations, int inputTokens, int outputTokens, int concurrency, Integer numPrompts,
            Long seed, StaticShapes staticShapes) {

        public Spec(String model, String hardware, String profile, Integer tensorParallel, String precision,
                Collection<String> optimizations, int inputTokens, int outputTokens, int concurrency,
                Integer numPrompts, Long seed) {
            this(model, hardware, profile, tensorParallel, precision, optimizations, inputTokens, outputTokens,
                    concurrency, numPrompts, seed, null);
        }
    }

    /**
     * @throws UnknownIdException           for a model, hardware, profile, switch or precision the catalog does not
     *                                       have
     * @throws UnsupportedScenarioException for a workload out of the simulator's domain (non-positive lengths)
     */
    public Scenario resolve(Spec spec) {
        String model = model(spec.model());
        ServingTarget resolved = target(model, spec.hardware(), spec.profile(), spec.tensorParallel(),
                spec.precision(), spec.optimizations());
        ServingTarget target = spec.staticShapes() == null ? resolved : new ServingTarget(resolved.hardware(),
                resolved.profile(), resolved.tensorParallel(), resolved.precision(), resolved.optimizations(),
                spec.staticShapes());
        int prompts = spec.numPrompts() != null ? spec.numPrompts()
                : PromptRule.DEFAULT.promptsAt(spec.concurrency());
        long seed = spec.seed() != null ? spec.seed() : 0L;
        try {
            return new Scenario(model, target, new Workload(spec.inputTokens(), spec.outputTokens(), 1.0,
                    spec.concurrency(), 0, prompts, seed));
        } catch (IllegalArgumentException e) {
            throw new UnsupportedScenarioException("inputTokens", e.getMessage(), e);
        }
    }

    /** @throws UnknownIdException (field "model") for a model the catalog does not have */
    public String model(String idOrAlias) {
        return catalogModel(idOrAlias).id();
    }

    /** @throws UnknownIdException (field "model") for a model the catalog does not have */
    public CatalogModel catalogModel(String idOrAlias) {
        return models.find(idOrAlias).or(() -> models.findByAlias(idOrAlias)).orElseThrow(() ->
                new UnknownIdException("model", idOrAlias, models.ids()));
    }

    /** @throws UnknownIdException (field "hardware") for hardware no family offers */
    public String hardware(String idOrAlias) {
        if (idOrAlias != null && accelerators.forHardware(idOrAlias).isPresent()) {
            return idOrAlias;
        }
        String wanted = normalized(idOrAlias);
        return accelerators.hardware().stream()
                .filter(entry -> entry.aliases().stream().anyMatch(alias -> normalized(alias).equals(wanted)))
                .map(CatalogEntry::id).findFirst()
                .orElseThrow(() -> new UnknownIdException("hardware", idOrAlias,
                        accelerators.hardware().stream().map(CatalogEntry::id).toList()));
    }

    /**
     * A serving target with the profile's defaults filled in (its first profile for the hardware when
     * {@code profileId} is null).
     *
     * @throws UnknownIdException for unknown hardware (field "hardware"), a profile that does not run on it
     *                            ("profile"), a switch its family does not have ("optimizations") or a precision
     *                            other than bf16 and fp8 ("precision")
     */
    public ServingTarget target(String hardwareIdOrAlias, String profileId, Integer tensorParallel, String precision,
            Collection<String> optimizations) {
        String hardware = hardware(hardwareIdOrAlias);
        AcceleratorModel family = accelerators.forHardware(hardware).orElseThrow();
        ProfileEntry profile = profile(family, hardware, profileId);
        if (optimizations != null) {
            Set<String> known = new TreeSet<>(family.optimizations().stream().map(CatalogEntry::id).toList());
            List<String> unknown = optimizations.stream().filter(id -> !known.contains(id)).toList();
            if (!unknown.isEmpty()) {
                throw new UnknownIdException("optimizations", String.join(",", unknown), List.copyOf(known),
                        "unknown switch(es) " + unknown + " for " + hardware + "; known: " + String.join(", ", known));
            }
        }
        return new ServingTarget(hardware, profile.id(),
                tensorParallel != null ? tensorParallel : profile.defaultTensorParallel(),
                precision(precision != null ? precision : profile.defaultPrecision()),
                optimizations == null ? null : List.copyOf(optimizations));
    }

    /**
     * A serving target for a catalog model: as {@link #target(String, String, Integer, String, Collection)}, but
     * without a stated precision the model is served as its checkpoint stores it when the profile offers that format
     * (gpt-oss-120b in mxfp4, not a bf16 copy four times its size).
     *
     * @throws UnsupportedScenarioException (field "precision") for a format the model's checkpoint cannot be served at
     */
    public ServingTarget target(String modelId, String hardwareIdOrAlias, String profileId, Integer tensorParallel,
            String precision, Collection<String> optimizations) {
        ServingTarget target = target(hardwareIdOrAlias, profileId, tensorParallel, precision, optimizations);
        ModelSpec model = models.entry(modelId).spec();
        try {
            model.requireServableAt(target.precision());
        } catch (IllegalArgumentException e) {
            throw new UnsupportedScenarioException("precision", e.getMessage(), e);
        }
        Precision checkpoint = model.checkpointPrecision();
        if (precision != null || checkpoint == target.precision()) {
            return target;
        }
        boolean offered = accelerators.forHardware(target.hardware()).orElseThrow().profiles().stream()
                .filter(p -> p.id().equals(target.profile())).anyMatch(p -> p.precisions().contains(checkpoint));
        return offered ? new ServingTarget(target.hardware(), target.profile(), target.tensorParallel(), checkpoint,
                target.optimizations()) : target;
    }

    private static Precision precision(String value) {
        try {
            return Precision.parse(value);
        } catch (IllegalArgumentException e) {
            throw new UnknownIdException("precision", value, Precision.names());
        }
    }

    private static ProfileEntry profile(AcceleratorModel family, String hardware, String profileId) {
        List<ProfileEntry> forHardware = family.profiles().stream()
                .filter(p -> p.hardwareIds().contains(hardware)).toList();
        List<String> known = forHardware.stream().map(ProfileEntry::id).toList();
        if (profileId == null) {
            if (forHardware.isEmpty()) {
                throw new UnknownIdException("hardware", hardware, List.of(),
                        "no serving profile runs on " + hardware);
            }
            return forHardware.get(0);
        }
        return forHardware.stream().filter(p -> p.id().equals(profileId)).findFirst().orElseThrow(() ->
                new UnknownIdException("profile", profileId, known, "unknown profile " + profileId + " for "
                        + hardware + "; known: " + String.join(", ", known)));
    }

    /** Aliases match whatever the case and spacing: "H100 SXM", "h100-sxm5". */
    static String normalized(String alias) {
        return alias == null ? "" : alias.trim().toLowerCase(Locale.ROOT);
    }
}
