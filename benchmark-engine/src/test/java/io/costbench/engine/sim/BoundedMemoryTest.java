package io.costbench.engine.sim;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A run's memory does not grow with its prompt count: three million requests in a 32 MB heap (the per-request arrays
 * of before needed about 300 MB and died with OutOfMemoryError).
 */
class BoundedMemoryTest {

    @Test
    void threeMillionRequestsRunInA32MegabyteHeap() throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process process = new ProcessBuilder(List.of(java, "-Xmx32m", "-XX:+ExitOnOutOfMemoryError", "-cp",
                System.getProperty("java.class.path"), ManyRequestsMain.class.getName(), "3000000"))
                .redirectErrorStream(true).start();
        boolean exited = process.waitFor(5, TimeUnit.MINUTES);
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(exited).as(output).isTrue();
        assertThat(process.exitValue()).as(output).isZero();
        assertThat(output).contains("completed 3000000");
    }
}
