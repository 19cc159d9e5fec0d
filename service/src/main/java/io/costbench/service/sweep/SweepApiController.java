package io.costbench.service.sweep;

import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.ExampleObject;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.Operation;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.security.Principal;
import java.util.List;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import io.costbench.service.web.FieldProblem;
import io.costbench.service.web.InvalidFieldsException;
import io.costbench.service.web.TypedProblem;
import tools.jackson.databind.json.JsonMapper;

/** Sweeps over REST: start (202 + Location), list, show, results, cancel. */
@RestController
@RequestMapping(path = "/api/v1/sweeps", produces = MediaType.APPLICATION_JSON_VALUE)
class SweepApiController {

    /** Largest request body read; a maximal valid definition is far smaller. */
    static final int MAX_BODY_BYTES = 256 * 1024;
    static final int MAX_SWEEPS_PAGE = 100;
    static final int MAX_RESULTS_PAGE = 1000;

    private final SweepService sweeps;
    private final SweepStore store;
    private final SweepRequests requests;
    private final JsonMapper json;

    SweepApiController(SweepService sweeps, SweepStore store, SweepRequests requests, JsonMapper json) {
        this.sweeps = sweeps;
        this.store = store;
        this.requests = requests;
        this.json = json;
    }

    @Operation(summary = "Start a sweep", description = "A definition, or {\"preset\": \"default\"} (optionally with"
            + " a name). Answers 202 with the sweep and its Location; ids the performance models do not know are"
            + " refused up front (422 naming the field).",
            requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true, content = @Content(
                    mediaType = MediaType.APPLICATION_JSON_VALUE,
                    schema = @Schema(oneOf = {SweepDefinition.class, PresetRequest.class}),
                    examples = {
                            @ExampleObject(name = "preset", summary = "The default sweep (243 points)",
                                    value = "{\"preset\": \"default\"}"),
                            @ExampleObject(name = "definition", summary = "One model on two targets", value = """
                                    {"name": "qwen3-8b check", "models": ["qwen3-8b"],
                                     "targets": [{"hardware": "trn2", "profile": "vllm-neuron-optimized"},
                                                 {"hardware": "h100-sxm", "profile": "vllm", "tensorParallel": 1}],
                                     "concurrencies": [1, 8, 64],
                                     "workloads": [{"inputTokens": 1024, "outputTokens": 1024}],
                                     "numPrompts": {"perConcurrency": 10, "minimum": 20}, "seed": 0}
                                    """)})))
    @ApiResponse(responseCode = "202", description = "Started",
            content = @Content(schema = @Schema(implementation = SweepJson.class)))
    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<SweepJson> start(HttpServletRequest request, Principal principal) throws IOException {
        byte[] body;
        try (InputStream in = request.getInputStream()) {
            body = in.readNBytes(MAX_BODY_BYTES + 1);
        }
        if (body.length > MAX_BODY_BYTES) {
            throw new TypedProblem(HttpStatus.CONTENT_TOO_LARGE, "body-too-large", "Request body too large",
                    "request body larger than " + MAX_BODY_BYTES + " bytes");
        }
        SweepDefinition definition = requests.read(body, "API sweep");
        Sweep sweep = sweeps.start(definition, SweepTrigger.API, principal == null ? "anonymous" : principal.getName(),
                null);
        return ResponseEntity.status(HttpStatus.ACCEPTED).location(URI.create("/api/v1/sweeps/" + sweep.id()))
                .body(SweepJson.of(sweep, null));
    }

    @Operation(summary = "List sweeps",
            description = "Newest first, paged.")
    @GetMapping
    ResultPage<SweepJson> list(@RequestParam(defaultValue = "0") int page,
            @RequestParam(defaultValue = "20") int size) {
        checkPage(page, size, MAX_SWEEPS_PAGE);
        List<SweepJson> items = store.page(page, size).stream().map(s -> SweepJson.of(s, null)).toList();
        return new ResultPage<>(items, page, size, store.count());
    }

    @Operation(summary = "Show a sweep",
            description = "Status, progress and its definition.")
    @GetMapping("/{id}")
    SweepJson show(@PathVariable long id) {
        Sweep sweep = store.find(id).orElseThrow(() -> notFound(id));
        return SweepJson.of(sweep, json.readTree(sweep.definitionJson()));
    }

    @Operation(summary = "A sweep's points",
            description = "In expansion order, paged; vLLM metric names.")
    @GetMapping("/{id}/results")
    ResultPage<SweepPoint> results(@PathVariable long id, @RequestParam(defaultValue = "0") int page,
            @RequestParam(defaultValue = "100") int size) {
        checkPage(page, size, MAX_RESULTS_PAGE);
        store.find(id).orElseThrow(() -> notFound(id));
        return new ResultPage<>(store.points(id, page, size), page, size, store.countPoints(id));
    }

    @Operation(summary = "Cancel a sweep",
            description = "Chunks not yet started are dropped; points stored stay.")
    @PostMapping("/{id}/cancel")
    SweepJson cancel(@PathVariable long id) {
        try {
            return SweepJson.of(sweeps.cancel(id).orElseThrow(() -> notFound(id)), null);
        } catch (SweepFinishedException e) {
            throw new TypedProblem(HttpStatus.CONFLICT, "sweep-finished", "Sweep already finished", e.getMessage());
        }
    }

    /** A preset instead of a definition, for the OpenAPI document. */
    @Schema(name = "SweepPreset")
    record PresetRequest(@Schema(allowableValues = SweepPresets.DEFAULT, requiredMode = Schema.RequiredMode.REQUIRED)
            String preset, @Schema(description = "defaults to \"API sweep\"") String name) {
    }

    private static void checkPage(int page, int size, int maxSize) {
        if (page < 0) {
            throw InvalidFieldsException.badRequest(List.of(new FieldProblem("page", "must be >= 0")));
        }
        if (size < 1 || size > maxSize) {
            throw InvalidFieldsException.badRequest(List.of(new FieldProblem("size",
                    "must be between 1 and " + maxSize)));
        }
    }

    private static TypedProblem notFound(long id) {
        return new TypedProblem(HttpStatus.NOT_FOUND, "sweep-not-found", "Sweep not found", "no sweep with id " + id);
    }
}
