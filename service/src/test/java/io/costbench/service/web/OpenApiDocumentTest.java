package io.costbench.service.web;

import java.net.http.HttpResponse;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import io.costbench.service.support.LocalHttp;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

@Tag("database")
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class OpenApiDocumentTest {

    @LocalServerPort
    int port;

    @Test
    void theDocumentListsTheRunsAndTokensEndpointsWithTheirSchemas() {
        HttpResponse<String> response = new LocalHttp(port).get("/v3/api-docs");

        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode document = JsonMapper.builder().build().readTree(response.body());
        assertThat(document.get("openapi").asString()).startsWith("3.");
        JsonNode paths = document.get("paths");
        assertThat(paths.get("/api/v1/runs").has("post")).isTrue();
        assertThat(paths.get("/api/v1/runs").has("get")).isTrue();
        assertThat(paths.get("/api/v1/runs/{id}").has("get")).isTrue();
        assertThat(paths.get("/api/v1/tokens").has("post")).isTrue();
        assertThat(paths.get("/api/v1/tokens/{id}").has("delete")).isTrue();
        JsonNode schemas = document.get("components").get("schemas");
        assertThat(schemas.has("PushRequest")).isTrue();
        assertThat(schemas.has("PushResponse")).isTrue();
        assertThat(schemas.has("RunContext")).isTrue();
        assertThat(document.get("components").get("securitySchemes").has("bearerToken")).isTrue();
    }

    @Test
    void everyQueryParameterOfTheExplainAndBreakEvenCallsIsDocumented() {
        JsonNode paths = JsonMapper.builder().build().readTree(new LocalHttp(port).get("/v3/api-docs").body())
                .get("paths");

        assertThat(paths.get("/api/v1/predictions/explain").get("get").get("parameters"))
                .extracting(parameter -> parameter.get("name").asString())
                .contains("model", "hardware", "profile", "tensorParallel", "precision", "inputTokens",
                        "outputTokens", "concurrency", "numPrompts", "seed", "optimizations")
                .doesNotContain("parameters");
        assertThat(paths.get("/api/v1/break-even").get("get").get("parameters"))
                .extracting(parameter -> parameter.get("name").asString())
                .contains("model", "aHardware", "bHardware", "concurrencies", "interactivities", "priceDate");
    }

    @Test
    void swaggerUiIsServedLocally() {
        LocalHttp http = new LocalHttp(port);

        HttpResponse<String> entry = http.get("/swagger-ui.html");
        HttpResponse<String> page = http.get("/swagger-ui/index.html");

        assertThat(entry.statusCode()).isIn(200, 302);
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).contains("swagger-ui").doesNotContain("cdn.");
    }
}
