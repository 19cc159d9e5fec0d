package io.costbench.service.security;

import java.util.List;
import java.util.Optional;
import java.util.Set;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.http.HttpMethod;
import org.springframework.http.server.PathContainer;
import org.springframework.web.util.pattern.PathPatternParser;
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

    private static final List<String> OPEN_COMPUTATION_PATTERNS = List.of("/api/v1/predictions",
            "/api/v1/predictions/**", "/api/v1/plans");
    private static final List<String> ADMIN_ONLY_PATTERNS = List.of("/api/v1/tokens", "/api/v1/tokens/**");

    /** Open computations that use POST because their input is a body. */
    static final List<RequestMatcher> OPEN_COMPUTATIONS = OPEN_COMPUTATION_PATTERNS.stream()
            .<RequestMatcher>map(pattern -> PathPatternRequestMatcher.pathPattern(HttpMethod.POST, pattern)).toList();

    /** Any method, including GET. */
    static final List<RequestMatcher> ADMIN_ONLY = ADMIN_ONLY_PATTERNS.stream()
            .<RequestMatcher>map(PathPatternRequestMatcher::pathPattern).toList();

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

    /**
     * The scope a request of {@code method} to {@code path} needs (a path template such as
     * {@code /api/v1/prices/{id}/close} matches like any path), or empty when it is open: the decision of
     * {@link #requiredScope(HttpServletRequest)} from the same patterns, for the OpenAPI document.
     */
    static Optional<Scope> requiredScope(HttpMethod method, String path) {
        PathContainer parsed = PathContainer.parsePath(path);
        java.util.function.Predicate<String> matches = pattern -> PathPatternParser.defaultInstance.parse(pattern)
                .matches(parsed);
        if (method.equals(HttpMethod.POST) && OPEN_COMPUTATION_PATTERNS.stream().anyMatch(matches)) {
            return Optional.empty();
        }
        if (ADMIN_ONLY_PATTERNS.stream().anyMatch(matches)) {
            return Optional.of(Scope.ADMIN);
        }
        if (!WRITE_METHODS.contains(method)) {
            return Optional.empty();
        }
        return WRITE_RULES.stream().filter(rule -> rule.patterns().stream().anyMatch(matches)).map(Rule::scope)
                .findFirst();
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
