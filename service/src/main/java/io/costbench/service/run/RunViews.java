package io.costbench.service.run;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.springframework.stereotype.Component;

import io.costbench.service.pricing.PriceView;

import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/** How stored runs are shown by the API. */
@Component
class RunViews {

    private static final TypeReference<Map<String, Double>> METRICS = new TypeReference<>() {
    };

    /** A run in a listing. */
    record RunSummary(long id, long uploadId, Instant createdAt, String format, String source, RunScenario scenario,
            String branch, String gitSha, String ciUrl, Map<String, Double> metrics, String regressionVerdict,
            RunCost cost) {
    }

    /**
     * One run with everything stored for it, including the pushed file verbatim. {@code requestsInFlight} is derived
     * from the metrics on each read (Little's law), never stored.
     */
    record RunDetail(long id, long uploadId, Instant createdAt, String format, String source, RunScenario scenario,
            String branch, String gitSha, String ciUrl, String pushedBy, Map<String, Double> metrics,
            RunPrediction prediction, RequestsInFlight.InFlightFigures requestsInFlight, Regression regression,
            RunCost cost, RunCost costToday, String rawPayload) {
    }

    /** A page of runs, newest first. */
    record RunPage(List<RunSummary> items, int page, int size, long totalItems, int totalPages) {
    }

    private final JsonMapper jsonMapper;
    private final RunCosting costing;

    RunViews(JsonMapper jsonMapper, RunCosting costing) {
        this.jsonMapper = jsonMapper;
        this.costing = costing;
    }

    /** Summaries of a page of runs; each price used is read once. */
    List<RunSummary> summaries(List<MeasuredRun> runs) {
        Map<Long, PriceView> prices = new HashMap<>();
        return runs.stream().map(run -> summary(run, prices)).toList();
    }

    private RunSummary summary(MeasuredRun run, Map<Long, PriceView> prices) {
        return new RunSummary(run.getId(), run.getUploadId(), run.getCreatedAt(), run.getFormat(),
                run.getSourceLabel(), scenario(run), run.getBranch(), run.getGitSha(), run.getCiUrl(),
                jsonMapper.readValue(run.getMetricsJson(), METRICS), run.getRegressionVerdict(),
                costing.stored(run, id -> prices.computeIfAbsent(id, costing::priceView)));
    }

    RunDetail detail(MeasuredRun run, RunUpload upload) {
        RunPrediction prediction = prediction(run);
        Map<String, Double> metrics = jsonMapper.readValue(run.getMetricsJson(), METRICS);
        return new RunDetail(run.getId(), run.getUploadId(), run.getCreatedAt(), run.getFormat(),
                run.getSourceLabel(), scenario(run), run.getBranch(), run.getGitSha(), run.getCiUrl(),
                upload.getTokenName(), metrics, prediction,
                RequestsInFlight.InFlightFigures.of(metrics, prediction), regression(run),
                costing.stored(run, costing::priceView),
                costing.today(run, prediction == null ? null : prediction.metrics()), upload.getRawPayload());
    }

    RunPrediction prediction(MeasuredRun run) {
        return run.getPredictionJson() == null ? null
                : jsonMapper.readValue(run.getPredictionJson(), RunPrediction.class);
    }

    Map<String, Double> metrics(MeasuredRun run) {
        return jsonMapper.readValue(run.getMetricsJson(), METRICS);
    }

    /** The stored check; a run stored without one (an empty object) answers its verdict with no check. */
    Regression regression(MeasuredRun run) {
        if (!jsonMapper.readTree(run.getRegressionJson()).has("verdict")) {
            return new Regression(run.getRegressionVerdict(), null, "no regression check was stored for this run", 0,
                    0, 0, Map.of());
        }
        return jsonMapper.readValue(run.getRegressionJson(), Regression.class);
    }

    static RunScenario scenario(MeasuredRun run) {
        return new RunScenario(run.getModel(), run.getHardware(), run.getProfile(), run.getTensorParallel(),
                run.getPrecision(), run.getInputTokens(), run.getOutputTokens(), run.getConcurrency(),
                run.getRequestRate(), run.getRampUp(), run.getRangeRatio(), run.getLengthDistribution(),
                run.getEngine(), run.getEngineVersion());
    }
}
