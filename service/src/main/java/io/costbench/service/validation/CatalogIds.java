package io.costbench.service.validation;

import java.util.Locale;
import java.util.Optional;

import io.costbench.engine.model.ModelCatalog;
import io.costbench.engine.model.ModelSpec;
import io.costbench.engine.model.Precision;
import io.costbench.service.prediction.AcceleratorFamilies;
import io.costbench.service.prediction.AcceleratorRegistry;
import io.costbench.service.prediction.ScenarioResolver;
import io.costbench.service.prediction.UnknownIdException;

/**
 * How the names in measurement files map onto catalog ids: Hugging Face model paths and hardware names through the
 * catalog's aliases (the same {@link ScenarioResolver} predictions use; a new name is an alias in the catalog file),
 * engines and precisions by rule.
 */
public final class CatalogIds {

    /** The catalog's own resolver: the aliases in model.json and the hardware files. */
    private static final ScenarioResolver RESOLVER = new ScenarioResolver(ModelCatalog.standard(),
            new AcceleratorRegistry(AcceleratorFamilies.production()));

    private CatalogIds() {
    }

    public static Optional<String> model(String name) {
        try {
            return Optional.of(RESOLVER.model(name.trim()));
        } catch (UnknownIdException e) {
            return Optional.empty();
        }
    }

    public static Optional<String> hardware(String name) {
        try {
            return Optional.of(RESOLVER.hardware(name.trim()));
        } catch (UnknownIdException e) {
            return Optional.empty();
        }
    }

    /**
     * Why a measured row's names map onto no catalog entry, checked in this order (hardware, engine, model, precision),
     * or empty when all four do.
     */
    static Optional<String> uncovered(String hardware, String engine, String model, String precision) {
        if (hardware(hardware).isEmpty()) {
            return Optional.of("hardware " + hardware + " not in the catalog");
        }
        if (profile(engine).isEmpty()) {
            return Optional.of("engine " + engine + ": no serving profile represents it");
        }
        if (model(model).isEmpty()) {
            return Optional.of("model " + model + " not in the catalog");
        }
        Optional<String> served = precision(precision);
        if (served.isEmpty()) {
            return Optional.of("precision " + precision + " not offered");
        }
        ModelSpec spec = ModelCatalog.standard().get(model(model).orElseThrow());
        Precision checkpoint = spec.checkpointPrecision();
        Precision asServed = Precision.parse(served.get());
        if (!spec.servableAt(asServed)) {
            return Optional.of("precision " + precision + " for a checkpoint stored as "
                    + checkpoint.name().toLowerCase(Locale.ROOT));
        }
        // An MXFP4 checkpoint served in bf16 is a dequantized copy; "fp8" does not say which layers ran in fp8.
        if (asServed == Precision.FP8 && checkpoint == Precision.MXFP4) {
            return Optional.of("precision " + precision + " for an mxfp4 checkpoint: which layers ran in fp8 is not "
                    + "stated");
        }
        return Optional.empty();
    }

    /** The serving profile an engine's rows are compared with; empty for engines no profile represents. */
    public static Optional<String> profile(String engine) {
        String e = engine.trim().toLowerCase(Locale.ROOT);
        if (e.startsWith("tensorrt-llm") || e.equals("trtllm")) {
            return Optional.of("trtllm");
        }
        if (e.contains("neuron")) {
            return Optional.of("vllm-neuron-baseline");
        }
        if (e.startsWith("vllm")) {
            return Optional.of("vllm");
        }
        if (e.startsWith("sglang")) {
            return Optional.of("sglang");
        }
        return Optional.empty();
    }

    /**
     * bf16, fp8 or mxfp4 from a precision column ("BF16", "FP8 (per table header)", "" for the default bf16; "fp4"
     * on Hopper, which has no FP4 tensor cores, is an MXFP4 checkpoint's W4A16 serving).
     */
    public static Optional<String> precision(String value) {
        String p = value.trim().toLowerCase(Locale.ROOT);
        if (p.equals("fp4") || p.equals("mxfp4")) {
            return Optional.of("mxfp4");
        }
        if (p.isEmpty() || p.equals("bf16") || p.equals("fp16")) {
            return Optional.of("bf16");
        }
        if (p.startsWith("fp8") && !p.contains("mxfp4")) {
            return Optional.of("fp8");
        }
        return Optional.empty();
    }
}
