package io.costbench.service.export;

import java.net.Socket;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.UUID;

import io.costbench.service.support.LocalHttp;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/** At most {@code costbench.export.max-concurrent} exports run at once; one more is a 429 problem with Retry-After. */
@Tag("database")
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = "costbench.export.max-concurrent=1")
class ExportLimitTest {

    @LocalServerPort
    int port;
    @Autowired
    JdbcClient jdbc;
    @Autowired
    JdbcTemplate jdbcTemplate;

    @Test
    void anExportBeyondTheLimitIsRefusedUntilTheRunningOneEnds() throws Exception {
        ExportTestData data = new ExportTestData(jdbc, jdbcTemplate);
        long sweep = data.sweep("limit", 50_000);
        data.bulkPoints(sweep, "export-limit-" + UUID.randomUUID().toString().substring(0, 8), 50_000);
        LocalHttp http = new LocalHttp(port);

        // An export that stalls: ~12 MB, more than the socket buffers hold, and this client reads only 4 KB.
        try (Socket socket = ExportTestData.stalledDownload(port, "/api/v1/export/costs.csv?sweep=" + sweep)) {
            HttpResponse<String> refused = http.get("/api/v1/export/runs.csv");
            assertThat(refused.statusCode()).isEqualTo(429);
            assertThat(refused.headers().firstValue("Retry-After"))
                    .hasValue(Integer.toString(ExportController.RETRY_AFTER_SECONDS));
            assertThat(refused.headers().firstValue("Content-Type")).hasValue("application/problem+json");
            assertThat(refused.body()).contains("1 exports are running");
        }

        // The stalled export ends when its client goes; then exports are served again.
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        int status;
        do {
            Thread.sleep(50);
            status = http.get("/api/v1/export/costs.csv?sweep=" + sweep + "&hardware=h100-sxm").statusCode();
        } while (status == 429 && System.nanoTime() < deadline);
        assertThat(status).isEqualTo(200);
    }
}
