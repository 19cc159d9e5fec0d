package io.costbench.service.web;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

import tools.jackson.databind.json.JsonMapper;

/**
 * A query string under {@code /api/**} that does not decode ({@code ?model=%ZZ}) is a 400 naming the parameter,
 * checked before anything reads the parameters (the container would otherwise fail in whatever reads them first).
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 5)
class QueryEncodingFilter extends OncePerRequestFilter {

    private final ProblemResponses problems;

    QueryEncodingFilter(JsonMapper jsonMapper) {
        this.problems = new ProblemResponses(jsonMapper);
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return request.getQueryString() == null
                || !request.getRequestURI().startsWith(request.getContextPath() + "/api/");
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        for (String pair : request.getQueryString().split("&")) {
            int equals = pair.indexOf('=');
            String rawName = equals < 0 ? pair : pair.substring(0, equals);
            String name = decodeOrNull(rawName);
            if (name == null || (equals >= 0 && decodeOrNull(pair.substring(equals + 1)) == null)) {
                String field = name != null ? name : rawName.length() > 64 ? rawName.substring(0, 64) : rawName;
                problems.write(request, response, HttpStatus.BAD_REQUEST, field + ": not valid percent-encoding "
                        + "(%XX with two hex digits, UTF-8)", Map.of("field", field));
                return;
            }
        }
        chain.doFilter(request, response);
    }

    private static String decodeOrNull(String text) {
        try {
            return URLDecoder.decode(text, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
