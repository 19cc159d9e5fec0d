package io.costbench.service.web;

import java.util.Comparator;
import java.util.List;
import java.util.Map;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.validation.FieldError;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.method.annotation.HandlerMethodValidationException;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

import io.costbench.engine.sim.OverBudgetException;
import io.costbench.engine.sim.SimulationCancelledException;
import io.costbench.service.prediction.SimulationBusyException;
import jakarta.validation.ConstraintViolationException;
import tools.jackson.core.JacksonException;

/**
 * RFC 9457 problem+json for every {@code @RestController} (the {@code /api/**} controllers). Spring's standard
 * exceptions come from {@link ResponseEntityExceptionHandler}; on top of it this names the field of malformed JSON and
 * of failed validation, answers 413 for bodies over the limit, and turns unexpected failures into a 500 whose detail
 * leaks nothing. Pages ({@code @Controller}) keep the HTML error page.
 */
@RestControllerAdvice(annotations = RestController.class)
public class ApiProblemAdvice extends ResponseEntityExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ApiProblemAdvice.class);

    @Override
    protected ResponseEntity<Object> handleHttpMessageNotReadable(HttpMessageNotReadableException ex,
            HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        PayloadTooLargeException tooLarge = findCause(ex, PayloadTooLargeException.class);
        if (tooLarge != null) {
            return tooLarge(tooLarge);
        }
        JacksonException jackson = findCause(ex, JacksonException.class);
        ProblemDetail problem;
        if (jackson != null) {
            String field = fieldPath(jackson);
            String reason = jackson.getOriginalMessage() == null ? "unreadable value"
                    : firstLine(jackson.getOriginalMessage());
            problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST,
                    field.isEmpty() ? "Malformed JSON: " + reason : "Malformed JSON at '" + field + "': " + reason);
            if (!field.isEmpty()) {
                problem.setProperty("field", field);
            }
        } else {
            problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, "Request body is missing or unreadable");
        }
        return ResponseEntity.badRequest().body(problem);
    }

    @Override
    protected ResponseEntity<Object> handleMethodArgumentNotValid(MethodArgumentNotValidException ex,
            HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        List<Map<String, String>> errors = ex.getBindingResult().getFieldErrors().stream()
                .sorted(Comparator.comparing(FieldError::getField))
                .map(error -> Map.of("field", error.getField(),
                        "message", String.valueOf(error.getDefaultMessage())))
                .toList();
        return unprocessable(errors);
    }

    @Override
    protected ResponseEntity<Object> handleHandlerMethodValidationException(HandlerMethodValidationException ex,
            HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        List<Map<String, String>> errors = ex.getParameterValidationResults().stream()
                .flatMap(result -> result.getResolvableErrors().stream().map(error -> Map.of(
                        "field", result.getMethodParameter().getParameterName() == null ? "?"
                                : result.getMethodParameter().getParameterName(),
                        "message", String.valueOf(error.getDefaultMessage()))))
                .toList();
        return unprocessable(errors);
    }

    @ExceptionHandler(ConstraintViolationException.class)
    ResponseEntity<Object> constraintViolation(ConstraintViolationException ex) {
        List<Map<String, String>> errors = ex.getConstraintViolations().stream()
                .map(violation -> Map.of("field", violation.getPropertyPath().toString(),
                        "message", violation.getMessage()))
                .sorted(Comparator.comparing(error -> error.get("field")))
                .toList();
        return unprocessable(errors);
    }

    /** Method-level security in a controller: answered like the filter chain would, not as a 500. */
    @ExceptionHandler(AccessDeniedException.class)
    ResponseEntity<Object> accessDenied(AccessDeniedException ex) {
        return ResponseEntity.status(HttpStatus.FORBIDDEN).body(ProblemDetail.forStatusAndDetail(HttpStatus.FORBIDDEN,
                "Access denied"));
    }

    @ExceptionHandler(AuthenticationException.class)
    ResponseEntity<Object> unauthenticated(AuthenticationException ex) {
        return ResponseEntity.status(HttpStatus.UNAUTHORIZED).body(ProblemDetail.forStatusAndDetail(
                HttpStatus.UNAUTHORIZED, "Authentication required"));
    }

    /** A simulation over its budget, refused before any work: 422 naming every field of the product. */
    @ExceptionHandler(OverBudgetException.class)
    ResponseEntity<Object> overBudget(OverBudgetException ex) {
        return unprocessable(ex.fields().stream().map(field -> Map.of("field", field, "message", ex.getMessage()))
                .toList());
    }

    @ExceptionHandler(SimulationBusyException.class)
    ResponseEntity<Object> busy(SimulationBusyException ex) {
        return ResponseEntity.status(HttpStatus.TOO_MANY_REQUESTS)
                .header(HttpHeaders.RETRY_AFTER, Long.toString(Math.max(1, ex.retryAfter().toSeconds())))
                .body(ProblemDetail.forStatusAndDetail(HttpStatus.TOO_MANY_REQUESTS, ex.getMessage()));
    }

    /** The deadline passed: the work was stopped and its thread freed; nothing was stored. */
    @ExceptionHandler(SimulationCancelledException.class)
    ResponseEntity<Object> cancelled(SimulationCancelledException ex) {
        return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE).body(ProblemDetail.forStatusAndDetail(
                HttpStatus.SERVICE_UNAVAILABLE, ex.getMessage() + "; ask for fewer prompts or shorter outputs"));
    }

    @ExceptionHandler(PayloadTooLargeException.class)
    ResponseEntity<Object> payloadTooLarge(PayloadTooLargeException ex) {
        return tooLarge(ex);
    }

    @ExceptionHandler(Exception.class)
    ResponseEntity<Object> unexpected(Exception ex) {
        PayloadTooLargeException tooLarge = findCause(ex, PayloadTooLargeException.class);
        if (tooLarge != null) {
            return tooLarge(tooLarge);
        }
        log.error("Unexpected failure answering an API request", ex);
        return ResponseEntity.internalServerError().body(ProblemDetail.forStatusAndDetail(
                HttpStatus.INTERNAL_SERVER_ERROR, "Unexpected server error; nothing was stored."));
    }

    private static ResponseEntity<Object> unprocessable(List<Map<String, String>> errors) {
        String detail = errors.isEmpty() ? "Invalid request"
                : errors.stream().map(error -> error.get("field") + ": " + error.get("message"))
                        .reduce((a, b) -> a + "; " + b).orElseThrow();
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.UNPROCESSABLE_CONTENT, detail);
        problem.setProperty("errors", errors);
        if (!errors.isEmpty()) {
            problem.setProperty("field", errors.get(0).get("field"));
        }
        return ResponseEntity.unprocessableContent().body(problem);
    }

    private static ResponseEntity<Object> tooLarge(PayloadTooLargeException ex) {
        return ResponseEntity.status(HttpStatus.CONTENT_TOO_LARGE).body(ProblemDetail.forStatusAndDetail(
                HttpStatus.CONTENT_TOO_LARGE, "Request body exceeds the limit of " + ex.limitBytes()
                        + " bytes (costbench.api.max-request-bytes)"));
    }

    /** Jackson's path as {@code context.concurrency} or {@code result.items[2]}. */
    public static String fieldPath(JacksonException ex) {
        StringBuilder path = new StringBuilder();
        for (JacksonException.Reference reference : ex.getPath()) {
            if (reference.getPropertyName() != null) {
                if (!path.isEmpty()) {
                    path.append('.');
                }
                path.append(reference.getPropertyName());
            } else if (reference.getIndex() >= 0) {
                path.append('[').append(reference.getIndex()).append(']');
            }
        }
        return path.toString();
    }

    private static String firstLine(String message) {
        int newline = message.indexOf('\n');
        String line = newline < 0 ? message : message.substring(0, newline);
        return line.length() > 300 ? line.substring(0, 300) + "..." : line;
    }

    private static <T extends Throwable> T findCause(Throwable ex, Class<T> type) {
        for (Throwable cause = ex; cause != null; cause = cause.getCause()) {
            if (type.isInstance(cause)) {
                return type.cast(cause);
            }
            if (cause.getCause() == cause) {
                break;
            }
        }
        return null;
    }
}
