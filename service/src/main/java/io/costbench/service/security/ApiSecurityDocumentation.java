package io.costbench.service.security;

import java.util.List;
import java.util.Optional;

import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.http.HttpMethod;
import org.springframework.stereotype.Component;

/**
 * Writes each API operation's security into the OpenAPI document from {@link ApiScopeRules}, the rules the filter
 * chain enforces, so the document cannot drift from them: an operation that needs a scope requires the bearer token
 * (Swagger UI's Authorize then sends it) and says which scope, with its 401 and 403; an open one takes the token
 * optionally (reads are closed when {@code costbench.security.open-reads=false}).
 */
@Component
class ApiSecurityDocumentation implements OpenApiCustomizer {

    static final String BEARER = "bearerToken";

    private final CostbenchSecurityProperties properties;

    ApiSecurityDocumentation(CostbenchSecurityProperties properties) {
        this.properties = properties;
    }

    @Override
    public void customise(io.swagger.v3.oas.models.OpenAPI openApi) {
        if (openApi.getPaths() == null) {
            return;
        }
        openApi.getPaths().forEach((path, item) -> item.readOperationsMap().forEach((method, operation) ->
                document(HttpMethod.valueOf(method.name()), path, operation)));
    }

    private void document(HttpMethod method, String path, Operation operation) {
        Optional<Scope> scope = ApiScopeRules.requiredScope(method, path);
        if (scope.isPresent()) {
            operation.setSecurity(List.of(new SecurityRequirement().addList(BEARER)));
            operation.setDescription(join(operation.getDescription(), "Needs a bearer token with scope `"
                    + scope.get().wireName() + "` (`admin` implies every scope)."));
            responses(operation).putIfAbsent("401", problem("No bearer token, or an unknown or revoked one"));
            responses(operation).putIfAbsent("403", problem("The token lacks scope " + scope.get().wireName()));
        } else if (method.equals(HttpMethod.GET) && !properties.openReads()) {
            operation.setSecurity(List.of(new SecurityRequirement().addList(BEARER)));
            responses(operation).putIfAbsent("401", problem("No bearer token, or an unknown or revoked one"));
        } else {
            // Open: no token needed; one that is sent must still be valid.
            operation.setSecurity(List.of(new SecurityRequirement(), new SecurityRequirement().addList(BEARER)));
        }
    }

    private static ApiResponses responses(Operation operation) {
        if (operation.getResponses() == null) {
            operation.setResponses(new ApiResponses());
        }
        return operation.getResponses();
    }

    private static ApiResponse problem(String description) {
        Schema<Object> rfc9457 = typed("object").description("RFC 9457 problem details")
                .addProperty("type", typed("string")).addProperty("title", typed("string"))
                .addProperty("status", typed("integer")).addProperty("detail", typed("string"));
        return new ApiResponse().description(description).content(new Content().addMediaType(
                "application/problem+json", new MediaType().schema(rfc9457)));
    }

    /** A schema of one type, for OpenAPI 3.0 ({@code type}) and 3.1 ({@code types}) alike. */
    private static Schema<Object> typed(String type) {
        Schema<Object> schema = new Schema<>();
        schema.setType(type);
        schema.setTypes(java.util.Set.of(type));
        return schema;
    }

    private static String join(String description, String more) {
        return description == null || description.isBlank() ? more : description + "\n\n" + more;
    }
}
