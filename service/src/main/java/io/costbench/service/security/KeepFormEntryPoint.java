package io.costbench.service.security;

import java.io.IOException;
import java.net.URI;
import java.util.Optional;

import io.costbench.service.web.LocalPaths;
import io.costbench.service.web.PendingForm;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpHeaders;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.authentication.LoginUrlAuthenticationEntryPoint;

/**
 * Sends a signed-out visitor to the sign-in page. A form they posted (the sweep form, say) is kept in their session
 * with the page it came from (the same-site Referer, else its own path), so signing in returns to the form as typed
 * rather than to an empty one.
 */
final class KeepFormEntryPoint implements AuthenticationEntryPoint {

    private final LoginUrlAuthenticationEntryPoint login = new LoginUrlAuthenticationEntryPoint("/login");

    @Override
    public void commence(HttpServletRequest request, HttpServletResponse response, AuthenticationException e)
            throws IOException, ServletException {
        if ("POST".equals(request.getMethod())) {
            String path = request.getRequestURI().substring(request.getContextPath().length());
            PendingForm.keep(request, formPage(request).orElse(path));
        }
        login.commence(request, response, e);
    }

    /** The page the form was on, from a Referer of this same host. */
    private static Optional<String> formPage(HttpServletRequest request) {
        String referer = request.getHeader(HttpHeaders.REFERER);
        if (referer == null) {
            return Optional.empty();
        }
        try {
            URI uri = URI.create(referer);
            if (uri.getHost() == null || !uri.getHost().equalsIgnoreCase(request.getServerName())) {
                return Optional.empty();
            }
            String path = uri.getRawPath() == null ? "" : uri.getRawPath();
            if (path.startsWith(request.getContextPath())) {
                path = path.substring(request.getContextPath().length());
            }
            return LocalPaths.safe(uri.getRawQuery() == null ? path : path + "?" + uri.getRawQuery());
        } catch (IllegalArgumentException bad) {
            return Optional.empty();
        }
    }
}
