package io.costbench.service.run;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** The real result files of ../shared/samples, copied into src/test/resources/samples. */
final class Samples {

    static final String VLLM = "vllm_bench_serve_result.json";
    static final String SGLANG = "sglang_bench_serving_result.jsonl";
    static final String GUIDELLM = "guidellm_v0.3_benchmarks_stripped.json";
    static final String AIPERF = "aiperf_profile_export_aiperf_excerpt.json";
    static final String LLMPERF_SUMMARY = "llmperf_summary_fireworks_70b.json";
    static final String LLMPERF_INDIVIDUAL = "llmperf_individual_responses_fireworks_70b_first5.json";

    private Samples() {
    }

    static String text(String name) {
        try (InputStream in = Samples.class.getResourceAsStream("/samples/" + name)) {
            if (in == null) {
                throw new IllegalStateException("missing sample " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
