package io.costbench.service.support;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/**
 * Drops the PostgreSQL test schema once per test JVM, before any Spring context starts, so every run migrates a
 * clean database the way a fresh install would. Does nothing on the H2 run.
 */
public class FreshPostgresSchema implements LauncherSessionListener {

    @Override
    public void launcherSessionOpened(LauncherSession session) {
        if (!"postgresql".equals(System.getProperty("costbench.test.database"))) {
            return;
        }
        String url = System.getProperty("spring.datasource.url");
        String schema = System.getProperty("spring.flyway.schemas");
        try (Connection connection = DriverManager.getConnection(url, System.getProperty("spring.datasource.username"),
                System.getProperty("spring.datasource.password", ""));
                Statement statement = connection.createStatement()) {
            statement.execute("drop schema if exists " + schema + " cascade");
        } catch (SQLException e) {
            throw new IllegalStateException("PostgreSQL test database not reachable at " + url, e);
        }
    }
}
