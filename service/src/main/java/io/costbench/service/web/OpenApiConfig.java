package io.costbench.service.web;

import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.security.SecurityScheme;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.info.BuildProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The OpenAPI 3 document's header and its bearer-token scheme (served at /v3/api-docs, UI at /swagger-ui.html). */
@Configuration
class OpenApiConfig {

    static final String BEARER = "bearerToken";

    @Bean
    OpenAPI costbenchOpenApi(ObjectProvider<BuildProperties> build) {
        BuildProperties properties = build.getIfAvailable();
        return new OpenAPI()
                .info(new Info().title("costbench API")
                        .version(properties == null ? "dev" : properties.getVersion())
                        .description("Measured runs pushed by CI, predictions, sweeps, prices. Writes need a bearer"
                                + " token with the scope of their path (runs:write, sweeps:write, admin); reads are"
                                + " open unless costbench.security.open-reads=false. Errors are RFC 9457"
                                + " problem+json."))
                .components(new Components().addSecuritySchemes(BEARER, new SecurityScheme()
                        .type(SecurityScheme.Type.HTTP).scheme("bearer")
                        .description("An API token from POST /api/v1/tokens (shown once)")));
    }
}
