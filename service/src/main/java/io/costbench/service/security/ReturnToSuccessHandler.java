package io.costbench.service.security;

import java.io.IOException;

import io.costbench.service.web.LocalPaths;
import io.costbench.service.web.PendingForm;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.security.core.Authentication;
import org.springframework.security.web.authentication.SavedRequestAwareAuthenticationSuccessHandler;
import org.springframework.security.web.savedrequest.RequestCache;

/**
 * After sign-in, back to where the admin was: the page whose form they submitted while signed out (its values kept,
 * see {@link PendingForm}), else the page that asked them to sign in (the saved GET request), else the local
 * {@code return} path the sign-in link carried, else the overview.
 */
final class ReturnToSuccessHandler extends SavedRequestAwareAuthenticationSuccessHandler {

    private final RequestCache requestCache;

    ReturnToSuccessHandler(RequestCache requestCache) {
        this.requestCache = requestCache;
        setRequestCache(requestCache);
    }

    @Override
    public void onAuthenticationSuccess(HttpServletRequest request, HttpServletResponse response,
            Authentication authentication) throws IOException, jakarta.servlet.ServletException {
        var pending = PendingForm.returnPath(request.getSession(false));
        var back = pending.or(() -> requestCache.getRequest(request, response) == null
                ? LocalPaths.safe(request.getParameter("return")) : java.util.Optional.empty());
        if (back.isPresent()) {
            requestCache.removeRequest(request, response);
            clearAuthenticationAttributes(request);
            getRedirectStrategy().sendRedirect(request, response, back.get());
            return;
        }
        super.onAuthenticationSuccess(request, response, authentication);
    }
}
