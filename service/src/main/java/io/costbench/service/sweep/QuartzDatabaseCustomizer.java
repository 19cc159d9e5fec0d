package io.costbench.service.sweep;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Properties;

import javax.sql.DataSource;

import org.springframework.boot.quartz.autoconfigure.QuartzProperties;
import org.springframework.boot.quartz.autoconfigure.SchedulerFactoryBeanCustomizer;
import org.springframework.scheduling.quartz.SchedulerFactoryBean;
import org.springframework.stereotype.Component;

/**
 * Picks Quartz's SQL dialect from the database actually connected: PostgreSQL needs its own delegate (BLOBs as bytea),
 * so SPRING_DATASOURCE_URL alone is enough to run on PostgreSQL. An explicit
 * {@code org.quartz.jobStore.driverDelegateClass} wins.
 */
@Component
class QuartzDatabaseCustomizer implements SchedulerFactoryBeanCustomizer {

    static final String DELEGATE = "org.quartz.jobStore.driverDelegateClass";

    private final DataSource dataSource;
    private final QuartzProperties quartzProperties;

    QuartzDatabaseCustomizer(DataSource dataSource, QuartzProperties quartzProperties) {
        this.dataSource = dataSource;
        this.quartzProperties = quartzProperties;
    }

    @Override
    public void customize(SchedulerFactoryBean schedulerFactoryBean) {
        if (quartzProperties.getProperties().containsKey(DELEGATE)) {
            return;
        }
        Properties properties = new Properties();
        properties.putAll(quartzProperties.getProperties());
        properties.setProperty(DELEGATE, delegateFor(databaseProduct()));
        schedulerFactoryBean.setQuartzProperties(properties);
    }

    static String delegateFor(String databaseProduct) {
        return databaseProduct.toLowerCase(Locale.ROOT).contains("postgresql")
                ? "org.quartz.impl.jdbcjobstore.PostgreSQLDelegate"
                : "org.quartz.impl.jdbcjobstore.StdJDBCDelegate";
    }

    private String databaseProduct() {
        try (Connection connection = dataSource.getConnection()) {
            return connection.getMetaData().getDatabaseProductName();
        } catch (SQLException e) {
            throw new IllegalStateException("cannot tell which database Quartz runs on", e);
        }
    }
}
