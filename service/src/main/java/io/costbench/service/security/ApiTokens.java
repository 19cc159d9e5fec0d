package io.costbench.service.security;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.springframework.data.domain.Sort;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Issues, checks and revokes API tokens. Tokens are 256 random bits; only their SHA-256 is stored. */
@Service
public class ApiTokens {

    static final String PREFIX = "cb_";
    /** last_used_at is a hint, not an audit log: writing it at most once a minute keeps pushes cheap. */
    private static final Duration TOUCH_INTERVAL = Duration.ofMinutes(1);
    private static final int MAX_TOKEN_LENGTH = 200;

    private final ApiTokenRepository repository;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();
    private final byte[] bootstrapSha256;

    ApiTokens(ApiTokenRepository repository, CostbenchSecurityProperties properties) {
        this.repository = repository;
        this.clock = Clock.systemUTC();
        this.bootstrapSha256 = properties.bootstrapToken() == null ? null : sha256(properties.bootstrapToken());
    }

    @Transactional
    public IssuedToken issue(String name, Set<Scope> scopes, String createdBy) {
        byte[] secret = new byte[32];
        random.nextBytes(secret);
        String token = PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(secret);
        ApiToken saved = repository.save(ApiToken.of(name, HexFormat.of().formatHex(sha256(token)),
                EnumSet.copyOf(scopes), createdBy, clock.instant()));
        return new IssuedToken(saved.getId(), saved.getName(), saved.getScopes(), saved.getCreatedAt(), token);
    }

    /** The principal of a presented token, if it is the bootstrap token or a stored, unrevoked one. */
    @Transactional
    public Optional<TokenPrincipal> authenticate(String presented) {
        if (presented == null || presented.isEmpty() || presented.length() > MAX_TOKEN_LENGTH) {
            return Optional.empty();
        }
        byte[] hash = sha256(presented);
        if (bootstrapSha256 != null && MessageDigest.isEqual(hash, bootstrapSha256)) {
            return Optional.of(new TokenPrincipal(null, "bootstrap", EnumSet.of(Scope.ADMIN)));
        }
        // The lookup is by hash, so timing reveals nothing about the token itself.
        return repository.findByTokenSha256(HexFormat.of().formatHex(hash))
                .filter(token -> token.getRevokedAt() == null)
                .map(token -> {
                    Instant now = clock.instant();
                    repository.touch(token.getId(), now, now.minus(TOUCH_INTERVAL));
                    return new TokenPrincipal(token.getId(), token.getName(), token.getScopes());
                });
    }

    /** Revokes a token; false when there is no such token. Revoking twice keeps the first time. */
    @Transactional
    public boolean revoke(long id) {
        return repository.findById(id).map(token -> {
            token.revoke(clock.instant());
            return true;
        }).orElse(false);
    }

    @Transactional(readOnly = true)
    public List<ApiToken> list() {
        return repository.findAll(Sort.by("id"));
    }

    @Transactional(readOnly = true)
    public Optional<ApiToken> find(long id) {
        return repository.findById(id);
    }

    private static byte[] sha256(String value) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
