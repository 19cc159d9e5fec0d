package io.costbench.service.validation;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import io.costbench.engine.model.ModelCatalog;
import io.costbench.engine.model.ModelSpec;

import static org.assertj.core.api.Assertions.assertThat;

class TrtllmBenchLaunchTest {

    /** One H100 SXM as NVML reports it: 81,559 MiB. */
    private static final double H100_BYTES = 81559.0 * 1024 * 1024;

    private static final ModelSpec LLAMA_8B = ModelCatalog.standard().get("llama-3.1-8b");

    private static final TrtllmBenchLaunch LAUNCH = TrtllmBenchLaunch.standard();

    /**
     * By hand, tuning.py's arithmetic for Llama-3.1-8B (8.03e9 parameters, 32 layers x 8 KV heads x 128) with FP8
     * weights and an FP8 cache on one H100: 2 x 32 x 8 x 128 B = 64 KiB a token; (79.65 - 7.48 GiB of weights) x 0.90
     * = 64.96 GiB of cache. At 1000/1000 that holds 532 requests: a batch of 128 x ceil(532 / 128) = 640 and tokens
     * 532 x 2 = 1064, raised to 2048. 128/128 holds 4157, capped at 4096, and 4096 x 2 = 8192 tokens. 20000/2000 holds
     * 48: the floor of 64, and tokens raised to the prompt plus the batch, 20064 (no chunked prefill).
     */
    @ParameterizedTest
    @CsvSource({"1000, 1000, 640, 2048", "128, 128, 4096, 8192", "20000, 2000, 64, 20064", "2048, 128, 512, 9216",
            "5000, 500, 224, 5224", "2048, 2048, 384, 2432"})
    void limitsFollowTrtllmBenchsHeuristic(int input, int output, int batch, int tokens) {
        TrtllmBenchLaunch.Limits limits = LAUNCH.limits(LLAMA_8B, H100_BYTES, 1, input, output, 1.0, 1.0);

        assertThat(limits.maxBatchSize()).isEqualTo(batch);
        assertThat(limits.maxNumTokens()).isEqualTo(tokens);
    }

    @Test
    void aBf16CacheHoldsHalfTheRequests() {
        // 128 KiB a token: 266 requests at 1000/1000, a batch of 128 x 3 = 384
        assertThat(LAUNCH.limits(LLAMA_8B, H100_BYTES, 1, 1000, 1000, 1.0, 2.0).maxBatchSize())
                .isEqualTo(384);
    }

    @Test
    void everyTpRankHoldsAtLeastOneKvHead() {
        // at TP 16 each of 16 ranks holds a KV head of Llama's 8: twice the cache a token, half the requests
        TrtllmBenchLaunch.Limits tp8 = LAUNCH.limits(LLAMA_8B, H100_BYTES, 8, 128, 4096, 1.0, 1.0);
        TrtllmBenchLaunch.Limits tp16 = LAUNCH.limits(LLAMA_8B, H100_BYTES, 16, 128, 4096, 1.0, 1.0);
        assertThat(tp16.maxBatchSize()).isEqualTo(tp8.maxBatchSize());
    }

    @Test
    void onlyTheToolsOwnTablesAreItsRuns() {
        Map<String, String> table = Map.of("engine", "TensorRT-LLM", "concurrency_or_batch", "max (offline)", "notes",
                "trtllm-bench throughput (offline, all requests queued = max load)");
        assertThat(TrtllmBenchLaunch.describes(table)).isTrue();
        assertThat(TrtllmBenchLaunch.describes(Map.of("engine", "TensorRT-LLM", "concurrency_or_batch", "Offline",
                "notes", "MLPerf Inference v5.0"))).isFalse();
        assertThat(LAUNCH.whyNotRead(table, 1000, 1000)).isEmpty();
        assertThat(LAUNCH.whyNotRead(table, 1024, 1024)).hasValueSatisfying(
                reason -> assertThat(reason).contains("no request count"));
        assertThat(LAUNCH.requests(128, 128)).isEqualTo(30000);
    }

    @Test
    void theDocumentsOtherColumnsRunAsTheToolRanThem() {
        List<Measurement> runs = LAUNCH.tableRuns();
        // H200 Llama-3.1-8B and Llama-3.3-70B at TP 1, H100 Llama-3.3-70B at TP 2, Llama-3.1-405B at TP 8 on both
        assertThat(runs).hasSize(50);
        assertThat(runs).extracting(Measurement::source).containsOnly("public h200-sxm trtllm llama-3.1-8b",
                "public h200-sxm trtllm llama-3.3-70b", "public h100-sxm trtllm llama-3.3-70b",
                "public h200-sxm trtllm llama-3.1-405b", "public h100-sxm trtllm llama-3.1-405b");
        Measurement run = runs.stream().filter(m -> m.hardwareId().equals("h100-sxm")
                && m.modelId().equals("llama-3.3-70b") && m.inputTokens() == 1000 && m.outputTokens() == 1000)
                .findFirst().orElseThrow();
        assertThat(run.tensorParallel()).isEqualTo(2);
        assertThat(run.concurrency()).isEqualTo(3000);
        assertThat(run.numPrompts()).isEqualTo(3000);
        assertThat(run.viaServer()).isFalse();
        assertThat(run.kvCacheDtype()).isEqualTo("fp8");
        assertThat(run.engineOptions()).containsExactlyInAnyOrder("async-scheduling", "cuda-graphs-to-max-batch");
        assertThat(run.measured()).containsExactly(Map.entry(ValidationMetric.OUTPUT_THROUGHPUT, 4205.0));
        // 2 x 80 x 8 x 128 B = 160 KiB a token over both GPUs; (2 x 79.65 - 65.71 GiB) x 0.9 = 84.22 GiB hold 276
        // requests of 2000 tokens: a batch of 128 x 3 = 384, tokens 552 raised to 2048
        assertThat(run.maxBatchedTokens()).isEqualTo(2048);
    }

    /**
     * The later edition (perf-overview @ 03e27c7d) gives throughput per GPU and its own request counts; gpt-oss runs
     * with the cache its options name on Hopper ("auto": BF16) and, its MXFP4 quantization being one trtllm-bench's
     * heuristic is not tuned for, with the LLM API's default limits (2048 sequences, 8192 tokens, raised to the prompt
     * plus the batch without chunked prefill).
     */
    @Test
    void theLaterEditionsRunsAreTotalsOverTheirGpusWithTheirTablesCache() {
        TrtllmBenchLaunch later = TrtllmBenchLaunch.editions().get(1);
        assertThat(later.commit()).startsWith("03e27c7d");
        List<Measurement> runs = later.tableRuns();
        assertThat(runs).hasSize(9);
        Measurement llama = runs.stream().filter(m -> m.hardwareId().equals("h200-sxm")
                && m.modelId().equals("llama-3.3-70b") && m.inputTokens() == 1024 && m.outputTokens() == 1024)
                .findFirst().orElseThrow();
        assertThat(llama.tensorParallel()).isEqualTo(2);
        assertThat(llama.measured()).containsExactly(Map.entry(ValidationMetric.OUTPUT_THROUGHPUT, 2 * 2582.0));
        assertThat(llama.numPrompts()).isEqualTo(3000);
        assertThat(llama.kvCacheDtype()).isEqualTo("fp8");
        List<Measurement> gptOss = runs.stream().filter(m -> m.modelId().equals("gpt-oss-120b")).toList();
        assertThat(gptOss).hasSize(4).allSatisfy(m -> {
            assertThat(m.precision()).isEqualTo("mxfp4");
            assertThat(m.kvCacheDtype()).isEqualTo("auto");
            assertThat(m.maxBatchedTokens()).isEqualTo(Math.max(8192, m.inputTokens() + 2048));
        });
        assertThat(later.whyNotRead(Map.of("notes", "trtllm-bench throughput"), 1000, 1000)).hasValueSatisfying(
                reason -> assertThat(reason).contains("no request count"));
    }
}
