package io.costbench.service.run;

import java.util.Arrays;
import java.util.Optional;

/** The load generators whose result files CI jobs push, by their wire name. */
public enum RunFormat {
    VLLM("vllm"),
    SGLANG("sglang"),
    GUIDELLM("guidellm"),
    AIPERF("aiperf"),
    GENAI_PERF("genai-perf"),
    LLMPERF("llmperf"),
    COSTBENCH("costbench");

    private final String wireName;

    RunFormat(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    public static Optional<RunFormat> fromWireName(String name) {
        return Arrays.stream(values()).filter(format -> format.wireName.equals(name)).findFirst();
    }
}
