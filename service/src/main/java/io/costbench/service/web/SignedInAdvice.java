package io.costbench.service.web;

import java.security.Principal;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ModelAttribute;

/** Who is signed in (null for visitors) and the page's own path, for the header's "signed in as" and sign-in link. */
@ControllerAdvice(annotations = Controller.class)
class SignedInAdvice {

    @ModelAttribute("signedInAs")
    String signedInAs(Principal principal) {
        return principal == null ? null : principal.getName();
    }

    /** The path and query of this page, where signing in from its header returns to. */
    @ModelAttribute("currentPath")
    String currentPath(HttpServletRequest request) {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        String query = request.getQueryString();
        return LocalPaths.safe(query == null ? path : path + "?" + query).orElse("/");
    }
}
