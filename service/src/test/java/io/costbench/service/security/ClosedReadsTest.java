package io.costbench.service.security;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import io.costbench.service.support.LocalHttp;

import static org.assertj.core.api.Assertions.assertThat;

/** With {@code costbench.security.open-reads=false}, reads need a token (API) or the admin login (pages). */
@Tag("database")
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = "costbench.security.open-reads=false")
class ClosedReadsTest {

    @LocalServerPort
    int port;

    @Test
    void apiReadsNeedAnyValidToken() {
        LocalHttp http = new LocalHttp(port);

        assertThat(http.get("/api/v1/runs").statusCode()).isEqualTo(401);
        assertThat(http.get("/api/v1/runs", "Authorization", TestTokens.adminBearer()).statusCode()).isEqualTo(200);
    }

    @Test
    void pagesNeedTheLoginButHealthAndTheHomePageStayOpen() {
        LocalHttp http = new LocalHttp(port);

        assertThat(http.get("/some-report").statusCode()).isEqualTo(302);
        assertThat(http.get("/some-report").headers().firstValue("Location")).hasValueSatisfying(
                location -> assertThat(location).endsWith("/login"));
        assertThat(http.get("/actuator/health").statusCode()).isEqualTo(200);
        assertThat(http.get("/").statusCode()).isEqualTo(200);
    }
}
