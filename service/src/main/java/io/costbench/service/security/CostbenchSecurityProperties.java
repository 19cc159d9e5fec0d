package io.costbench.service.security;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Security settings ({@code costbench.security.*}).
 *
 * @param bootstrapToken an admin token accepted without a database row, so a fresh install can issue its first tokens
 *                       (env {@code COSTBENCH_SECURITY_BOOTSTRAP_TOKEN}); none by default, at least 24 characters
 * @param openReads      whether GET requests (API and pages) are open to anyone; true by default
 * @param adminUsername  the user name of the page login for admins
 * @param adminPassword  the page login password (plain, or {@code {bcrypt}...}); without one, page writes are refused
 * @param tokenCache     how long a valid API token is taken without looking it up again: the longest another
 *                       instance than the revoking one accepts a revoked token; zero looks up every request
 */
@ConfigurationProperties("costbench.security")
public record CostbenchSecurityProperties(String bootstrapToken, boolean openReads, String adminUsername,
        String adminPassword, Duration tokenCache) {

    static final int MIN_BOOTSTRAP_TOKEN_LENGTH = 24;

    public CostbenchSecurityProperties {
        bootstrapToken = blankToNull(bootstrapToken);
        adminPassword = blankToNull(adminPassword);
        adminUsername = adminUsername == null || adminUsername.isBlank() ? "admin" : adminUsername;
        tokenCache = tokenCache == null ? Duration.ZERO : tokenCache;
        if (tokenCache.isNegative() || tokenCache.compareTo(Duration.ofMinutes(1)) > 0) {
            throw new IllegalArgumentException("costbench.security.token-cache must be between 0 and 1 minute");
        }
        if (bootstrapToken != null && bootstrapToken.length() < MIN_BOOTSTRAP_TOKEN_LENGTH) {
            throw new IllegalArgumentException("costbench.security.bootstrap-token must have at least "
                    + MIN_BOOTSTRAP_TOKEN_LENGTH + " characters");
        }
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value;
    }
}
