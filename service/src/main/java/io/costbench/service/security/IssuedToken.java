package io.costbench.service.security;

import java.time.Instant;
import java.util.Set;

/** The answer to issuing a token: the only time the token itself is ever shown. */
public record IssuedToken(long id, String name, Set<Scope> scopes, Instant createdAt, String token) {
}
