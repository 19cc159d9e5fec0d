package io.costbench.service;

import java.net.http.HttpResponse;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.annotation.DirtiesContext;

import io.costbench.service.support.LocalHttp;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Health tells the truth: once the database has closed (as H2 did after running out of memory), /actuator/health and
 * readiness read DOWN. Its own in-memory database, so closing it harms no other test.
 */
@Tag("h2only")
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "spring.datasource.url=jdbc:h2:mem:closed-health;DB_CLOSE_DELAY=-1",
        "spring.quartz.scheduler-name=closed-health-test",
        "spring.quartz.properties.org.quartz.jobStore.isClustered=false"})
@DirtiesContext
class ClosedDatabaseHealthTest {

    @LocalServerPort
    int port;
    @Autowired
    JdbcTemplate jdbc;

    @Test
    void aClosedDatabaseReadsDown() {
        LocalHttp http = new LocalHttp(port);
        assertThat(http.get("/actuator/health").statusCode()).isEqualTo(200);
        jdbc.execute("SHUTDOWN");
        HttpResponse<String> health = http.get("/actuator/health");
        assertThat(health.statusCode()).isEqualTo(503);
        assertThat(health.body()).contains("DOWN");
        assertThat(http.get("/actuator/health/readiness").statusCode()).isEqualTo(503);
    }
}
