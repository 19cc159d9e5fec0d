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
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import org.springframework.data.domain.Sort;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Issues, checks and revokes API tokens. Tokens are 256 random bits; only their SHA-256 is stored. A valid token is
 * remembered by its SHA-256 for {@code costbench.security.token-cache} (5 s), so a CI job pushing many runs costs one
 * token lookup per interval, not one per request; revoking evicts it on this instance at once, and other instances
 * stop accepting it within that interval. Unknown and revoked tokens are never remembered, so the cache holds at most
 * one entry per valid token.
 */
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
    private final TransactionTemplate transaction;
    private final long cacheNanos;
    private final Map<String, Remembered> remembered = new ConcurrentHashMap<>();
    /** Counts revocations, so a lookup that raced one does not remember what it read. */
    private final AtomicLong revocations = new AtomicLong();

    ApiTokens(ApiTokenRepository repository, CostbenchSecurityProperties properties,
            PlatformTransactionManager transactionManager) {
        this.repository = repository;
        this.clock = Clock.systemUTC();
        this.bootstrapSha256 = properties.bootstrapToken() == null ? null : sha256(properties.bootstrapToken());
        this.transaction = new TransactionTemplate(transactionManager);
        this.cacheNanos = properties.tokenCache().toNanos();
    }

    /** A valid token's principal, its hash, and until when (System.nanoTime) it is taken without a lookup. */
    private record Remembered(TokenPrincipal principal, byte[] sha256, long validUntilNanos) {
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
    public Optional<TokenPrincipal> authenticate(String presented) {
        if (presented == null || presented.isEmpty() || presented.length() > MAX_TOKEN_LENGTH) {
            return Optional.empty();
        }
        byte[] hash = sha256(presented);
        if (bootstrapSha256 != null && MessageDigest.isEqual(hash, bootstrapSha256)) {
            return Optional.of(new TokenPrincipal(null, "bootstrap", EnumSet.of(Scope.ADMIN)));
        }
        // Lookups (cache and table) are by hash, so timing reveals nothing about the token itself.
        String hex = HexFormat.of().formatHex(hash);
        Remembered known = remembered.get(hex);
        long nowNanos = System.nanoTime();
        if (known != null && nowNanos - known.validUntilNanos() < 0 && MessageDigest.isEqual(hash, known.sha256())) {
            return Optional.of(known.principal());
        }
        long revoked = revocations.get();
        Optional<TokenPrincipal> principal = transaction.execute(status -> lookUp(hex));
        if (principal.isPresent() && cacheNanos > 0) {
            remembered.put(hex, new Remembered(principal.get(), hash, nowNanos + cacheNanos));
        }
        if (principal.isEmpty() || revocations.get() != revoked) {
            remembered.remove(hex);
        }
        return principal;
    }

    private Optional<TokenPrincipal> lookUp(String sha256Hex) {
        return repository.findByTokenSha256(sha256Hex)
                .filter(token -> token.getRevokedAt() == null)
                .map(token -> {
                    Instant now = clock.instant();
                    repository.touch(token.getId(), now, now.minus(TOUCH_INTERVAL));
                    return new TokenPrincipal(token.getId(), token.getName(), token.getScopes());
                });
    }

    /**
     * Revokes a token; false when there is no such token. Revoking twice keeps the first time. This instance forgets
     * the token at once and again after the commit, and a lookup that overlapped the revocation remembers nothing,
     * so here the token is refused from the commit on.
     */
    @Transactional
    public boolean revoke(long id) {
        return repository.findById(id).map(token -> {
            token.revoke(clock.instant());
            forget(id);
            TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                @Override
                public void afterCompletion(int status) {
                    revocations.incrementAndGet();
                    forget(id);
                }
            });
            return true;
        }).orElse(false);
    }

    private void forget(long tokenId) {
        remembered.values().removeIf(entry -> Long.valueOf(tokenId).equals(entry.principal().tokenId()));
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
