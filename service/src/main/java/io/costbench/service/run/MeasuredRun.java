package io.costbench.service.run;

import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/**
 * One measured run as stored: scenario, provenance, metrics (JSON, vLLM names), the verdicts given and its cost at
 * push (accelerators billed, the price id used, measured and predicted USD per million output tokens, or why none).
 */
@Entity
@Table(name = "measured_run")
public class MeasuredRun {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;
    @Column(name = "upload_id")
    private Long uploadId;
    @Column(name = "position_in_upload")
    private int positionInUpload;
    @Column(name = "source_label")
    private String sourceLabel;
    private String format;
    @Column(name = "series_key")
    private String seriesKey;
    private String model;
    private String hardware;
    private String profile;
    @Column(name = "tensor_parallel")
    private Integer tensorParallel;
    @Column(name = "precision_name")
    private String precision;
    @Column(name = "input_tokens")
    private Integer inputTokens;
    @Column(name = "output_tokens")
    private Integer outputTokens;
    private Integer concurrency;
    @Column(name = "request_rate")
    private Double requestRate;
    @Column(name = "ramp_up")
    private String rampUp;
    @Column(name = "range_ratio")
    private Double rangeRatio;
    @Column(name = "length_distribution")
    private String lengthDistribution;
    private String engine;
    @Column(name = "engine_version")
    private String engineVersion;
    @Column(name = "git_sha")
    private String gitSha;
    private String branch;
    @Column(name = "ci_url")
    private String ciUrl;
    @Column(name = "duplicate_key")
    private String duplicateKey;
    @Column(name = "metrics_json")
    private String metricsJson;
    @Column(name = "output_throughput")
    private Double outputThroughput;
    @Column(name = "median_ttft_ms")
    private Double medianTtftMs;
    @Column(name = "median_tpot_ms")
    private Double medianTpotMs;
    @Column(name = "prediction_json")
    private String predictionJson;
    @Column(name = "regression_verdict")
    private String regressionVerdict;
    @Column(name = "regression_json")
    private String regressionJson;
    @Column(name = "created_at")
    private Instant createdAt;
    @Column(name = "billed_accelerator")
    private String billedAccelerator;
    @Column(name = "billed_accelerators")
    private Integer billedAccelerators;
    @Column(name = "accelerators_from")
    private String acceleratorsFrom;
    @Column(name = "cost_price_id")
    private Long costPriceId;
    @Column(name = "cost_price_option")
    private String costPriceOption;
    @Column(name = "usd_per_million_output_tokens")
    private Double usdPerMillionOutputTokens;
    @Column(name = "predicted_usd_per_million_output_tokens")
    private Double predictedUsdPerMillionOutputTokens;
    @Column(name = "cost_reason")
    private String costReason;

    protected MeasuredRun() {
    }

    /** The unique key of a series at a commit, branch and CI URL; null without a commit (then never a duplicate). */
    static String duplicateKey(RunScenario scenario, RunContext context) {
        if (context.gitSha() == null) {
            return null;
        }
        // Lengths first, so no two different tuples join into the same string.
        StringBuilder joined = new StringBuilder();
        for (String part : new String[] {scenario.seriesKey(), context.gitSha(), context.branch(), context.ciUrl()}) {
            joined.append(part == null ? -1 : part.length()).append(':').append(part == null ? "" : part).append('|');
        }
        return io.costbench.engine.data.DataFiles.sha256(joined.toString());
    }

    static MeasuredRun of(long uploadId, int position, String label, RunFormat format, RunScenario scenario,
            RunContext context, String metricsJson, Double outputThroughput, Double medianTtftMs,
            Double medianTpotMs, Instant createdAt) {
        MeasuredRun run = new MeasuredRun();
        run.uploadId = uploadId;
        run.positionInUpload = position;
        run.sourceLabel = label.length() > 300 ? label.substring(0, 300) : label;
        run.format = format.wireName();
        run.seriesKey = scenario.seriesKey();
        run.model = scenario.model();
        run.hardware = scenario.hardware();
        run.profile = scenario.profile();
        run.tensorParallel = scenario.tensorParallel();
        run.precision = scenario.precision();
        run.inputTokens = scenario.inputTokens();
        run.outputTokens = scenario.outputTokens();
        run.concurrency = scenario.concurrency();
        run.requestRate = scenario.requestRate();
        run.rampUp = scenario.rampUp();
        run.rangeRatio = scenario.rangeRatio();
        run.lengthDistribution = scenario.lengthDistribution();
        run.engine = scenario.engine();
        run.engineVersion = scenario.engineVersion();
        run.gitSha = context.gitSha();
        run.branch = context.branch();
        run.ciUrl = context.ciUrl();
        run.duplicateKey = duplicateKey(scenario, context);
        run.metricsJson = metricsJson;
        run.outputThroughput = outputThroughput;
        run.medianTtftMs = medianTtftMs;
        run.medianTpotMs = medianTpotMs;
        run.createdAt = createdAt;
        run.regressionVerdict = Regression.INSUFFICIENT_DATA;
        run.regressionJson = "{}";
        return run;
    }

    void judged(String predictionJson, String regressionVerdict, String regressionJson) {
        this.predictionJson = predictionJson;
        this.regressionVerdict = regressionVerdict;
        this.regressionJson = regressionJson;
    }

    void priced(RunCost cost, String option) {
        this.billedAccelerator = cost.accelerator();
        this.billedAccelerators = cost.accelerators();
        this.acceleratorsFrom = cost.acceleratorsFrom();
        this.costPriceId = cost.price() == null ? null : cost.price().id();
        this.costPriceOption = cost.price() == null ? null : option;
        this.usdPerMillionOutputTokens = cost.usdPerMillionOutputTokens();
        this.predictedUsdPerMillionOutputTokens = cost.predictedUsdPerMillionOutputTokens();
        this.costReason = cost.reason();
    }

    public Long getId() { return id; }
    public Long getUploadId() { return uploadId; }
    public int getPositionInUpload() { return positionInUpload; }
    public String getSourceLabel() { return sourceLabel; }
    public String getFormat() { return format; }
    public String getSeriesKey() { return seriesKey; }
    public String getModel() { return model; }
    public String getHardware() { return hardware; }
    public String getProfile() { return profile; }
    public Integer getTensorParallel() { return tensorParallel; }
    public String getPrecision() { return precision; }
    public Integer getInputTokens() { return inputTokens; }
    public Integer getOutputTokens() { return outputTokens; }
    public Integer getConcurrency() { return concurrency; }
    public Double getRequestRate() { return requestRate; }
    public String getRampUp() { return rampUp; }
    public Double getRangeRatio() { return rangeRatio; }
    public String getLengthDistribution() { return lengthDistribution; }
    public String getEngine() { return engine; }
    public String getEngineVersion() { return engineVersion; }
    public String getGitSha() { return gitSha; }
    public String getBranch() { return branch; }
    public String getCiUrl() { return ciUrl; }
    public String getMetricsJson() { return metricsJson; }
    public Double getOutputThroughput() { return outputThroughput; }
    public Double getMedianTtftMs() { return medianTtftMs; }
    public Double getMedianTpotMs() { return medianTpotMs; }
    public String getPredictionJson() { return predictionJson; }
    public String getRegressionVerdict() { return regressionVerdict; }
    public String getRegressionJson() { return regressionJson; }
    public Instant getCreatedAt() { return createdAt; }
    public String getBilledAccelerator() { return billedAccelerator; }
    public Integer getBilledAccelerators() { return billedAccelerators; }
    public String getAcceleratorsFrom() { return acceleratorsFrom; }
    public Long getCostPriceId() { return costPriceId; }
    public String getCostPriceOption() { return costPriceOption; }
    public Double getUsdPerMillionOutputTokens() { return usdPerMillionOutputTokens; }
    public Double getPredictedUsdPerMillionOutputTokens() { return predictedUsdPerMillionOutputTokens; }
    public String getCostReason() { return costReason; }
}
