package io.costbench.service.export;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param maxConcurrent the most CSV exports served at once; one more is refused with 429 and a Retry-After. Each
 *                      running export holds a request thread, a prefetch thread, a database connection at a time and
 *                      two pages of rows.
 */
@ConfigurationProperties("costbench.export")
public record ExportProperties(int maxConcurrent) {

    public ExportProperties {
        if (maxConcurrent <= 0) {
            maxConcurrent = 4;
        }
    }
}
