package io.costbench.service.security;

import java.io.IOException;
import java.util.Optional;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.filter.OncePerRequestFilter;

import io.costbench.service.web.ProblemResponses;

/**
 * Authenticates {@code Authorization: Bearer <token>}. No header: the request goes on anonymous (reads are open).
 * A header that is not a valid, unrevoked token: 401 at once, even on an open endpoint, so a CI job with a
 * mistyped secret learns it on its first call. The token is never logged.
 */
class BearerTokenFilter extends OncePerRequestFilter {

    private static final String BEARER = "Bearer ";

    private final ApiTokens tokens;
    private final ProblemResponses problems;

    BearerTokenFilter(ApiTokens tokens, ProblemResponses problems) {
        this.tokens = tokens;
        this.problems = problems;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String header = request.getHeader(HttpHeaders.AUTHORIZATION);
        if (header == null) {
            chain.doFilter(request, response);
            return;
        }
        Optional<TokenPrincipal> principal = header.regionMatches(true, 0, BEARER, 0, BEARER.length())
                ? tokens.authenticate(header.substring(BEARER.length()).trim())
                : Optional.empty();
        if (principal.isEmpty()) {
            response.setHeader(HttpHeaders.WWW_AUTHENTICATE, "Bearer error=\"invalid_token\"");
            problems.write(request, response, HttpStatus.UNAUTHORIZED,
                    "The bearer token is unknown, revoked or malformed");
            return;
        }
        SecurityContext context = SecurityContextHolder.createEmptyContext();
        context.setAuthentication(UsernamePasswordAuthenticationToken.authenticated(principal.get(), null,
                principal.get().authorities()));
        SecurityContextHolder.setContext(context);
        try {
            chain.doFilter(request, response);
        } finally {
            SecurityContextHolder.clearContext();
        }
    }
}
