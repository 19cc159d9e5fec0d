package io.costbench.service.prediction;

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

    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    Prediction predict(@RequestBody Map<String, Object> body) {
        return predictions.predict(PredictionRequests.fromJson(body));
    }

    @GetMapping("/explain")
    StepExplanation explain(@RequestParam MultiValueMap<String, String> parameters) {
        return predictions.explain(PredictionRequests.fromQuery(parameters));
    }
}
