package io.costbench.service.security;

import java.util.Arrays;
import java.util.EnumSet;

/**
 * Bearer tokens for tests of any feature. The test configuration (src/test/resources/config/application.yaml) sets
 * {@code costbench.security.bootstrap-token} to {@link #BOOTSTRAP_ADMIN}, an admin token that needs no database row.
 * For a token with exactly some scopes (to test a 403), issue one through the {@link ApiTokens} bean:
 * <pre>{@code
 *   @Autowired ApiTokens apiTokens;
 *   String runsToken = TestTokens.issue(apiTokens, Scope.RUNS_WRITE);
 *   request.header("Authorization", TestTokens.bearer(runsToken));
 * }</pre>
 */
public final class TestTokens {

    /** The bootstrap admin token of the test configuration (admin implies every scope). */
    public static final String BOOTSTRAP_ADMIN = "test-bootstrap-admin-token-0123456789";

    private TestTokens() {
    }

    /** The value of an {@code Authorization} header for the token. */
    public static String bearer(String token) {
        return "Bearer " + token;
    }

    /** {@code Authorization} header value for the bootstrap admin. */
    public static String adminBearer() {
        return bearer(BOOTSTRAP_ADMIN);
    }

    /** Issues a stored token with exactly these scopes (none is allowed: a token that may write nothing). */
    public static String issue(ApiTokens tokens, Scope... scopes) {
        EnumSet<Scope> set = EnumSet.noneOf(Scope.class);
        set.addAll(Arrays.asList(scopes));
        return tokens.issue("test " + set, set, "tests").token();
    }
}
