package io.costbench.service.security;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Security settings ({@code costbench.security.*}).
 *
 * @param bootstrapToken an admin token accepted without a database row, so a fresh install can issue its first tokens
 *                       (env {@code COSTBENCH_SECURITY_BOOTSTRAP_TOKEN}); none by default, at least 24 characters
 * @param openReads      whether GET requests (API and pages) are open to anyone; true by default
 * @param adminUsername  the user name of the page login for admins
 * @param adminPassword  the page login password (plain, or {@code {bcrypt}...}); without one, page writes are refused
 */
@ConfigurationProperties("costbench.security")
public record CostbenchSecurityProperties(String bootstrapToken, boolean openReads, String adminUsername,
        String adminPassword) {

    static final int MIN_BOOTSTRAP_TOKEN_LENGTH = 24;

    public CostbenchSecurityProperties {
        bootstrapToken = blankToNull(bootstrapToken);
        adminPassword = blankToNull(adminPassword);
        adminUsername = adminUsername == null || adminUsername.isBlank() ? "admin" : adminUsername;
        if (bootstrapToken != null && bootstrapToken.length() < MIN_BOOTSTRAP_TOKEN_LENGTH) {
            throw new IllegalArgumentException("costbench.security.bootstrap-token must have at least "
                    + MIN_BOOTSTRAP_TOKEN_LENGTH + " characters");
        }
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value;
    }
}
