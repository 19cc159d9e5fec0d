package io.costbench.service.prediction.api;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.springframework.http.MediaType;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import io.costbench.engine.port.StepExplanation;
import io.costbench.engine.sim.DatasetLengths;
import io.costbench.engine.sim.LengthDistribution;
import io.costbench.engine.sim.RequestLengths;
import io.costbench.engine.sim.Workload;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.Parameters;
import io.swagger.v3.oas.annotations.enums.ParameterIn;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.ExampleObject;
import io.costbench.pricing.PurchaseOption;
import io.costbench.service.accuracy.AccuracyCatalog;
import io.costbench.service.accuracy.ValidatedAccuracy;
import io.costbench.service.prediction.Prediction;
import io.costbench.service.prediction.Predictor;
import io.costbench.service.prediction.Scenario;
import io.costbench.service.prediction.ScenarioResolver;
import io.costbench.service.prediction.ServingTarget;
import io.costbench.service.prediction.UnknownIdException;
import io.costbench.service.pricing.CostCalculator;
import io.costbench.service.pricing.CostView;
import io.costbench.service.web.BadInputException;

/**
 * Predictions over HTTP: what {@code vllm bench serve} would measure for a scenario and what serving at that
 * throughput costs, and why its median decode step costs what it does. Unknown ids and misfits are domain exceptions
 * the API advice answers as 422.
 */
@RestController
@RequestMapping(path = "/api/v1/predictions", produces = MediaType.APPLICATION_JSON_VALUE)
class PredictionController {

    private final ScenarioResolver resolver;
    private final Predictor predictor;
    private final CostCalculator costs;
    private final AccuracyCatalog accuracy;

    /** The switch a family offers for an FP8 KV cache (kvCacheDtype "fp8"). */
    static final String FP8_KV_CACHE = "fp8-kv-cache";

    PredictionController(ScenarioResolver resolver, Predictor predictor, CostCalculator costs,
            AccuracyCatalog accuracy) {
        this.resolver = resolver;
        this.predictor = predictor;
        this.costs = costs;
        this.accuracy = accuracy;
    }

    @Operation(summary = "Predict a scenario",
            description = "What vllm bench serve would measure, the median decode step's breakdown, and the cost at"
                    + " the catalog's price, split between input and output tokens (cost is null without a price,"
                    + " and costNote says why), and how closely predictions of the same hardware, profile and"
                    + " model kind met public measurements (accuracy is null where none covers them, and"
                    + " accuracyNote says so).",
            requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true, content = @Content(
                    mediaType = MediaType.APPLICATION_JSON_VALUE, examples = @ExampleObject(name = "qwen3-8b on H100",
                            value = """
                                    {"model": "qwen3-8b", "hardware": "h100-sxm", "profile": "vllm",
                                     "tensorParallel": 1, "precision": "bf16", "inputTokens": 1024,
                                     "outputTokens": 1024, "concurrency": 8}
                                    """))))
    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    PredictionAnswer predict(@RequestBody Map<String, Object> body) {
        PredictionRequest request = PredictionRequests.fromJson(body);
        Scenario scenario = scenario(request);
        Prediction prediction = request.datasetLengths() == null ? predictor.predict(scenario)
                : predictor.predictMean(scenario, request.datasetLengths());
        PurchaseOption option = request.priceOption() == null ? PurchaseOption.ON_DEMAND
                : PurchaseOption.fromId(request.priceOption()).orElseThrow();
        LocalDate date = request.priceDate() == null ? null : LocalDate.parse(request.priceDate());
        CostView cost = cost(prediction, option, date);
        ServingTarget target = prediction.scenario().target();
        boolean moe = resolver.catalogModel(prediction.scenario().model()).spec().isMixtureOfExperts();
        ValidatedAccuracy validated = accuracy.find(target.hardware(), target.profile(), moe).orElse(null);
        return PredictionAnswer.of(prediction, request, cost, cost != null ? null : costNote(prediction, option,
                date), validated, AccuracyCatalog.notValidated(target.hardware(), target.profile(), moe));
    }

    /**
     * Cost per million tokens at the prediction's throughput, on the chips it occupies, split between input and
     * output tokens by the prefill share of the busy time; null without a price or without throughput.
     */
    private CostView cost(Prediction prediction, PurchaseOption option, LocalDate date) {
        Double output = prediction.metrics().get("output_throughput");
        Double total = prediction.metrics().get("total_token_throughput");
        if (output == null || total == null || !(output > 0)) {
            return null;
        }
        String hardware = prediction.scenario().target().hardware();
        if (total > output) {
            return costs.costFor(hardware, prediction.chips(), output, total, option, date,
                    prediction.prefillTimeShare()).map(CostView::of).orElse(null);
        }
        return costs.costFor(hardware, prediction.chips(), output, total, option, date).map(CostView::of)
                .orElse(null);
    }

    /** Why a prediction has no cost. */
    private String costNote(Prediction prediction, PurchaseOption option, LocalDate date) {
        Double output = prediction.metrics().get("output_throughput");
        return output == null || !(output > 0) ? "the prediction has no output throughput to cost"
                : costs.noPriceReason(prediction.scenario().target().hardware(), option, date);
    }

    @GetMapping("/accuracy")
    @Operation(summary = "How closely predictions met public measurements",
            description = "Per group of predictions (hardware x serving profile x dense/MoE) the public measurements"
                    + " the models were validated on and the median, p90 and max |error| of TPOT, TTFT and output"
                    + " throughput, as the validation report computed them. With model, only the groups of its kind"
                    + " (dense or mixture of experts); a hardware and profile absent from the list is not validated.")
    AccuracyAnswer accuracy(@Parameter(description = "catalog model id or alias; default: every group")
            @RequestParam(required = false) String model) {
        AccuracyCatalog.AccuracyFile file = accuracy.file();
        if (model == null) {
            return new AccuracyAnswer(file.about(), null, null, file.groups());
        }
        var catalogModel = resolver.catalogModel(model);
        String kind = ValidatedAccuracy.modelKind(catalogModel.spec().isMixtureOfExperts());
        return new AccuracyAnswer(file.about(), catalogModel.id(), kind,
                file.groups().stream().filter(g -> g.modelKind().equals(kind)).toList());
    }

    /** The validated groups, all or those of one model's kind ({@code model} and {@code modelKind} then set). */
    record AccuracyAnswer(String about, String model, String modelKind, List<ValidatedAccuracy> groups) {
    }

    @GetMapping("/explain")
    @Operation(summary = "Why the median decode step of a prediction costs what it does",
            description = "Takes the fields of POST /api/v1/predictions as query parameters (no price fields are "
                    + "needed); any other parameter is a 400 naming it.")
    @Parameters({
            @Parameter(name = "model", in = ParameterIn.QUERY, required = true,
                    description = "catalog model id or alias, e.g. qwen3-8b or Qwen/Qwen3-8B"),
            @Parameter(name = "hardware", in = ParameterIn.QUERY, required = true,
                    description = "hardware id or alias, e.g. h100-sxm, h100-sxm5, trn2"),
            @Parameter(name = "profile", in = ParameterIn.QUERY, description = "serving profile; default: the "
                    + "hardware's first"),
            @Parameter(name = "tensorParallel", in = ParameterIn.QUERY, description = "1, 2, 4, ..., 64; default: "
                    + "the profile's"),
            @Parameter(name = "precision", in = ParameterIn.QUERY, description = "bf16, fp8 or mxfp4 (an MXFP4 checkpoint only); default: the checkpoint's format where the profile offers it, else the profile's"),
            @Parameter(name = "inputTokens", in = ParameterIn.QUERY, required = true, description = "1..131072"),
            @Parameter(name = "outputTokens", in = ParameterIn.QUERY, required = true, description = "1..131072"),
            @Parameter(name = "concurrency", in = ParameterIn.QUERY, required = true, description = "1..4096"),
            @Parameter(name = "numPrompts", in = ParameterIn.QUERY, description = "1..100000; default 10 x "
                    + "concurrency, at least 20"),
            @Parameter(name = "seed", in = ParameterIn.QUERY, description = ">= 0; default 0"),
            @Parameter(name = "randomRangeRatio", in = ParameterIn.QUERY, description = "vllm bench serve "
                    + "--random-range-ratio r in [0, 1): lengths uniform in [floor(L (1 - r)), ceil(L (1 + r))]; "
                    + "default 0 (fixed)"),
            @Parameter(name = "concurrencyRampSeconds", in = ParameterIn.QUERY, description = "AIPerf "
                    + "--concurrency-ramp-duration in (0, 86400] s: slots opened one at a time; default: all at once"),
            @Parameter(name = "dataset", in = ParameterIn.QUERY, description = "sharegpt: ShareGPT's lengths "
                    + "around inputTokens and outputTokens as their means (POST answers the mean of several draws;"
                    + " this explains the first draw's median step); default: the stated lengths"),
            @Parameter(name = "compiledBatchSize", in = ParameterIn.QUERY, description = "an ahead-of-time compiling"
                    + " stack's static batch size (optimum-neuron BATCH_SIZE), 1..4096; default: the profile's"),
            @Parameter(name = "maxSequenceTokens", in = ParameterIn.QUERY, description = "its compiled maximum "
                    + "sequence length (SEQUENCE_LENGTH), at least inputTokens + outputTokens"),
            @Parameter(name = "contextBuckets", in = ParameterIn.QUERY, description = "its compiled context buckets"
                    + " in tokens, comma-separated, at most 32"),
            @Parameter(name = "optimizations", in = ParameterIn.QUERY, description = "switch ids over the "
                    + "profile's own, repeated or comma-separated"),
            @Parameter(name = "priceOption", in = ParameterIn.QUERY, description = "accepted for symmetry with "
                    + "POST; unused"),
            @Parameter(name = "priceDate", in = ParameterIn.QUERY, description = "accepted for symmetry with POST; "
                    + "unused")})
    StepExplanation explain(@Parameter(hidden = true) @RequestParam MultiValueMap<String, String> parameters) {
        PredictionRequest request = PredictionRequests.fromQuery(parameters);
        Scenario scenario = scenario(request);
        DatasetLengths dataset = request.datasetLengths();
        if (dataset == null) {
            return predictor.explain(scenario);
        }
        Workload stated = scenario.workload();
        return predictor.explain(new Scenario(scenario.model(), scenario.target(), stated.replaying(dataset.draw(
                stated.numPrompts(), stated.inputTokens(), stated.outputTokens(), stated.seed()))));
    }

    private Scenario scenario(PredictionRequest request) {
        List<String> optimizations = request.optimizations();
        boolean fp8Cache = "fp8".equals(request.kvCacheDtype());
        if ("bf16".equals(request.kvCacheDtype()) && optimizations != null
                && optimizations.contains(FP8_KV_CACHE)) {
            throw BadInputException.badRequest("kvCacheDtype", "bf16 contradicts the " + FP8_KV_CACHE
                    + " switch in optimizations");
        }
        if (fp8Cache && (optimizations == null || !optimizations.contains(FP8_KV_CACHE))) {
            optimizations = new ArrayList<>(optimizations == null ? List.of() : optimizations);
            optimizations.add(FP8_KV_CACHE);
        }
        try {
            Scenario scenario = resolver.resolve(new ScenarioResolver.Spec(request.model(), request.hardware(),
                    request.profile(), request.tensorParallel(), request.precision(), optimizations,
                    request.inputTokens(), request.outputTokens(), request.concurrency(), request.numPrompts(),
                    request.seed(), request.staticShapes()));
            Workload stated = scenario.workload();
            if (request.concurrencyRampSeconds() != null) {
                stated = stated.withConcurrencyRamp(request.concurrencyRampSeconds());
            }
            if (request.randomRangeRatio() != null && request.randomRangeRatio() > 0) {
                // vllm bench serve's symmetric spread, drawn ahead from the scenario's seed and sent in order.
                RequestLengths drawn = RequestLengths.draw(stated.numPrompts(),
                        LengthDistribution.vllmRandom(stated.inputTokens(), request.randomRangeRatio()),
                        LengthDistribution.vllmRandom(stated.outputTokens(), request.randomRangeRatio()),
                        stated.seed());
                stated = stated.replaying(drawn);
            }
            return new Scenario(scenario.model(), scenario.target(), stated);
        } catch (UnknownIdException e) {
            if (fp8Cache && e.field().equals("optimizations") && e.id().contains(FP8_KV_CACHE)) {
                throw new UnknownIdException("kvCacheDtype", "fp8", List.of("auto", "bf16"), "hardware "
                        + request.hardware() + " has no FP8 KV cache (its family offers no " + FP8_KV_CACHE
                        + " switch)");
            }
            throw e;
        }
    }
}
