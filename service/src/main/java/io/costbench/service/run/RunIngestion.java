package io.costbench.service.run;

import java.net.URI;
import java.time.Clock;
import java.time.Instant;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.springframework.dao.ConcurrencyFailureException;
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

    private static final int SETTLE_ATTEMPTS = 40;
    private static final long SETTLE_PAUSE_MS = 50;
    private static final TypeReference<Map<String, Double>> METRICS = new TypeReference<>() {
    };

    private final RunUploadRepository uploads;
    private final MeasuredRunRepository runs;
    private final RegressionDetector detector;
    private final RunPredictor predictor;
    private final RunCosting costing;
    private final RunsProperties properties;
    private final TransactionTemplate transaction;
    private final JsonMapper jsonMapper;
    private final Clock clock = Clock.systemUTC();

    RunIngestion(RunUploadRepository uploads, MeasuredRunRepository runs, RegressionDetector detector,
            RunPredictor predictor, RunCosting costing, RunsProperties properties, TransactionTemplate transaction,
            JsonMapper jsonMapper) {
        this.uploads = uploads;
        this.runs = runs;
        this.detector = detector;
        this.predictor = predictor;
        this.costing = costing;
        this.properties = properties;
        this.transaction = transaction;
        this.jsonMapper = jsonMapper;
    }

    PushResult push(PushCommand command, TokenPrincipal caller) {
        // A prediction reads no table: made before the transaction, it holds no connection while it simulates (and
        // the predictor remembers it, so the usual push of a known scenario costs a lookup).
        List<RunPrediction> predictions = command.runs().stream()
                .map(run -> predictor.predict(run.scenario(), run.parsed().client(), run.parsed().metrics()))
                .toList();
        try {
            return transaction.execute(status -> pushOnce(command, predictions, caller));
        } catch (DataIntegrityViolationException | ConcurrencyFailureException e) {
            // A concurrent request got there first: with the same key, answer as its replay (or conflict); with the
            // same series, commit, branch and CI URL (the unique duplicate key), 409 naming the run it stored. Its
            // transaction may still be committing (H2 answers a lock timeout meanwhile): look again for a while.
            for (int attempt = 0; attempt < SETTLE_ATTEMPTS; attempt++) {
                java.util.Optional<PushResult> settled = transaction.execute(status -> settled(command));
                if (settled.isPresent()) {
                    return settled.get();
                }
                try {
                    Thread.sleep(SETTLE_PAUSE_MS);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            throw e;
        }
    }

    /** The replay of the same key, or a 409 for a stored duplicate; empty while neither is visible yet. */
    private java.util.Optional<PushResult> settled(PushCommand command) {
        java.util.Optional<PushResult> replayed = replay(command);
        if (replayed.isPresent()) {
            return replayed;
        }
        for (PushCommand.ResolvedRun run : command.runs()) {
            rejectDuplicate(run.scenario(), command.context());
        }
        return java.util.Optional.empty();
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

    private PushResult pushOnce(PushCommand command, List<RunPrediction> predictions, TokenPrincipal caller) {
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
            // The baseline excludes this upload's runs, so judging each run before it is stored changes nothing;
            // the run is then inserted whole (one statement, no update of placeholders).
            Regression regression = detector.detect(metrics, baseline(resolved.scenario(), upload.getId()));
            RunPrediction prediction = predictions.get(i);
            RunCost cost = costing.price(costing.billing(context, resolved.scenario()),
                    metrics.get("output_throughput"), prediction == null ? null : prediction.metrics(),
                    io.costbench.service.pricing.Repricing.AT_RUN, RunCosting.runDate(now), RunCosting.STORED_OPTION);
            MeasuredRun run = MeasuredRun.of(upload.getId(), i, resolved.parsed().label(), command.format(),
                    resolved.scenario(), context, jsonMapper.writeValueAsString(metrics),
                    metrics.get("output_throughput"), metrics.get("median_ttft_ms"), metrics.get("median_tpot_ms"),
                    now);
            run.judged(prediction == null ? null : jsonMapper.writeValueAsString(prediction), regression.verdict(),
                    jsonMapper.writeValueAsString(regression));
            run.priced(cost, RunCosting.STORED_OPTION.id());
            run = runs.save(run);
            outcomes.add(new PushResponse.RunOutcome(run.getId(), resolved.parsed().label(), resolved.scenario(),
                    metrics, prediction, regression, cost));
        }
        String json = jsonMapper.writeValueAsString(PushResponse.of(upload.getId(), command.format(), outcomes));
        upload.answer(json);
        return new PushResult(true, outcomes.get(0).id(), json);
    }

    private List<Map.Entry<Long, Map<String, Double>>> baseline(RunScenario scenario, long uploadId) {
        RunsProperties.RegressionRule settings = properties.regression();
        return runs.baseline(scenario.seriesKey(), settings.baseBranch(), uploadId,
                        PageRequest.of(0, settings.window())).stream()
                .<Map.Entry<Long, Map<String, Double>>>map(run -> new AbstractMap.SimpleImmutableEntry<>(run.id(),
                        jsonMapper.readValue(run.metricsJson(), METRICS)))
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
