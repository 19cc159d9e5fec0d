package io.costbench.service.dashboard;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

class TargetTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "trn2|vllm-neuron-optimized|default|Trainium2 optimized",
            "trn2|vllm-neuron-baseline||Trainium2 baseline",
            "h100-sxm|vllm|eagle3|H100 vllm +eagle3",
            "trn2|vllm-neuron-baseline|gdn-fused-kernel+gdn-head-sharding|Trainium2 baseline +gdn-fused-kernel+gdn-head-sharding",
            "tpu-v9|jetstream|default|tpu-v9 jetstream"})
    void labelsNameTheHardwareTheProfileAndSwitchesAskedForOnTop(String hardware, String profile, String optimizations,
            String label) {
        assertThat(new Target(hardware, profile, optimizations).label()).isEqualTo(label);
    }
}
