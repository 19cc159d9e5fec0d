package io.costbench.service.prediction;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.ExampleObject;
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

/** Predictions: what {@code vllm bench serve} would measure for a scenario, and why its median decode step costs what it does. */
@RestController
@RequestMapping(path = "/api/v1/predictions", produces = MediaType.APPLICATION_JSON_VALUE)
class PredictionController {

    private final PredictionService predictions;

    PredictionController(PredictionService predictions) {
        this.predictions = predictions;
    }

    @Operation(summary = "Predict a scenario",
            description = "What vllm bench serve would measure, the median decode step's breakdown, and the cost at the catalog's price.",
            requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true, content = @Content(
                    mediaType = MediaType.APPLICATION_JSON_VALUE, examples = @ExampleObject(name = "qwen3-8b on H100",
                            value = """
                                    {"model": "qwen3-8b", "hardware": "h100-sxm", "profile": "vllm",
                                     "tensorParallel": 1, "precision": "bf16", "inputTokens": 1024,
                                     "outputTokens": 1024, "concurrency": 8}
                                    """))))
    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    Prediction predict(@RequestBody Map<String, Object> body) {
        return predictions.predict(PredictionRequests.fromJson(body));
    }

    @Operation(summary = "Explain a scenario's median decode step",
            description = "Operators and counters of the step; the same fields as the prediction, as query parameters.")
    @GetMapping("/explain")
    StepExplanation explain(@RequestParam MultiValueMap<String, String> parameters) {
        return predictions.explain(PredictionRequests.fromQuery(parameters));
    }
}
