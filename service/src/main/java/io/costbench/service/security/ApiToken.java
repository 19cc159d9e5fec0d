package io.costbench.service.security;

import java.time.Instant;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Collectors;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** A stored API token: its hash, never the token. */
@Entity
@Table(name = "api_token")
public class ApiToken {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;
    private String name;
    @Column(name = "token_sha256")
    private String tokenSha256;
    private String scopes;
    @Column(name = "created_by")
    private String createdBy;
    @Column(name = "created_at")
    private Instant createdAt;
    @Column(name = "last_used_at")
    private Instant lastUsedAt;
    @Column(name = "revoked_at")
    private Instant revokedAt;

    protected ApiToken() {
    }

    static ApiToken of(String name, String tokenSha256, Set<Scope> scopes, String createdBy, Instant createdAt) {
        ApiToken token = new ApiToken();
        token.name = name;
        token.tokenSha256 = tokenSha256;
        token.scopes = scopes.stream().map(Scope::wireName).sorted().collect(Collectors.joining(" "));
        token.createdBy = createdBy;
        token.createdAt = createdAt;
        return token;
    }

    void revoke(Instant at) {
        if (revokedAt == null) {
            revokedAt = at;
        }
    }

    public Long getId() { return id; }
    public String getName() { return name; }
    public String getCreatedBy() { return createdBy; }
    public Instant getCreatedAt() { return createdAt; }
    public Instant getLastUsedAt() { return lastUsedAt; }
    public Instant getRevokedAt() { return revokedAt; }
    String getTokenSha256() { return tokenSha256; }

    public Set<Scope> getScopes() {
        EnumSet<Scope> result = EnumSet.noneOf(Scope.class);
        Arrays.stream(scopes.split(" ")).map(Scope::fromWireName).flatMap(java.util.Optional::stream)
                .forEach(result::add);
        return result;
    }
}
