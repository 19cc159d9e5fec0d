package io.costbench.service.web;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.costbench.service.support.LocalHttp;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every API operation the service maps is in the OpenAPI document, with a summary, the request body it reads (each
 * media type it consumes) and its security: writes require the bearer token (Swagger UI's Authorize sends it), open
 * operations take it optionally. Page endpoints are not in the document.
 */
@Tag("database")
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class OpenApiCompletenessTest {

    /** POSTs that are computations, open to anyone (ApiScopeRules.OPEN_COMPUTATIONS). */
    static final Set<String> OPEN_POSTS = Set.of("/api/v1/predictions", "/api/v1/plans");
    static final Set<String> WRITES = Set.of("post", "put", "patch", "delete");

    @LocalServerPort
    int port;
    @Autowired
    @Qualifier("requestMappingHandlerMapping")
    RequestMappingHandlerMapping mappings;

    JsonNode document;
    JsonNode paths;

    @BeforeEach
    void readDocument() {
        var response = new LocalHttp(port).get("/v3/api-docs");
        assertThat(response.statusCode()).isEqualTo(200);
        document = JsonMapper.builder().build().readTree(response.body());
        paths = document.get("paths");
    }

    @Test
    void everyApiOperationIsDocumentedWithASummaryItsBodyAndItsSecurity() {
        List<String> checked = new ArrayList<>();
        for (Map.Entry<RequestMappingInfo, HandlerMethod> mapping : mappings.getHandlerMethods().entrySet()) {
            for (String path : mapping.getKey().getPatternValues()) {
                if (!path.startsWith("/api/")) {
                    continue;
                }
                for (RequestMethod method : mapping.getKey().getMethodsCondition().getMethods()) {
                    String verb = method.name().toLowerCase();
                    String name = method + " " + path;
                    JsonNode operation = paths.path(path).path(verb);
                    assertThat(operation.isMissingNode()).as("%s in the document", name).isFalse();
                    assertThat(operation.path("summary").asString("")).as("summary of %s", name).isNotBlank();
                    for (MediaType consumed : mapping.getKey().getConsumesCondition().getConsumableMediaTypes()) {
                        assertThat(operation.path("requestBody").path("content").has(consumed.toString()))
                                .as("%s request body as %s", name, consumed).isTrue();
                    }
                    if (reads(mapping.getValue())) {
                        assertThat(operation.path("requestBody").path("content").size())
                                .as("%s request body", name).isPositive();
                    }
                    List<String> security = new ArrayList<>();
                    operation.path("security").forEach(requirement -> security.add(requirement.propertyNames()
                            .stream().findFirst().orElse("none")));
                    if (WRITES.contains(verb) && !OPEN_POSTS.contains(path)) {
                        assertThat(security).as("security of %s", name).containsExactly("bearerToken");
                        assertThat(operation.path("responses").has("401")).as("401 of %s", name).isTrue();
                        assertThat(operation.path("responses").has("403")).as("403 of %s", name).isTrue();
                    } else if (path.startsWith("/api/v1/tokens")) {
                        assertThat(security).as("security of %s (admin reads)", name).containsExactly("bearerToken");
                    } else {
                        assertThat(security).as("security of %s (open)", name)
                                .containsExactlyInAnyOrder("none", "bearerToken");
                    }
                    checked.add(name);
                }
            }
        }
        assertThat(checked).as("operations checked").hasSizeGreaterThan(20)
                .contains("POST /api/v1/sweeps", "POST /api/v1/runs", "POST /api/v1/prices");
    }

    @Test
    void theSweepStartAndTheRunPushDocumentTheirBodiesWithExamples() {
        JsonNode schemas = document.path("components").path("schemas");
        JsonNode sweepBody = paths.path("/api/v1/sweeps").path("post").path("requestBody");
        assertThat(sweepBody.path("required").asBoolean()).isTrue();
        assertThat(sweepBody.path("content").path("application/json").path("examples").propertyNames())
                .contains("preset", "definition");
        JsonNode push = paths.path("/api/v1/runs").path("post").path("requestBody").path("content");
        assertThat(push.has("application/json")).isTrue();
        assertThat(push.path("multipart/form-data").path("schema").isMissingNode()).isFalse();
        assertThat(schemas.path("PushRequest").path("example").path("context").path("model").asString())
                .isEqualTo("qwen3-8b");
        assertThat(schemas.path("PushForm").path("properties").path("file").path("format").asString())
                .isEqualTo("binary");
    }

    @Test
    void pageEndpointsAreNotInTheDocument() {
        List<String> documented = new ArrayList<>(paths.propertyNames());
        assertThat(documented).isNotEmpty().allMatch(path -> path.startsWith("/api/"));
        assertThat(documented).doesNotContain("/sweeps/{id}/progress");
    }

    /** The handler reads a request body: a {@code @RequestBody} parameter. */
    private static boolean reads(HandlerMethod handler) {
        return Arrays.stream(handler.getMethodParameters())
                .anyMatch(parameter -> parameter.hasParameterAnnotation(RequestBody.class));
    }
}
