package io.costbench.service.validation;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Predicate;

import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.costbench.engine.data.CsvRows;
import io.costbench.engine.validation.ErrorStatistics;
import io.costbench.service.accuracy.AccuracyCatalog;
import io.costbench.service.support.Prerequisites;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The validation report on the shared calibration data, with every figure that has a target asserted. Where a target
 * of the GPU fidelity issue is not reached yet, the assertion holds the figure at its current level (a guard against
 * getting worse) and the printed table says "NOT MET"; the README lists those with the reason. Rows per source are
 * pinned so the report cannot shrink silently, and every skipped row must have an expected reason.
 */
class ValidationReportTest {

    /** Rows each source contributes (predicted or skipped): a reader or mapping change that drops rows fails here. */
    private static final Map<String, Integer> ROWS_PER_SOURCE = Map.ofEntries(
            Map.entry("aiconfigurator h100-sxm trtllm llama-3.1-8b", 177),
            Map.entry("aiconfigurator h100-sxm trtllm qwen3-32b", 176),
            Map.entry("inferencex h100-sxm vllm llama-3.1-70b", 45),
            Map.entry("aiconfigurator h100-sxm vllm qwen3-32b", 90),
            Map.entry("inferencex h200-sxm trtllm llama-3.1-70b", 72),
            Map.entry("inferencex h200-sxm vllm llama-3.1-70b", 60),
            Map.entry("aiconfigurator h200-sxm vllm llama-3.1-8b", 21),
            // 26 with experts split over TP, 6 with expert parallelism (EP = TP); the 19 whose experts span more GPUs
            // than their TP (data-parallel attention) are left out before prediction
            Map.entry("aiconfigurator h200-sxm vllm qwen3-235b-a22b", 32),
            // expert parallelism (EP = TP 4 or 8)
            Map.entry("aiconfigurator h100-sxm trtllm qwen3-235b-a22b", 125),
            // InferenceX's dumps; the 33 rows its results database repeats are read once
            Map.entry("inferencex h200-sxm vllm minimax-m2.5", 51),
            // TP 4 with expert parallelism (EP 4), as InferenceX's H100 MiniMax config sets it
            Map.entry("inferencex h100-sxm vllm minimax-m2.5", 15),
            // gpt-oss-120b, MXFP4 (README, "Sixteenth round"): the c=512 rows included
            Map.entry("inferencex h100-sxm vllm gpt-oss-120b", 54),
            Map.entry("inferencex h200-sxm vllm gpt-oss-120b", 60),
            Map.entry("inferencex h200-sxm trtllm gpt-oss-120b", 97),
            Map.entry("public h100-sxm trtllm qwen3-8b", 1),
            // TensorRT-LLM's own trtllm-bench throughput tables, all requests at once: Llama-3.1-8B FP8 on one H100 from
            // the public file, the document's other columns from the project's catalog/validation file
            Map.entry("public h100-sxm trtllm llama-3.1-8b", 10),
            Map.entry("public h200-sxm trtllm llama-3.1-8b", 10),
            // the later edition (thirty-fifth round): Llama-3.3-70B at TP 2 on both GPUs, gpt-oss-120b on one H200
            Map.entry("public h200-sxm trtllm llama-3.3-70b", 14),
            Map.entry("public h100-sxm trtllm llama-3.3-70b", 11),
            Map.entry("public h200-sxm trtllm gpt-oss-120b", 4),
            Map.entry("public h200-sxm trtllm llama-3.1-405b", 10),
            Map.entry("public h100-sxm trtllm llama-3.1-405b", 10),
            // SGLang: BF16 and FP8 at c=4 (the GPUStack latency guide)
            Map.entry("public h100-sxm sglang qwen3-8b", 2),
            Map.entry("aiconfigurator h100-sxm sglang qwen3-32b", 84),
            Map.entry("aiconfigurator h200-sxm sglang llama-3.1-8b", 46),
            Map.entry("aiconfigurator h200-sxm sglang qwen3-235b-a22b", 24),
            Map.entry("public h100-sxm vllm qwen3-8b", 4),
            Map.entry("public trn2 nxdi llama-3.3-70b", 1),
            // optimum-neuron's two scenarios and the vllm-neuron TP8 tutorial (NxD Inference's model class, validation.json)
            Map.entry("public trn2 nxdi llama-3.1-8b", 3),
            Map.entry("public trn2 nxdi qwen3-32b", 1),
            Map.entry("public trn2 nxdi qwen3-235b-a22b", 2),
            Map.entry("public trn2 vllm-neuron-baseline qwen3.5-2b", 3));

    /** Hardware whose flagged parameters must each carry a written reason (the Trainium2 family joins when it does). */
    private static final Set<String> FLAGS_CHECKED_ON = Set.of("h100-sxm", "h200-sxm", "trn2");

    private static ValidationReport report;

    /** The sources whose closed loops ran out of step ({@link #onlyTheH200VllmCollectionRanItsClosedLoopsOutOfStep}). */
    private static final List<String> OUT_OF_STEP_SOURCES = List.of("aiconfigurator h200-sxm vllm qwen3-235b-a22b",
            "aiconfigurator h200-sxm vllm llama-3.1-8b");

    @BeforeAll
    static void run() {
        Optional<Path> dir = ValidationMain.calibrationDir(null);
        // Fails under CI=true (the folder is part of the job), skips loudly elsewhere.
        Prerequisites.require(dir.isPresent(), "the shared calibration folder (../shared or -Dcostbench.shared.dir)");
        report = ValidationMain.report(dir.get());
        report.print(System.out);
    }

    @Test
    void everySourceKeepsItsRowsAndSkipsOnlyForExpectedReasons() {
        assumeTrue(report != null, "no shared calibration folder");
        Map<String, Integer> counts = new TreeMap<>();
        report.sources().forEach((source, rows) -> counts.put(source, rows.size()));
        assertThat(counts).isEqualTo(new TreeMap<>(ROWS_PER_SOURCE));
        // every row the readers keep is a deployment the models describe: none is skipped at prediction
        assertThat(report.outcomes()).filteredOn(o -> o.skipReason() != null).as("skipped rows").isEmpty();
    }

    @Test
    void everyRowOfTheAiconfiguratorFileIsReadOrLeftOutWithItsReason() {
        assumeTrue(report != null, "no shared calibration folder");
        Path file = ValidationMain.calibrationDir(null).orElseThrow().resolve(AiconfiguratorReader.FILE);
        long fileRows = CsvRows.read(file).size();
        long read = report.outcomes().stream().filter(o -> o.measurement().file().equals(AiconfiguratorReader.FILE))
                .count();
        Map<String, Integer> leftOut = new TreeMap<>();
        report.notCompared().stream().filter(n -> n.file().equals(AiconfiguratorReader.FILE))
                .forEach(n -> leftOut.put(n.reason(), n.rows()));
        assertThat(read + leftOut.values().stream().mapToInt(Integer::intValue).sum()).isEqualTo(fileRows);
        // disaggregated serving and the repeats of InferenceX's database are named and counted (30 of the repeats are
        // gpt-oss runs both nightly dumps list)
        assertThat(leftOut).containsEntry("disaggregated serving (separate prefill and decode workers), not modelled", 291)
                .containsEntry("repeats a row already read (same configuration and figures)", 63)
                .containsEntry("precision fp8 for an mxfp4 checkpoint: which layers ran in fp8 is not stated", 5);
    }

    /**
     * A figure with a target: {@code value <= guard} is asserted; {@code guard == target} when the target is met,
     * otherwise the level reached today (printed as NOT MET).
     */
    record Target(String name, double value, double target, double guard) {
    }

    @Test
    void gpuGroupsMeetTheirTargetsOrHoldTheirLevel() {
        assumeTrue(report != null, "no shared calibration folder");
        List<Target> targets = new ArrayList<>();
        for (String hardware : List.of("h100-sxm", "h200-sxm")) {
            for (String profile : List.of("vllm", "trtllm", "sglang")) {
                List<ValidationRun.Outcome> rows = predicted(o -> o.measurement().hardwareId().equals(hardware)
                        && o.measurement().profileId().equals(profile));
                String group = hardware + " " + profile;
                ErrorStatistics tpot = ValidationReport.stats(rows, ValidationMetric.TPOT).orElseThrow();
                ErrorStatistics ttft = ValidationReport.stats(rows, ValidationMetric.TTFT).orElseThrow();
                targets.add(target(group + " TPOT median", tpot.medianAbs(), 0.08, GUARDS));
                targets.add(target(group + " TPOT p90", tpot.p90Abs(), 0.20, GUARDS));
                targets.add(target(group + " TTFT median", ttft.medianAbs(), 0.20, GUARDS));
                ValidationReport.stats(rows, ValidationMetric.OUTPUT_THROUGHPUT).ifPresent(t -> targets.add(
                        target(group + " measured output throughput median", t.medianAbs(), 0.08, GUARDS)));
                ValidationReport.derivedThroughputStats(rows).ifPresent(t -> targets.add(
                        target(group + " derived output throughput* median", t.medianAbs(), 0.08, GUARDS)));
            }
        }
        List<ValidationRun.Outcome> moe = predicted(o -> isGpu(o) && report.groupOf(o.measurement()).endsWith("MoE"));
        targets.add(target("GPU MoE rows TPOT median",
                ValidationReport.stats(moe, ValidationMetric.TPOT).orElseThrow().medianAbs(), 0.10, GUARDS));
        for (LeaveOneSourceOut.Result r : report.leaveOneSourceOut()) {
            if (r.source().contains("h100-sxm") || r.source().contains("h200-sxm")) {
                targets.add(target("leave-one-out " + r.source() + " TPOT median", r.leftOut().medianAbs(), 0.12,
                        GUARDS));
            }
        }
        System.out.println("\n--- GPU targets (value <= target, else held at its guard)");
        targets.forEach(t -> System.out.printf(Locale.ROOT, "    %-75s %6.1f%% target %5.1f%% %s%n", t.name(),
                100 * t.value(), 100 * t.target(), t.value() <= t.target() ? "met"
                        : String.format(Locale.ROOT, "NOT MET (guard %.1f%%)", 100 * t.guard())));
        SoftAssertions soft = new SoftAssertions();
        targets.forEach(t -> soft.assertThat(t.value()).as(t.name()).isLessThanOrEqualTo(t.guard()));
        soft.assertAll();
    }

    /**
     * The simulated engine admits a request at its next step whatever its output length, so no source's predicted TTFT
     * climbs with it by anything like a completion gap; of the measured vLLM and TensorRT-LLM sources only the one the
     * README names does (one completion gap per request). The H200 SGLang collection runs with mixed chunks, so a
     * prompt's first step also carries up to 511 decodes, whose contexts (and so that step) grow with the answers: a
     * few ms over a gap of about 100 ms, a slope near 0.1 that is the engine's, not a client's.
     */
    @Test
    void onlyTheNamedCollectionsTtftClimbsWithOutputLength() {
        assumeTrue(report != null, "no shared calibration folder");
        List<OutputLengthSlope> slopes = report.outputLengthSlopes();
        assertThat(slopes).extracting(OutputLengthSlope::source).contains(ONE_GAP_CLIENT);
        assertThat(slopes).allSatisfy(s -> {
            assertThat(Math.abs(s.predictedSlope())).as(s.source() + " predicted")
                    .isLessThan(s.source().contains(" sglang ") ? 0.2 : 0.1);
            if (s.source().equals(ONE_GAP_CLIENT)) {
                assertThat(s.measuredSlope()).as(s.source() + " measured").isBetween(0.8, 1.2);
            } else if (!s.source().contains(" sglang ")) {
                // SGLang's slopes measure no client gap: without mixed chunks (the H100 collection) TTFT is a
                // wave's prefill, whose share of the run changes with the output length; the H200 collection's
                // 512-client rows queue for seconds, more the longer the answers (README, SGLang rows)
                assertThat(Math.abs(s.measuredSlope())).as(s.source() + " measured").isLessThan(0.2);
            }
        });
    }

    /**
     * Which sources ran their closed loops in waves (README, "Twenty-eighth round"): AIConfigurator's H200 vLLM 0.12
     * collection (both its models) measures the TTFT of a loop out of step: within 30% with the concurrency ramped,
     * more than twice the measurement sent at once. Every other source waits longer than a loop out of step would and
     * is within half of the loop sent at once, as the simulator runs it.
     */
    @Test
    void onlyTheH200VllmCollectionRanItsClosedLoopsOutOfStep() {
        assumeTrue(report != null, "no shared calibration folder");
        List<ClosedLoopStart> starts = report.closedLoopStarts();
        assertThat(starts).extracting(ClosedLoopStart::source).contains(OUT_OF_STEP_SOURCES.toArray(String[]::new));
        assertThat(starts).allSatisfy(s -> {
            if (OUT_OF_STEP_SOURCES.contains(s.source())) {
                assertThat(s.ttftRamped()).as(s.source() + " ramped").isLessThan(0.3);
                assertThat(s.ttftLeanAsRun()).as(s.source() + " at once").isGreaterThan(1.0);
            } else {
                assertThat(s.ttftLeanRamped()).as(s.source() + " ramped").isNegative();
                assertThat(s.ttftAsRun()).as(s.source() + " at once").isLessThan(0.5);
            }
        });
    }

    /**
     * Which way the InferenceX vLLM MoE rows lean at 1-4 concurrent requests (README, "Seventeenth round" and
     * "Thirtieth round"): the gpt-oss rows, whose Marlin GEMM calls carry the latency measured for their own kernel,
     * within 10% on both GPUs; the MiniMax rows on the H100, whose FP8 Triton calls carry the latency vLLM's benchmark
     * measured on another shape (Qwen3-30B-A3B on one GPU), still 5-15% low (18.7% without it), the lean fading as
     * the batch grows; the dense Llama-3.1-70B rows of the same campaign and engine lean by less than 5%.
     */
    @Test
    void inferencexVllmMoeRowsLeanAtSmallBatchesWhereTheirKernelsLatencyIsMeasuredOnAnotherShape() {
        assumeTrue(report != null, "no shared calibration folder");
        Map<String, Map<String, Double>> tpotLean = leans(ConcurrencyLean::tpotLean);
        for (String marlin : List.of("inferencex h100-sxm vllm gpt-oss-120b",
                "inferencex h200-sxm vllm gpt-oss-120b")) {
            assertThat(Math.abs(tpotLean.get(marlin).get("1-4"))).as(marlin + " at 1-4").isLessThan(0.1);
        }
        String fp8 = "inferencex h100-sxm vllm minimax-m2.5";
        assertThat(tpotLean.get(fp8).get("1-4")).as(fp8 + " at 1-4").isBetween(-0.15, -0.05);
        assertThat(Math.abs(tpotLean.get(fp8).get("17-64"))).as(fp8 + " at 17-64").isLessThan(0.1);
        for (String dense : List.of("inferencex h100-sxm vllm llama-3.1-70b",
                "inferencex h200-sxm vllm llama-3.1-70b")) {
            assertThat(Math.abs(tpotLean.get(dense).get("1-4"))).as(dense + " at 1-4").isLessThan(0.05);
        }
    }

    /**
     * vLLM from v0.14 schedules a step ahead, so a request that arrives while a step runs joins the step after the next
     * (README, "Where the GPU model stands", eighteenth round): the InferenceX gpt-oss sources that run it lean less
     * than a fifth low on TTFT at 17-64 concurrent requests, the MiniMax-M2.5 ones less than a quarter (-23.5 to
     * -25.0% when it was admitted into the next step; MiniMax's prompts run at the FP8 kernel's benchmarked rate
     * since the thirtieth round, faster than its rows measure, README "MoE TTFT").
     */
    @Test
    void asyncVllmSourcesAdmitAStepLateAndLeanLessLowAtModerateLoad() {
        assumeTrue(report != null, "no shared calibration folder");
        Map<String, Map<String, Double>> ttftLean = leans(ConcurrencyLean::ttftLean);
        for (String async : List.of("inferencex h100-sxm vllm gpt-oss-120b", "inferencex h200-sxm vllm gpt-oss-120b")) {
            assertThat(ttftLean.get(async).get("17-64")).as(async + " at 17-64").isGreaterThan(-0.2);
        }
        String fp8 = "inferencex h200-sxm vllm minimax-m2.5";
        assertThat(ttftLean.get(fp8).get("17-64")).as(fp8 + " at 17-64").isGreaterThan(-0.25);
    }

    /**
     * TensorRT-LLM's default capacity scheduler admits a request only with room for its prompt and whole answer
     * (README, twentieth round): InferenceX's H200 Llama-3.1-70B runs at TP 1 with 1k prompts and 8k answers hold
     * about fifty requests, so at 64 and 128 clients the rest queue for minutes (TTFT 80 s and 369 s) while TPOT stays
     * at the fifty's (30.5 ms at both); predicted within 15% (-98% and -82% TTFT, +16% and +103% TPOT when requests
     * were admitted by their prompts and the cache grew as they decoded).
     */
    @Test
    void tensorRtLlmRowsQueueWhereTheCacheHoldsFewerWholeRequestsThanTheClientsSend() {
        assumeTrue(report != null, "no shared calibration folder");
        List<ValidationRun.Outcome> queued = predicted(o -> o.measurement().source()
                .equals("inferencex h200-sxm trtllm llama-3.1-70b") && o.measurement().tensorParallel() == 1
                && o.measurement().inputTokens() == 1024 && o.measurement().outputTokens() == 8192
                && o.measurement().concurrency() >= 64);
        assertThat(queued).hasSize(2).allSatisfy(o -> {
            assertThat(o.measurement().measured().get(ValidationMetric.TTFT)).isGreaterThan(60_000.0);
            assertThat(Math.abs(o.relativeError(ValidationMetric.TTFT).orElseThrow()))
                    .as(o.measurement().label() + " TTFT").isLessThan(0.15);
            assertThat(Math.abs(o.relativeError(ValidationMetric.TPOT).orElseThrow()))
                    .as(o.measurement().label() + " TPOT").isLessThan(0.15);
        });
    }

    /**
     * Where the model has the part of a step that does not split with TP (README, twenty-fifth and thirtieth rounds):
     * per doubling of TP, every source's measured TPOT ratio is within 0.05 of the predicted one, but for
     * AIConfigurator's TensorRT-LLM Qwen3-235B rows, which keep 0.05 or more of their TPOT that the model splits (0.84
     * against 0.78; InferenceX's TensorRT-LLM gpt-oss rows did too, 0.83 against 0.71, until the Triton MXFP4 path's
     * latency per call, thirty-eighth round: 0.82); the InferenceX H200 vLLM MiniMax-M2.5 rows, which split more of
     * theirs than the model, whose FP8 GEMM calls carry a latency measured on one GPU whatever the TP (0.64 against
     * 0.70); and the H200 SGLang Llama-3.1-8B rows, whose 512-client queue sets their TPOT (README, SGLang rows).
     */
    @Test
    void onlyMoeSourcesSplitTheirStepAcrossTensorParallelismOtherwiseThanPredicted() {
        assumeTrue(report != null, "no shared calibration folder");
        Set<String> unsplitMoe = Set.of("aiconfigurator h100-sxm trtllm qwen3-235b-a22b");
        String splitMoe = "inferencex h200-sxm vllm minimax-m2.5";
        List<TensorParallelScaling> scaling = report.tensorParallelScaling();
        assertThat(scaling).extracting(TensorParallelScaling::source).containsAll(unsplitMoe).contains(splitMoe);
        assertThat(scaling).filteredOn(s -> !s.source().equals("aiconfigurator h200-sxm sglang llama-3.1-8b"))
                .allSatisfy(s -> {
                    double kept = s.measuredTpotRatio() - s.predictedTpotRatio();
                    if (unsplitMoe.contains(s.source())) {
                        assertThat(kept).as(s.source()).isGreaterThan(0.05);
                    } else if (s.source().equals(splitMoe)) {
                        assertThat(kept).as(s.source()).isBetween(-0.1, -0.03);
                    } else {
                        assertThat(Math.abs(kept)).as(s.source()).isLessThan(0.05);
                    }
                });
    }

    /** One metric's lean per source and band label. */
    private static Map<String, Map<String, Double>> leans(Function<ConcurrencyLean, Optional<Double>> metric) {
        Map<String, Map<String, Double>> leans = new LinkedHashMap<>();
        report.concurrencyLeans().forEach(l -> metric.apply(l).ifPresent(v -> leans
                .computeIfAbsent(l.source(), s -> new LinkedHashMap<>()).put(l.band().label(), v)));
        return leans;
    }

    /**
     * GPUStack's ShareGPT runs leave client slots empty while their longest requests finish; runs at the mean lengths
     * kept every slot busy, ShareGPT's drawn lengths leave them empty too (README, "Where the GPU model stands").
     */
    @Test
    void theShareGptRunsLeaveSlotsEmptyAsTheirDrawnLengthsDo() {
        assumeTrue(report != null, "no shared calibration folder");
        List<ClosedLoopIdle> shareGpt = report.closedLoopIdle().stream()
                .filter(r -> r.source().startsWith("public h100-sxm ") && r.concurrency() >= 2).toList();
        assertThat(shareGpt).hasSize(6).allSatisfy(r -> {
            assertThat(r.measuredShare()).as(r.label() + " measured").isGreaterThan(0.015);
            assertThat(r.predictedShare()).as(r.label() + " predicted").isGreaterThan(0.01)
                    .isCloseTo(r.measuredShare(), within(0.05));
        });
    }

    /** The collection whose TTFT grows by one completion gap (README, "Where the GPU model stands"). */
    private static final String ONE_GAP_CLIENT = "aiconfigurator h100-sxm trtllm llama-3.1-8b";

    /**
     * What the service tells of a prediction's accuracy is this report's: the shipped catalog/accuracy.json equals
     * the report's figures. When the models change, copy the file this test writes over it.
     */
    @Test
    void theShippedAccuracyFileIsTheReports() throws IOException {
        assumeTrue(report != null, "no shared calibration folder");
        AccuracyCatalog.AccuracyFile computed = report.accuracy();
        Path written = Path.of("target", "accuracy.json");
        Files.writeString(written, AccuracyCatalog.json(computed));
        assertThat(computed.groups()).as("groups with predicted rows").isNotEmpty();
        assertThat(new AccuracyCatalog().file()).as("src/main/resources/" + AccuracyCatalog.RESOURCE
                + " differs from the report: copy service/" + written + " over it").isEqualTo(computed);
    }

    @Test
    void flaggedGpuParametersGiveAWrittenReason() {
        assumeTrue(report != null, "no shared calibration folder");
        assertThat(report.flags().stream().filter(f -> FLAGS_CHECKED_ON.contains(f.where().split("/")[0])))
                .allSatisfy(f -> assertThat(f.explained()).as(f.where() + " " + f.parameter().name() + ": "
                        + f.reason()).isTrue());
    }

    /**
     * The level each unmet target is held at (rounded up from today's figure); a target met today has no entry and is
     * asserted at the target itself. See the README's "GPU model calibration and validation" for why each is unmet.
     */
    private static final Map<String, Double> GUARDS = new LinkedHashMap<>();

    static {
        // The H100 TensorRT-LLM TTFT median and TPOT p90 are met since a MoE block's own host work in eager steps
        // (moeEagerHostUs, twenty-seventh round): 31.0% -> 19.9% and 20.04% -> 19.7%; they were held at 0.315 and 0.201.
        // the aiconfigurator-silicon H200 Llama-3.1-8B rows (README, "Where the GPU model stands"); held at today's
        // levels since vLLM's FP8 MoE kernel terms (thirtieth round: p90 48.6% -> 48.0%), were 0.73 and 1.21
        GUARDS.put("h200-sxm vllm TPOT p90", 0.49);
        GUARDS.put("leave-one-out aiconfigurator h200-sxm vllm llama-3.1-8b TPOT median", 1.01);
        // SGLang (README, "SGLang"), out of sample but for hostOverlap and, since the thirty-third round,
        // cpuPerSequenceUs. The H200 figures' history: prompt chunks mixed into decode steps as AIConfigurator's
        // generator launches 0.5.6.post2 (twenty-first round) took TPOT 0.175 -> 0.16, p90 0.34 -> 0.32, TTFT 0.56 ->
        // 0.46; the server's front end (twenty-fifth) TTFT 0.46 -> 0.29; SGLang's block-FP8 MoE kernel at its own
        // benchmark's rate and call latency (sgl-project/sglang#11730, twenty-ninth) TPOT 0.16 -> 0.111, p90 0.32 ->
        // 0.26, throughput* 0.135 -> 0.085; the per-sequence host work from SGLang's own rows (thirty-third) meets
        // the TPOT median and p90 (11.1 -> 5.1%, 25.1 -> 19.6%) and the Llama-3.1-8B source left out (11.7 ->
        // 4.1%), TTFT 28.8 -> 28.4%, throughput* 8.2% unchanged. TTFT and throughput* are held at those levels.
        GUARDS.put("h200-sxm sglang TTFT median", 0.29);
        GUARDS.put("h200-sxm sglang derived output throughput* median", 0.085);
        // gpt-oss-120b's MXFP4 rows (README, "Sixteenth round"), out of sample: TensorRT-LLM's Triton path at
        // carried-over rates, TPOT under-predicted 33% (38% before its padding and routing kernels, nineteenth round).
        // The one-shot all-reduce (twenty-third round) takes the Llama-3.1-70B rows at TP 8 and 32-128 clients from
        // -13% to +2% but those at 4-16 clients from +6% to +10%, so the pooled derived throughput* median, which
        // sits between the two sources, reads 9.9% instead of 8.3% (0.09 -> 0.10). The twenty-fifth round's refit of
        // the trtllm profile on AIConfigurator's rows read through the server (a smaller kernel gap) meets the TPOT
        // median (8.3% -> 7.7%) and takes the gpt-oss rows further low (32.5% -> 38.8%, p90 0.41 -> 0.47). The
        // Triton MXFP4 path's compute rate calibrated on TensorRT-LLM's own offline gpt-oss runs (thirty-fifth round):
        // p90 46.0 -> 45.3%, throughput* 9.3 -> 8.9%, the source left out 38.8 -> 37.5%; the Triton path's own host
        // work in eager steps (moeMxfp4EagerHostUs, thirty-sixth round): p90 45.3 -> 44.2%, left out 37.5 -> 37.2%;
        // the Triton path's latency per matmul_ogs call (moeMxfp4GemmLatencyUs, from vllm-project/vllm#27523,
        // thirty-eighth round): p90 44.2 -> 22.0%, throughput* 8.9 -> 8.8%, the source left out 37.2 -> 16.3%. The
        // thirty-ninth round reads the rows as InferenceX launched them, experts whole on the TP ranks (EP = TP), and
        // the 35 runs of the gpt-oss-dev image its dump labels tp_size = TP x EP (62 -> 97 rows, now half the group),
        // with matmul_ogs' own row blocks and their mma.sync rate: the TPOT median, met before, 7.1 -> 9.1%, p90
        // 22.0 -> 30.0%, throughput* 8.8 -> 10.4%, the source left out 16.3 -> 19.4% (README, thirty-ninth round).
        // The fortieth prices the three kernels that prune the routing to a rank's own experts under expert
        // parallelism (p90 30.0 -> 31.0%, the source left out 19.4 -> 21.2%), then calibrates the call latency on
        // the gpt-oss rows, vLLM's reading being another kernel configuration (53 -> 31 us): the group meets every
        // target (TPOT 4.5 / 13.7%, throughput* 6.0%); left out, the rows fall back to the documented 53 us.
        GUARDS.put("leave-one-out inferencex h200-sxm trtllm gpt-oss-120b TPOT median", 0.213);
    }

    private static Target target(String name, double value, double target, Map<String, Double> guards) {
        return new Target(name, value, target, guards.getOrDefault(name, target));
    }

    private static boolean isGpu(ValidationRun.Outcome o) {
        return o.measurement().hardwareId().startsWith("h1") || o.measurement().hardwareId().startsWith("h2");
    }

    private static List<ValidationRun.Outcome> predicted(Predicate<ValidationRun.Outcome> which) {
        return report.outcomes().stream().filter(o -> o.skipReason() == null).filter(which).toList();
    }
}
