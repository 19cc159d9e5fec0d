package io.costbench.service.security;

import java.util.List;
import java.util.Optional;
import java.util.Set;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.http.HttpMethod;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;

/**
 * Which scope a request to {@code /api/**} needs: the single source of truth for the filter chain and for the 403
 * message. Writes (POST, PUT, PATCH, DELETE) need the scope of their path; any other write under {@code /api/**}
 * needs admin, so a new endpoint is closed until someone decides otherwise. Predictions and capacity plans are
 * computations, not writes, and stay open (plans are bounded by their simulation budget and a few at once). Token
 * administration needs admin for reads too: token names and scopes are not public.
 */
final class ApiScopeRules {

    static final Set<HttpMethod> WRITE_METHODS = Set.of(HttpMethod.POST, HttpMethod.PUT, HttpMethod.PATCH,
            HttpMethod.DELETE);

    /** Open computations that use POST because their input is a body. */
    static final List<RequestMatcher> OPEN_COMPUTATIONS = List.of(
            PathPatternRequestMatcher.pathPattern(HttpMethod.POST, "/api/v1/predictions"),
            PathPatternRequestMatcher.pathPattern(HttpMethod.POST, "/api/v1/predictions/**"),
            PathPatternRequestMatcher.pathPattern(HttpMethod.POST, "/api/v1/plans"));

    /** Any method, including GET. */
    static final List<RequestMatcher> ADMIN_ONLY = List.of(
            PathPatternRequestMatcher.pathPattern("/api/v1/tokens"),
            PathPatternRequestMatcher.pathPattern("/api/v1/tokens/**"));

    record Rule(Scope scope, List<String> patterns) {
    }

    /** In order: the first rule whose pattern matches a write decides. */
    static final List<Rule> WRITE_RULES = List.of(
            new Rule(Scope.RUNS_WRITE, List.of("/api/v1/runs", "/api/v1/runs/**")),
            new Rule(Scope.SWEEPS_WRITE, List.of("/api/v1/sweeps", "/api/v1/sweeps/**")),
            new Rule(Scope.ADMIN, List.of("/api/v1/prices", "/api/v1/prices/**", "/api/v1/catalog",
                    "/api/v1/catalog/**", "/api/**")));

    private ApiScopeRules() {
    }

    static List<RequestMatcher> writeMatchers(Rule rule) {
        return WRITE_METHODS.stream().flatMap(method -> rule.patterns().stream()
                .<RequestMatcher>map(pattern -> PathPatternRequestMatcher.pathPattern(method, pattern))).toList();
    }

    /** The scope the request needs, or empty when it is open (reads, predictions). */
    static Optional<Scope> requiredScope(HttpServletRequest request) {
        if (OPEN_COMPUTATIONS.stream().anyMatch(matcher -> matcher.matches(request))) {
            return Optional.empty();
        }
        if (ADMIN_ONLY.stream().anyMatch(matcher -> matcher.matches(request))) {
            return Optional.of(Scope.ADMIN);
        }
        return WRITE_RULES.stream()
                .filter(rule -> writeMatchers(rule).stream().anyMatch(matcher -> matcher.matches(request)))
                .map(Rule::scope).findFirst();
    }
}
