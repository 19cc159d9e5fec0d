package io.costbench.service.security;

import java.util.EnumSet;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

@Tag("database")
@SpringBootTest
class ApiTokensTest {

    @Autowired
    ApiTokens tokens;

    @Autowired
    JdbcTemplate jdbc;

    @Test
    void storesOnlyTheHashAndAuthenticatesTheToken() {
        IssuedToken issued = tokens.issue("ci-hash-test", EnumSet.of(Scope.RUNS_WRITE), "tests");

        assertThat(issued.token()).startsWith(ApiTokens.PREFIX).hasSizeGreaterThan(40);
        String stored = jdbc.queryForObject("select token_sha256 from api_token where id = ?", String.class,
                issued.id());
        assertThat(stored).hasSize(64).doesNotContain(issued.token().substring(3));
        Integer rowsHoldingToken = jdbc.queryForObject(
                "select count(*) from api_token where token_sha256 = ? or name = ?", Integer.class,
                issued.token(), issued.token());
        assertThat(rowsHoldingToken).isZero();

        TokenPrincipal principal = tokens.authenticate(issued.token()).orElseThrow();
        assertThat(principal.tokenId()).isEqualTo(issued.id());
        assertThat(principal.scopes()).containsExactly(Scope.RUNS_WRITE);
        assertThat(tokens.find(issued.id()).orElseThrow().getLastUsedAt()).isNotNull();
    }

    @Test
    void revokedAndUnknownTokensDoNotAuthenticate() {
        IssuedToken issued = tokens.issue("ci-revoke-test", EnumSet.of(Scope.SWEEPS_WRITE), "tests");
        assertThat(tokens.revoke(issued.id())).isTrue();

        assertThat(tokens.authenticate(issued.token())).isEmpty();
        assertThat(tokens.authenticate(issued.token() + "x")).isEmpty();
        assertThat(tokens.authenticate("")).isEmpty();
        assertThat(tokens.revoke(Long.MAX_VALUE)).isFalse();
        assertThat(tokens.find(issued.id()).orElseThrow().getRevokedAt()).isNotNull();
    }

    @Test
    void aTokenInUseIsRefusedRightAfterItsRevocation() {
        IssuedToken issued = tokens.issue("ci-cached-revoke-test", EnumSet.of(Scope.RUNS_WRITE), "tests");
        assertThat(tokens.authenticate(issued.token())).isPresent();
        assertThat(tokens.authenticate(issued.token())).isPresent();

        assertThat(tokens.revoke(issued.id())).isTrue();

        assertThat(tokens.authenticate(issued.token())).isEmpty();
    }

    @Test
    void theBootstrapTokenIsAnAdminWithoutARow() {
        TokenPrincipal principal = tokens.authenticate(TestTokens.BOOTSTRAP_ADMIN).orElseThrow();
        assertThat(principal.tokenId()).isNull();
        assertThat(principal.scopes()).containsExactly(Scope.ADMIN);
        assertThat(principal.authorities()).extracting(Object::toString)
                .containsExactlyInAnyOrder("SCOPE_runs:write", "SCOPE_sweeps:write", "SCOPE_admin");
    }
}
