package io.costbench.service.sweep;

import java.time.ZoneId;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The nightly default sweep.
 *
 * @param cron Quartz cron expression (seconds first), evaluated in {@code zone}
 */
@ConfigurationProperties("costbench.nightly")
public record NightlyProperties(boolean enabled, String cron, ZoneId zone) {
}
