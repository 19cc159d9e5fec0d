package io.costbench.service.web;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * Limits for the REST API ({@code costbench.api.*}).
 *
 * @param maxRequestBytes the largest request body accepted under {@code /api/**}; bigger ones get 413. 5 MB holds
 *                        the largest result files the load generators write without their per-request arrays.
 */
@ConfigurationProperties("costbench.api")
public record ApiProperties(@DefaultValue("5MB") DataSize maxRequestBytes) {
}
