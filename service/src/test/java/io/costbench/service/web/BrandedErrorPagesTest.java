package io.costbench.service.web;

import java.net.http.HttpResponse;

import io.costbench.service.support.LocalHttp;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/** Errors on pages render the site's own page (through the servlet container's error dispatch), not Whitelabel. */
@Tag("database")
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class BrandedErrorPagesTest {

    @LocalServerPort
    int port;

    @Test
    void anUnknownPageAndAnUnknownSweepGetTheSitesOwn404() {
        LocalHttp http = new LocalHttp(port);
        for (String path : new String[] {"/no-such-page", "/sweeps/987654321"}) {
            HttpResponse<String> response = http.get(path, "Accept", "text/html");
            assertThat(response.statusCode()).as(path).isEqualTo(404);
            assertThat(response.body()).as(path).contains("This page does not exist").contains(path)
                    .contains("/css/costbench.css").contains("href=\"/sweeps\"").doesNotContain("Whitelabel");
        }
    }

    @Test
    void apiErrorsStayProblemJson() {
        HttpResponse<String> response = new LocalHttp(port).get("/api/v1/sweeps/987654321", "Accept",
                "application/json");
        assertThat(response.statusCode()).isEqualTo(404);
        assertThat(response.headers().firstValue("Content-Type").orElse("")).contains("json");
        assertThat(response.body()).doesNotContain("<html");
    }
}
