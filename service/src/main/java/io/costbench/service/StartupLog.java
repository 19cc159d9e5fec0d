package io.costbench.service;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.info.BuildProperties;
import org.springframework.context.event.EventListener;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/** One structured line when the service is ready: what an operator greps for first. */
@Component
class StartupLog {

    private static final Logger log = LoggerFactory.getLogger(StartupLog.class);

    private final Environment environment;
    private final DataSource dataSource;
    private final ObjectProvider<BuildProperties> buildProperties;

    StartupLog(Environment environment, DataSource dataSource, ObjectProvider<BuildProperties> buildProperties) {
        this.environment = environment;
        this.dataSource = dataSource;
        this.buildProperties = buildProperties;
    }

    @EventListener(ApplicationReadyEvent.class)
    void ready() {
        BuildProperties build = buildProperties.getIfAvailable();
        log.info("costbench started port={} database={} version={}",
                environment.getProperty("local.server.port", environment.getProperty("server.port", "8080")),
                databaseUrl(), build == null ? "unknown" : build.getVersion());
    }

    private String databaseUrl() {
        try (Connection connection = dataSource.getConnection()) {
            // JDBC metadata URLs carry no password; strip a user:password@ form defensively.
            return connection.getMetaData().getURL().replaceAll("//[^/@]+@", "//");
        } catch (SQLException e) {
            return "unavailable (" + e.getMessage() + ")";
        }
    }
}
