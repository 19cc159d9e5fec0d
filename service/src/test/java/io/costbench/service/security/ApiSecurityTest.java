package io.costbench.service.security;

import java.io.ByteArrayInputStream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import io.costbench.service.support.LocalHttp;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

@Tag("database")
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ApiSecurityTest {

    @LocalServerPort
    int port;

    @Autowired
    ApiTokens apiTokens;

    private final JsonMapper json = JsonMapper.builder().build();
    private LocalHttp http;

    @BeforeEach
    void client() {
        http = new LocalHttp(port);
    }

    @Test
    void writesWithoutATokenAre401ProblemJson() {
        HttpResponse<String> response = http.postJson("/api/v1/runs", "{}");

        assertThat(response.statusCode()).isEqualTo(401);
        assertProblemJson(response);
        assertThat(response.headers().firstValue("WWW-Authenticate")).hasValueSatisfying(
                value -> assertThat(value).startsWith("Bearer"));
        assertThat(read(response).get("detail").asString()).contains("runs:write");
    }

    @Test
    void aTokenWithoutTheScopeIs403NamingTheScope() {
        String sweepsOnly = TestTokens.issue(apiTokens, Scope.SWEEPS_WRITE);

        HttpResponse<String> runs = http.postJson("/api/v1/runs", "{}", "Authorization", TestTokens.bearer(sweepsOnly));
        HttpResponse<String> prices = http.sendJson("PUT", "/api/v1/prices/1", "{}",
                "Authorization", TestTokens.bearer(sweepsOnly));
        HttpResponse<String> tokens = http.get("/api/v1/tokens", "Authorization", TestTokens.bearer(sweepsOnly));

        assertThat(runs.statusCode()).isEqualTo(403);
        assertThat(read(runs).get("requiredScope").asString()).isEqualTo("runs:write");
        assertProblemJson(runs);
        assertThat(prices.statusCode()).isEqualTo(403);
        assertThat(read(prices).get("requiredScope").asString()).isEqualTo("admin");
        assertThat(tokens.statusCode()).isEqualTo(403);
    }

    @Test
    void anUnknownTokenIs401EvenOnAnOpenRead() {
        HttpResponse<String> response = http.get("/api/v1/runs", "Authorization", "Bearer cb_not-a-real-token");

        assertThat(response.statusCode()).isEqualTo(401);
        assertThat(read(response).get("detail").asString()).contains("unknown, revoked or malformed");
    }

    @Test
    void predictionsAreAComputationAndStayOpen() {
        HttpResponse<String> response = http.postJson("/api/v1/predictions", "{}");

        assertThat(response.statusCode()).isNotIn(401, 403);
    }

    @Test
    void adminIssuesListsAndRevokesTokens() {
        HttpResponse<String> created = http.postJson("/api/v1/tokens",
                "{\"name\":\"ci-h100\",\"scopes\":[\"runs:write\"]}", "Authorization", TestTokens.adminBearer());
        assertThat(created.statusCode()).isEqualTo(201);
        JsonNode body = read(created);
        String token = body.get("token").asString();
        long id = body.get("id").asLong();
        assertThat(token).startsWith("cb_");
        assertThat(body.get("scopes").get(0).asString()).isEqualTo("runs:write");
        assertThat(created.headers().firstValue("Location")).hasValue("/api/v1/tokens/" + id);

        HttpResponse<String> listed = http.get("/api/v1/tokens", "Authorization", TestTokens.adminBearer());
        assertThat(listed.statusCode()).isEqualTo(200);
        assertThat(listed.body()).contains("ci-h100").doesNotContain(token);

        // The new token holds runs:write only: token administration stays closed to it.
        HttpResponse<String> escalation = http.postJson("/api/v1/tokens", "{\"name\":\"x\",\"scopes\":[\"admin\"]}",
                "Authorization", TestTokens.bearer(token));
        assertThat(escalation.statusCode()).isEqualTo(403);

        HttpResponse<String> revoked = http.sendJson("DELETE", "/api/v1/tokens/" + id, null,
                "Authorization", TestTokens.adminBearer());
        assertThat(revoked.statusCode()).isEqualTo(204);
        assertThat(http.get("/api/v1/tokens/" + id, "Authorization", TestTokens.adminBearer()).body())
                .contains("\"revokedAt\":\"");
        assertThat(http.postJson("/api/v1/runs", "{}", "Authorization", TestTokens.bearer(token)).statusCode())
                .isEqualTo(401);
        assertThat(http.sendJson("DELETE", "/api/v1/tokens/" + Long.MAX_VALUE, null,
                "Authorization", TestTokens.adminBearer()).statusCode()).isEqualTo(404);
    }

    @Test
    void anUnknownScopeIs422NamingTheField() {
        HttpResponse<String> response = http.postJson("/api/v1/tokens",
                "{\"name\":\"x\",\"scopes\":[\"runs:write\",\"root\"]}", "Authorization", TestTokens.adminBearer());

        assertThat(response.statusCode()).isEqualTo(422);
        assertThat(read(response).get("field").asString()).isEqualTo("scopes[1]");
    }

    @Test
    void validationFailuresAre422ListingTheFields() {
        HttpResponse<String> response = http.postJson("/api/v1/tokens", "{\"name\":\" \",\"scopes\":[]}",
                "Authorization", TestTokens.adminBearer());

        assertThat(response.statusCode()).isEqualTo(422);
        assertProblemJson(response);
        assertThat(response.body()).contains("\"field\":\"name\"").contains("\"field\":\"scopes\"");
    }

    @Test
    void malformedJsonIs400NamingTheField() {
        HttpResponse<String> wrongType = http.postJson("/api/v1/tokens", "{\"name\":\"x\",\"scopes\":{\"a\":1}}",
                "Authorization", TestTokens.adminBearer());
        HttpResponse<String> truncated = http.postJson("/api/v1/tokens", "{\"name\":\"x\",\"sco",
                "Authorization", TestTokens.adminBearer());

        assertThat(wrongType.statusCode()).isEqualTo(400);
        assertThat(read(wrongType).get("field").asString()).isEqualTo("scopes");
        assertThat(truncated.statusCode()).isEqualTo(400);
        assertProblemJson(truncated);
    }

    @Test
    void bodiesOverTheLimitAre413WithOrWithoutContentLength() {
        byte[] big = ("{\"name\":\"" + "x".repeat(6 * 1024 * 1024) + "\",\"scopes\":[\"admin\"]}")
                .getBytes(StandardCharsets.UTF_8);
        HttpResponse<String> declared = http.send(http.request("/api/v1/tokens")
                .header("Content-Type", "application/json").header("Authorization", TestTokens.adminBearer())
                .POST(HttpRequest.BodyPublishers.ofByteArray(big)).build());
        HttpResponse<String> chunked = http.send(http.request("/api/v1/tokens")
                .header("Content-Type", "application/json").header("Authorization", TestTokens.adminBearer())
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(big))).build());

        assertThat(declared.statusCode()).isEqualTo(413);
        assertProblemJson(declared);
        assertThat(chunked.statusCode()).isEqualTo(413);
        assertThat(apiTokens.list()).noneMatch(token -> token.getName().startsWith("xxxx"));
    }

    @Test
    void openPagesAndDocsNeedNoLoginButPageWritesDo() {
        assertThat(http.get("/").statusCode()).isEqualTo(200);
        assertThat(http.get("/actuator/health").statusCode()).isEqualTo(200);
        assertThat(http.get("/css/costbench.css").statusCode()).isEqualTo(200);

        HttpResponse<String> anonymousWrite = http.send(http.request("/some-page")
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("a=b")).build());
        assertThat(anonymousWrite.statusCode()).isIn(302, 401, 403);
        assertThat(anonymousWrite.statusCode()).isNotEqualTo(200);
    }

    @Test
    void theAdminLogsInThroughTheFormWithCsrf() {
        HttpResponse<String> loginPage = http.get("/login");
        assertThat(loginPage.statusCode()).isEqualTo(200);
        String csrf = loginPage.body().replaceAll("(?s).*name=\"_csrf\"[^>]*value=\"([^\"]+)\".*", "$1");
        String cookie = loginPage.headers().firstValue("Set-Cookie").orElseThrow().split(";")[0];

        HttpResponse<String> withoutCsrf = form(cookie, "username=admin&password=test-admin-password");
        HttpResponse<String> wrongPassword = form(cookie, "username=admin&password=wrong&_csrf=" + csrf);
        HttpResponse<String> loggedIn = form(cookie, "username=admin&password=test-admin-password&_csrf=" + csrf);

        assertThat(withoutCsrf.statusCode()).isEqualTo(403);
        assertThat(wrongPassword.headers().firstValue("Location")).hasValueSatisfying(
                location -> assertThat(location).contains("/login?error"));
        assertThat(loggedIn.statusCode()).isEqualTo(302);
        assertThat(loggedIn.headers().firstValue("Location")).hasValueSatisfying(
                location -> assertThat(location).doesNotContain("error"));
    }

    private HttpResponse<String> form(String cookie, String body) {
        return http.send(http.request("/login").header("Cookie", cookie)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build());
    }

    private static void assertProblemJson(HttpResponse<String> response) {
        assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(
                type -> assertThat(type).startsWith("application/problem+json"));
    }

    private JsonNode read(HttpResponse<String> response) {
        return json.readTree(response.body());
    }
}
