package io.costbench.service.run;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.springframework.stereotype.Component;

import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/** How stored runs are shown by the API. */
@Component
class RunViews {

    private static final TypeReference<Map<String, Double>> METRICS = new TypeReference<>() {
    };

    /** A run in a listing. */
    record RunSummary(long id, long uploadId, Instant createdAt, String format, String source, RunScenario scenario,
            String branch, String gitSha, String ciUrl, Map<String, Double> metrics, String regressionVerdict) {
    }

    /** One run with everything stored for it, including the pushed file verbatim. */
    record RunDetail(long id, long uploadId, Instant createdAt, String format, String source, RunScenario scenario,
            String branch, String gitSha, String ciUrl, String pushedBy, Map<String, Double> metrics,
            RunPrediction prediction, Regression regression, String rawPayload) {
    }

    /** A page of runs, newest first. */
    record RunPage(List<RunSummary> items, int page, int size, long totalItems, int totalPages) {
    }

    private final JsonMapper jsonMapper;

    RunViews(JsonMapper jsonMapper) {
        this.jsonMapper = jsonMapper;
    }

    RunSummary summary(MeasuredRun run) {
        return new RunSummary(run.getId(), run.getUploadId(), run.getCreatedAt(), run.getFormat(),
                run.getSourceLabel(), scenario(run), run.getBranch(), run.getGitSha(), run.getCiUrl(),
                jsonMapper.readValue(run.getMetricsJson(), METRICS), run.getRegressionVerdict());
    }

    RunDetail detail(MeasuredRun run, RunUpload upload) {
        return new RunDetail(run.getId(), run.getUploadId(), run.getCreatedAt(), run.getFormat(),
                run.getSourceLabel(), scenario(run), run.getBranch(), run.getGitSha(), run.getCiUrl(),
                upload.getTokenName(), jsonMapper.readValue(run.getMetricsJson(), METRICS),
                run.getPredictionJson() == null ? null
                        : jsonMapper.readValue(run.getPredictionJson(), RunPrediction.class),
                jsonMapper.readValue(run.getRegressionJson(), Regression.class), upload.getRawPayload());
    }

    private static RunScenario scenario(MeasuredRun run) {
        return new RunScenario(run.getModel(), run.getHardware(), run.getProfile(), run.getTensorParallel(),
                run.getPrecision(), run.getInputTokens(), run.getOutputTokens(), run.getConcurrency(),
                run.getRequestRate(), run.getEngine(), run.getEngineVersion());
    }
}
