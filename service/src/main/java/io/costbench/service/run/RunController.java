package io.costbench.service.run;

import java.io.IOException;
import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;

import org.springframework.data.domain.Page;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Sort;
import org.springframework.format.annotation.DateTimeFormat;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.util.MultiValueMap;
import org.springframework.validation.annotation.Validated;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.multipart.MultipartFile;
import org.springframework.web.server.ResponseStatusException;

import io.costbench.service.security.TokenPrincipal;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;
import io.costbench.service.web.BadInputException;

/** Measured runs pushed by CI jobs ({@code runs:write} to push; reads open by default). */
@RestController
@RequestMapping("/api/v1/runs")
@Validated
class RunController {

    private final PushRequestReader reader;
    private final RunIngestion ingestion;
    private final MeasuredRunRepository runs;
    private final RunUploadRepository uploads;
    private final RunViews views;

    RunController(PushRequestReader reader, RunIngestion ingestion, MeasuredRunRepository runs,
            RunUploadRepository uploads, RunViews views) {
        this.reader = reader;
        this.ingestion = ingestion;
        this.runs = runs;
        this.uploads = uploads;
        this.views = views;
    }

    /** The JSON envelope of a push, for the OpenAPI document (the body is read as bytes to keep it verbatim). */
    @Schema(name = "PushRequest", example = """
            {"format": "costbench", "context": {"model": "qwen3-8b", "hardware": "h100-sxm", "tensorParallel": 1,
             "precision": "bf16", "inputTokens": 1024, "outputTokens": 1024, "concurrency": 8,
             "gitSha": "0123abcd", "branch": "main", "ciUrl": "https://ci.example.com/job/4711"},
             "result": {"metrics": {"output_throughput": 1520.4, "median_ttft_ms": 61.2, "median_tpot_ms": 9.8}}}
            """)
    record PushRequestDocument(
            @Schema(allowableValues = {"vllm", "sglang", "guidellm", "aiperf", "genai-perf", "llmperf", "costbench"})
            String format,
            RunContext context,
            @Schema(description = "The tool's result file: a JSON object or array, or a JSON Lines string")
            Object result) {
    }

    /** The multipart form of a push, for the OpenAPI document: the tool's file verbatim plus the context fields. */
    @Schema(name = "PushForm", requiredProperties = {"file", "format", "model", "hardware"})
    record PushFormDocument(
            @Schema(type = "string", format = "binary", description = "The tool's result file, verbatim") String file,
            @Schema(allowableValues = {"vllm", "sglang", "guidellm", "aiperf", "genai-perf", "llmperf", "costbench"})
            String format,
            @Schema(example = "Qwen/Qwen2.5-VL-3B-Instruct") String model,
            @Schema(example = "h100-sxm5") String hardware, String profile,
            @Schema(example = "1") Integer tensorParallel, @Schema(example = "bf16") String precision,
            Integer inputTokens, Integer outputTokens, Integer concurrency, String engine, String engineVersion,
            @Schema(example = "0123abcd") String gitSha, @Schema(example = "main") String branch,
            @Schema(example = "https://ci.example.com/job/4711") String ciUrl) {
    }

    /** Pushes a result file in the JSON envelope {@code {"format", "context", "result"}}. */
    @Operation(summary = "Push a measured run (JSON envelope or multipart with the raw file)",
            security = @SecurityRequirement(name = "bearerToken"),
            requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(content = @Content(
                    mediaType = MediaType.APPLICATION_JSON_VALUE,
                    schema = @Schema(implementation = PushRequestDocument.class))))
    @ApiResponse(responseCode = "201", description = "Stored",
            content = @Content(schema = @Schema(implementation = PushResponse.class)))
    @ApiResponse(responseCode = "200", description = "Replay of the answer to the same Idempotency-Key and body",
            content = @Content(schema = @Schema(implementation = PushResponse.class)))
    @ApiResponse(responseCode = "409", description = "Idempotency-Key reused with another body, or a duplicate run",
            content = @Content(mediaType = "application/problem+json"))
    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE, produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<String> push(@RequestBody byte[] body,
            @RequestHeader(name = "Idempotency-Key", required = false) String idempotencyKey,
            @Parameter(hidden = true) @AuthenticationPrincipal TokenPrincipal caller) {
        return answer(ingestion.push(reader.fromJson(body, idempotencyKey), caller));
    }

    /** Pushes the raw result file as part {@code file}, with {@code format} and the context as form fields. */
    @Operation(summary = "Push a measured run (JSON envelope or multipart with the raw file)",
            security = @SecurityRequirement(name = "bearerToken"),
            requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(content = @Content(
                    mediaType = MediaType.MULTIPART_FORM_DATA_VALUE,
                    schema = @Schema(implementation = PushFormDocument.class))))
    @ApiResponse(responseCode = "201", description = "Stored",
            content = @Content(schema = @Schema(implementation = PushResponse.class)))
    @PostMapping(consumes = MediaType.MULTIPART_FORM_DATA_VALUE, produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<String> pushFile(@RequestParam(name = "file", required = false) List<MultipartFile> files,
            @Parameter(hidden = true) @RequestParam MultiValueMap<String, String> fields,
            @RequestHeader(name = "Idempotency-Key", required = false) String idempotencyKey,
            @Parameter(hidden = true) @AuthenticationPrincipal TokenPrincipal caller) throws IOException {
        if (files == null || files.isEmpty()) {
            throw BadInputException.unprocessable("file", "is required: the tool's result file as a multipart part");
        }
        if (files.size() > 1) {
            throw BadInputException.badRequest("file", "must be given exactly once; push one result file per request"
                    + " (" + files.size() + " parts named file were sent)");
        }
        MultipartFile file = files.get(0);
        Map<String, List<String>> formFields = new java.util.TreeMap<>(fields);
        formFields.remove("file");
        return answer(ingestion.push(reader.fromMultipart(file.getBytes(), formFields, idempotencyKey), caller));
    }

    private static ResponseEntity<String> answer(PushResult result) {
        ResponseEntity.BodyBuilder builder = result.created()
                ? ResponseEntity.created(URI.create("/api/v1/runs/" + result.runId()))
                : ResponseEntity.ok().location(URI.create("/api/v1/runs/" + result.runId()));
        return builder.contentType(MediaType.APPLICATION_JSON).body(result.json());
    }

    /** Runs, newest first, filtered by any of the parameters. */
    @Operation(summary = "List measured runs", description = "Newest first, filtered by any of the parameters, pages"
            + " of at most 200.")
    @GetMapping
    RunViews.RunPage list(@RequestParam(required = false) String model,
            @RequestParam(required = false) String hardware, @RequestParam(required = false) String profile,
            @RequestParam(required = false) String precision, @RequestParam(required = false) String branch,
            @RequestParam(required = false) String gitSha, @RequestParam(required = false) String format,
            @RequestParam(required = false) Integer concurrency, @RequestParam(required = false) String verdict,
            @RequestParam(required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE_TIME) Instant since,
            @RequestParam(required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE_TIME) Instant until,
            @RequestParam(defaultValue = "0") @Min(0) @Max(1_000_000) int page,
            @RequestParam(defaultValue = "50") @Min(1) @Max(200) int size) {
        RunQuery query = new RunQuery(model, hardware, profile, precision, branch, gitSha, format, concurrency,
                verdict, since, until);
        Page<MeasuredRun> found = runs.findAll(query.specification(),
                PageRequest.of(page, size, Sort.by(Sort.Direction.DESC, "id")));
        return new RunViews.RunPage(views.summaries(found.getContent()), page, size, found.getTotalElements(),
                found.getTotalPages());
    }

    /** One run with its metrics, verdicts and the pushed file verbatim. */
    @Operation(summary = "Show a measured run", description = "Its metrics, prediction, verdict and the pushed file"
            + " verbatim (rawPayload).")
    @GetMapping("/{id}")
    RunViews.RunDetail get(@PathVariable long id) {
        MeasuredRun run = runs.findById(id).orElseThrow(
                () -> new ResponseStatusException(HttpStatus.NOT_FOUND, "No run with id " + id));
        return views.detail(run, uploads.findById(run.getUploadId()).orElseThrow());
    }
}
