package io.costbench.service.pricing;

import io.swagger.v3.oas.annotations.Operation;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import io.costbench.pricing.OperatingPoint;
import io.costbench.pricing.PurchaseOption;
import io.costbench.engine.port.DoesNotFitException;
import io.costbench.service.accuracy.AccuracyCatalog;
import io.costbench.service.prediction.Prediction;
import io.costbench.service.prediction.Predictor;
import io.costbench.service.prediction.ScenarioLimits;
import io.costbench.service.prediction.ScenarioResolver;
import io.costbench.service.prediction.UnknownIdException;
import io.costbench.service.prediction.UnsupportedScenarioException;
import io.costbench.service.web.BadInputException;
import io.costbench.service.web.ScenarioProblems;
import org.springframework.format.annotation.DateTimeFormat;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * GET /api/v1/break-even: predicts two targets across concurrencies and compares what a million output tokens costs
 * on each at the catalog's prices; each side's tensor parallelism and precision default to its profile's (a side that
 * does not fit is a 422 naming that side's tensorParallel parameter, with the smallest that fits). Defaults:
 * Trainium2 with the write-up's optimizations against H100 with vLLM,
 * 1024 in / 1024 out, concurrencies 1 to 256 in powers of two, on-demand prices in force today.
 */
@RestController
class BreakEvenController {

    static final List<Integer> DEFAULT_CONCURRENCIES = List.of(1, 2, 4, 8, 16, 32, 64, 128, 256);
    /** Interactivity levels of the iso table (tok/s per user), InferenceX's. */
    static final List<Double> DEFAULT_INTERACTIVITIES = List.of(20.0, 50.0, 100.0);
    static final int MAX_CONCURRENCIES = 16;
    /** Tighter than ScenarioLimits: one request runs up to 2 x MAX_CONCURRENCIES predictions. */
    static final int MAX_CONCURRENCY = 1024;
    static final int MAX_INTERACTIVITIES = 16;
    static final int MAX_TENSOR_PARALLEL = 64;
    /** Prediction fields that are this endpoint's parameters for both targets. */
    private static final Set<String> SHARED_FIELDS = Set.of("model", "inputTokens", "outputTokens", "concurrency",
            "numPrompts");

    private final ScenarioResolver resolver;
    private final Predictor predictor;
    private final BreakEvenReport report;
    private final AccuracyCatalog accuracy;

    BreakEvenController(ScenarioResolver resolver, Predictor predictor, BreakEvenReport report,
            AccuracyCatalog accuracy) {
        this.resolver = resolver;
        this.predictor = predictor;
        this.report = report;
        this.accuracy = accuracy;
    }

    @Operation(summary = "Compare two targets' cost across concurrencies",
            description = "Predicts both targets at each concurrency and prices them: where A is cheaper, the break-even price per accelerator-hour, costs at equal interactivity; each target with how far its group's predictions were from public measurements (accuracy, null where none covers it).")
    @GetMapping("/api/v1/break-even")
    BreakEvenView breakEven(@RequestParam String model,
            @RequestParam(defaultValue = "1024") int inputTokens,
            @RequestParam(defaultValue = "1024") int outputTokens,
            @RequestParam(defaultValue = "trn2") String aHardware,
            @RequestParam(defaultValue = "vllm-neuron-optimized") String aProfile,
            @RequestParam(defaultValue = "h100-sxm") String bHardware,
            @RequestParam(defaultValue = "vllm") String bProfile,
            @RequestParam(required = false) Integer aTensorParallel, @RequestParam(required = false) String aPrecision,
            @RequestParam(required = false) Integer bTensorParallel, @RequestParam(required = false) String bPrecision,
            @RequestParam(required = false) List<Integer> concurrencies,
            @RequestParam(required = false) List<Double> interactivities,
            @RequestParam(required = false) String priceOption,
            @RequestParam(required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) LocalDate priceDate) {
        // "concurrencies=,," binds as a list of nulls: an empty entry is malformed, not a default.
        if (concurrencies != null && concurrencies.contains(null)) {
            throw BadInputException.badRequest("concurrencies", "empty entry in the list; give integers separated by"
                    + " commas");
        }
        if (interactivities != null && interactivities.contains(null)) {
            throw BadInputException.badRequest("interactivities", "empty entry in the list; give numbers separated "
                    + "by commas");
        }
        for (var tokens : List.of(Map.entry("inputTokens", inputTokens), Map.entry("outputTokens", outputTokens))) {
            if (tokens.getValue() < 1 || tokens.getValue() > ScenarioLimits.MAX_TOKENS) {
                throw BadInputException.badRequest(tokens.getKey(), "must be in 1.." + ScenarioLimits.MAX_TOKENS
                        + ", was " + tokens.getValue());
            }
        }
        List<Integer> levels = concurrencies == null || concurrencies.isEmpty() ? DEFAULT_CONCURRENCIES
                : concurrencies.stream().distinct().sorted().toList();
        if (levels.size() > MAX_CONCURRENCIES || levels.get(0) < 1 || levels.get(levels.size() - 1) > MAX_CONCURRENCY) {
            throw BadInputException.badRequest("concurrencies", "at most " + MAX_CONCURRENCIES
                    + " concurrencies, each 1.." + MAX_CONCURRENCY);
        }
        List<Double> iso = interactivities == null || interactivities.isEmpty() ? DEFAULT_INTERACTIVITIES
                : interactivities;
        if (iso.size() > MAX_INTERACTIVITIES || iso.stream().anyMatch(x -> !(x > 0) || x.isInfinite())) {
            throw BadInputException.badRequest("interactivities", "at most " + MAX_INTERACTIVITIES
                    + " positive tokens/s per user");
        }
        PurchaseOption option = priceOption == null ? PurchaseOption.ON_DEMAND
                : PurchaseOption.fromId(priceOption).orElseThrow(() -> BadInputException.badRequest("priceOption",
                        "unknown purchase option " + priceOption + "; known: " + Accelerators.optionIds()));
        checkTensorParallel("aTensorParallel", aTensorParallel);
        checkTensorParallel("bTensorParallel", bTensorParallel);
        BreakEvenReport.SideSweep a = sweep("a", model, new Side(aHardware, aProfile, aTensorParallel, aPrecision),
                inputTokens, outputTokens, levels);
        BreakEvenReport.SideSweep b = sweep("b", model, new Side(bHardware, bProfile, bTensorParallel, bPrecision),
                inputTokens, outputTokens, levels);
        try {
            return report.compare(model, inputTokens, outputTokens, a, b, option, priceDate, iso);
        } catch (PriceNotFoundException e) {
            throw BadInputException.unprocessable("priceDate", e.getMessage());
        }
    }

    private static void checkTensorParallel(String parameter, Integer tensorParallel) {
        if (tensorParallel != null && (tensorParallel < 1 || tensorParallel > MAX_TENSOR_PARALLEL
                || Integer.bitCount(tensorParallel) != 1)) {
            throw BadInputException.badRequest(parameter, "a power of two from 1 to " + MAX_TENSOR_PARALLEL);
        }
    }

    /** One side's deployment as asked for; a null tensor parallelism or precision is the profile's. */
    private record Side(String hardware, String profile, Integer tensorParallel, String precision) {
    }

    private BreakEvenReport.SideSweep sweep(String side, String model, Side target, int inputTokens,
            int outputTokens, List<Integer> concurrencies) {
        List<OperatingPoint> points = new ArrayList<>();
        String resolvedHardware = target.hardware();
        String resolvedProfile = target.profile();
        for (int concurrency : concurrencies) {
            Prediction prediction;
            try {
                prediction = predictor.predict(resolver.resolve(new ScenarioResolver.Spec(model, target.hardware(),
                        target.profile(), target.tensorParallel(), target.precision(), null, inputTokens,
                        outputTokens, concurrency, null, null)));
            } catch (UnknownIdException e) {
                throw onSide(side, ScenarioProblems.of(e));
            } catch (DoesNotFitException e) {
                throw onSide(side, ScenarioProblems.of(e));
            } catch (UnsupportedScenarioException e) {
                throw onSide(side, ScenarioProblems.of(e));
            }
            resolvedHardware = prediction.scenario().target().hardware();
            resolvedProfile = prediction.scenario().target().profile();
            points.add(new OperatingPoint(concurrency, prediction.chips(),
                    prediction.metrics().get("output_throughput"), prediction.metrics().get("total_token_throughput"),
                    prediction.metrics().get("interactivity")));
        }
        boolean moe = resolver.catalogModel(model).spec().isMixtureOfExperts();
        return new BreakEvenReport.SideSweep(resolvedHardware, resolvedProfile, points,
                accuracy.find(resolvedHardware, resolvedProfile, moe).orElse(null));
    }

    /** A prediction's complaint about a target field, renamed to this endpoint's parameter (hardware -> aHardware). */
    private static BadInputException onSide(String side, BadInputException e) {
        String field = e.field();
        if (field == null || SHARED_FIELDS.contains(field)) {
            return e;
        }
        String renamed = side + field.substring(0, 1).toUpperCase(Locale.ROOT) + field.substring(1);
        return ScenarioProblems.renamed(e, renamed);
    }
}
