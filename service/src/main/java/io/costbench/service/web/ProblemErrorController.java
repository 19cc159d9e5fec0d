package io.costbench.service.web;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.web.WebProperties;
import org.springframework.boot.webmvc.autoconfigure.error.BasicErrorController;
import org.springframework.boot.webmvc.autoconfigure.error.ErrorViewResolver;
import org.springframework.boot.webmvc.error.ErrorAttributes;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;

/**
 * The {@code /error} page for anything that is not a browser asking for HTML: problem+json (RFC 9457) instead of
 * Boot's default JSON, for errors no controller advice sees (405 and 415 decided before a handler is chosen, the
 * firewall's 400, a 413 from the container). Browsers keep the HTML error page.
 */
@Controller
class ProblemErrorController extends BasicErrorController {

    ProblemErrorController(ErrorAttributes errorAttributes, WebProperties web,
            ObjectProvider<ErrorViewResolver> resolvers) {
        super(errorAttributes, web.getError(), List.copyOf(resolvers.orderedStream().toList()));
    }

    @Override
    public ResponseEntity<Map<String, Object>> error(HttpServletRequest request) {
        HttpStatus status = getStatus(request);
        if (status == HttpStatus.NO_CONTENT) {
            return new ResponseEntity<>(status);
        }
        Map<String, Object> problem = new LinkedHashMap<>();
        problem.put("type", "about:blank");
        problem.put("title", status.getReasonPhrase());
        problem.put("status", status.value());
        problem.put("detail", detail(request, status));
        Object uri = request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
        if (uri != null) {
            problem.put("instance", uri.toString());
        }
        return ResponseEntity.status(status).contentType(MediaType.APPLICATION_PROBLEM_JSON).body(problem);
    }

    /** The container's or framework's message for a client error (about the request); nothing for a 5xx. */
    private static String detail(HttpServletRequest request, HttpStatus status) {
        Object message = request.getAttribute(RequestDispatcher.ERROR_MESSAGE);
        if (status.is4xxClientError() && message != null && !message.toString().isBlank()) {
            String text = message.toString();
            return text.length() > 300 ? text.substring(0, 300) + "..." : text;
        }
        Object exception = request.getAttribute(RequestDispatcher.ERROR_EXCEPTION);
        if (status.is4xxClientError() && exception instanceof Throwable throwable && throwable.getMessage() != null) {
            String text = throwable.getMessage();
            return text.length() > 300 ? text.substring(0, 300) + "..." : text;
        }
        return status.is5xxServerError() ? "Unexpected server error; nothing was stored." : status.getReasonPhrase();
    }
}
