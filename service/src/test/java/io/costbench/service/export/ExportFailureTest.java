package io.costbench.service.export;

import java.io.IOException;
import java.io.Writer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.test.context.bean.override.mockito.MockitoBean;

import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.doAnswer;

/**
 * An export that fails after its first rows (the database went away) must not end as a clean, shorter CSV that a
 * spreadsheet would take as complete: the connection is dropped so the download itself fails.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ExportFailureTest {

    @LocalServerPort
    int port;
    @MockitoBean
    RunExport runs;

    @Test
    void aFailureMidExportAbortsTheDownloadInsteadOfEndingItCleanly() throws Exception {
        doAnswer(call -> {
            Writer out = call.getArgument(1);
            out.write("id,created_at_utc\r\n1,2026-11-30T00:00:00Z\r\n");
            out.flush();
            throw new DataAccessResourceFailureException("the database went away");
        }).when(runs).write(any(), any());

        HttpRequest request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/api/v1/export/runs.csv"))
                .build();
        HttpClient http = HttpClient.newHttpClient();
        assertThatThrownBy(() -> http.send(request, HttpResponse.BodyHandlers.ofString()))
                .isInstanceOf(IOException.class);
    }
}
