package io.costbench.service.sweep;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SweepChunkPriorityTest {

    @Test
    void aChunkThatDecodesMoreTokensComesFirst() {
        SweepDefinition definition = SweepPresets.defaultSweep("d");

        // Chunks of nine points: 0 decodes 1024 tokens per prompt, 1 decodes 8192, 2 (8192 in, 1024 out) as 0.
        int shortOutput = SweepService.priority(definition, 0, 9);
        int longOutput = SweepService.priority(definition, 9, 18);
        int longInput = SweepService.priority(definition, 18, 27);

        assertThat(longOutput).isGreaterThan(shortOutput);
        assertThat(longInput).isEqualTo(shortOutput);
        // 20 + 20 + 40 + ... + 2560 = 5,120 prompts of 1024 output tokens, in thousands of tokens.
        assertThat(shortOutput).isEqualTo(5_120 * 1024 / 1000);
    }
}
