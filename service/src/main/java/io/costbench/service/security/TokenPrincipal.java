package io.costbench.service.security;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.authority.SimpleGrantedAuthority;

/**
 * Who a bearer token speaks for. {@code tokenId} is null for the configured bootstrap token.
 * The admin scope implies every other scope.
 */
public record TokenPrincipal(Long tokenId, String name, Set<Scope> scopes) {

    public TokenPrincipal {
        scopes = scopes.isEmpty() ? EnumSet.noneOf(Scope.class) : EnumSet.copyOf(scopes);
    }

    List<GrantedAuthority> authorities() {
        Set<Scope> effective = scopes.contains(Scope.ADMIN) ? EnumSet.allOf(Scope.class) : scopes;
        return effective.stream().<GrantedAuthority>map(scope -> new SimpleGrantedAuthority(scope.authority()))
                .toList();
    }

    @Override
    public String toString() {
        return "token " + name + (tokenId == null ? "" : " #" + tokenId);
    }
}
