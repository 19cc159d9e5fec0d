package io.costbench.service;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;

import javax.sql.DataSource;

import io.costbench.engine.model.ModelCatalog;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

@Tag("database")
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ServiceApplicationTests {

    private final HttpClient http = HttpClient.newHttpClient();

    @LocalServerPort
    int port;

    @Autowired
    DataSource dataSource;

    @Test
    void flywayCreatedTheCatalogAndQuartzTables() {
        JdbcTemplate jdbc = new JdbcTemplate(dataSource);
        Integer applied = jdbc.queryForObject(
                "select count(*) from \"flyway_schema_history\" where \"success\" = true", Integer.class);
        assertThat(applied).isGreaterThanOrEqualTo(2);
        // A count(*) is never null: what is checked is that the tables are there (the query would throw).
        for (String table : List.of("qrtz_locks", "qrtz_triggers", "qrtz_job_details")) {
            assertThatCode(() -> jdbc.queryForObject("select count(*) from " + table, Integer.class))
                    .as("table %s", table).doesNotThrowAnyException();
        }
        // The catalog is mirrored at startup: every model of the catalog has its row.
        assertThat(jdbc.queryForList("select id from catalog_model", String.class))
                .containsAll(ModelCatalog.standard().ids());
    }

    @Test
    void homePageRendersThroughTheSharedLayout() throws Exception {
        HttpResponse<String> response = get("/");
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(
                type -> assertThat(type).startsWith("text/html"));
        assertThat(response.body())
                .contains("<header class=\"site-header\">")
                .contains("What does it cost to serve this model?")
                .contains("class=\"build-version\"");
    }

    @Test
    void healthIsUpAndInfoCarriesTheBuild() throws Exception {
        HttpResponse<String> health = get("/actuator/health");
        assertThat(health.statusCode()).isEqualTo(200);
        assertThat(health.body()).contains("\"status\":\"UP\"");

        HttpResponse<String> info = get("/actuator/info");
        assertThat(info.statusCode()).isEqualTo(200);
        assertThat(info.body()).contains("\"build\"").contains("\"artifact\":\"service\"");
    }

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
