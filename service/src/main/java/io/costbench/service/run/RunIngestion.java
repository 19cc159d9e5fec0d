package io.costbench.service.run;

import java.net.URI;
import java.time.Clock;
import java.time.Instant;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.data.domain.PageRequest;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.web.ErrorResponseException;

import io.costbench.service.security.TokenPrincipal;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * Stores a checked push in one transaction (the upload, its runs, their verdicts and the answer) so that any
 * failure stores nothing. Idempotency: the same key with the same request replays the first answer; with another
 * request it is 409. Duplicates: a run whose series, branch, commit and CI URL are already stored is 409 naming the
 * stored run (checked with and without a key; a replay is answered before the check).
 */
@Service
class RunIngestion {

    private static final TypeReference<Map<String, Double>> METRICS = new TypeReference<>() {
    };

    private final RunUploadRepository uploads;
    private final MeasuredRunRepository runs;
    private final RegressionDetector detector;
    private final RunPredictor predictor;
    private final RunsProperties properties;
    private final TransactionTemplate transaction;
    private final JsonMapper jsonMapper;
    private final Clock clock = Clock.systemUTC();

    RunIngestion(RunUploadRepository uploads, MeasuredRunRepository runs, RegressionDetector detector,
            RunPredictor predictor, RunsProperties properties, TransactionTemplate transaction,
            JsonMapper jsonMapper) {
        this.uploads = uploads;
        this.runs = runs;
        this.detector = detector;
        this.predictor = predictor;
        this.properties = properties;
        this.transaction = transaction;
        this.jsonMapper = jsonMapper;
    }

    PushResult push(PushCommand command, TokenPrincipal caller) {
        try {
            return transaction.execute(status -> pushOnce(command, caller));
        } catch (DataIntegrityViolationException e) {
            if (command.idempotencyKey() == null) {
                throw e;
            }
            // A concurrent request with the same key committed first: answer as its replay or conflict.
            return transaction.execute(status -> replay(command).orElseThrow(() -> e));
        }
    }

    private java.util.Optional<PushResult> replay(PushCommand command) {
        if (command.idempotencyKey() == null) {
            return java.util.Optional.empty();
        }
        return uploads.findByIdempotencyKey(command.idempotencyKey()).map(upload -> {
            if (!upload.getRequestSha256().equals(command.requestSha256())) {
                throw conflict("Idempotency-Key '" + command.idempotencyKey() + "' was already used with a different"
                        + " request (upload " + upload.getId() + ")", "existingUploadId", upload.getId(), null);
            }
            long firstRun = runs.findByUploadIdOrderByPositionInUpload(upload.getId()).get(0).getId();
            return new PushResult(false, firstRun, upload.getResponseJson());
        });
    }

    private PushResult pushOnce(PushCommand command, TokenPrincipal caller) {
        java.util.Optional<PushResult> replayed = replay(command);
        if (replayed.isPresent()) {
            return replayed.get();
        }
        RunContext context = command.context();
        for (PushCommand.ResolvedRun run : command.runs()) {
            rejectDuplicate(run.scenario(), context);
        }
        Instant now = clock.instant();
        RunUpload upload = uploads.save(RunUpload.of(command.format(), command.idempotencyKey(),
                command.requestSha256(), command.rawPayload(), caller.name(), caller.tokenId(), now));
        List<PushResponse.RunOutcome> outcomes = new ArrayList<>();
        for (int i = 0; i < command.runs().size(); i++) {
            PushCommand.ResolvedRun resolved = command.runs().get(i);
            Map<String, Double> metrics = resolved.parsed().metrics();
            MeasuredRun run = runs.save(MeasuredRun.of(upload.getId(), i, resolved.parsed().label(),
                    command.format(), resolved.scenario(), context, jsonMapper.writeValueAsString(metrics),
                    metrics.get("output_throughput"), metrics.get("median_ttft_ms"), metrics.get("median_tpot_ms"),
                    now));
            Regression regression = detector.detect(metrics, baseline(resolved.scenario(), upload.getId()));
            RunPrediction prediction = predictor.predict(resolved.scenario(), metrics);
            run.judged(prediction == null ? null : jsonMapper.writeValueAsString(prediction), regression.verdict(),
                    jsonMapper.writeValueAsString(regression));
            outcomes.add(new PushResponse.RunOutcome(run.getId(), resolved.parsed().label(), resolved.scenario(),
                    metrics, prediction, regression));
        }
        String json = jsonMapper.writeValueAsString(PushResponse.of(upload.getId(), command.format(), outcomes));
        upload.answer(json);
        return new PushResult(true, outcomes.get(0).id(), json);
    }

    private List<Map.Entry<Long, Map<String, Double>>> baseline(RunScenario scenario, long uploadId) {
        RunsProperties.RegressionRule settings = properties.regression();
        return runs.baseline(scenario.seriesKey(), settings.baseBranch(), uploadId,
                        PageRequest.of(0, settings.window())).stream()
                .<Map.Entry<Long, Map<String, Double>>>map(run -> new AbstractMap.SimpleImmutableEntry<>(run.getId(),
                        jsonMapper.readValue(run.getMetricsJson(), METRICS)))
                .toList();
    }

    private void rejectDuplicate(RunScenario scenario, RunContext context) {
        if (context.gitSha() == null) {
            return;
        }
        runs.findByGitShaAndSeriesKey(context.gitSha(), scenario.seriesKey()).stream()
                .filter(existing -> Objects.equals(existing.getBranch(), context.branch())
                        && Objects.equals(existing.getCiUrl(), context.ciUrl()))
                .findFirst()
                .ifPresent(existing -> {
                    throw conflict("Run " + existing.getId() + " already holds this series for commit "
                            + context.gitSha() + " and CI URL " + context.ciUrl()
                            + "; push with a new CI URL to record a re-run", "existingRunId", existing.getId(),
                            URI.create("/api/v1/runs/" + existing.getId()));
                });
    }

    private static ErrorResponseException conflict(String detail, String property, long id, URI existing) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.CONFLICT, detail);
        problem.setProperty(property, id);
        if (existing != null) {
            problem.setProperty("existingRun", existing.toString());
        }
        return new ErrorResponseException(HttpStatus.CONFLICT, problem, null);
    }
}
