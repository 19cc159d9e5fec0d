package io.costbench.service.web.advice;

import java.util.Comparator;

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
import org.springframework.web.ErrorResponseException;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.method.annotation.HandlerMethodValidationException;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

import jakarta.validation.ConstraintViolationException;

import io.costbench.engine.port.DoesNotFitException;
import io.costbench.pricing.InvalidPriceException;
import io.costbench.pricing.PriceOverlapException;
import io.costbench.service.prediction.UnknownIdException;
import io.costbench.service.pricing.PriceNotFoundException;
import io.costbench.service.pricing.PriceWritesDisabledException;
import io.costbench.service.web.BadInputException;
import io.costbench.service.web.FieldProblem;
import io.costbench.service.web.InvalidFieldsException;
import io.costbench.service.web.JsonPaths;
import io.costbench.service.web.PayloadTooLargeException;
import io.costbench.service.web.ScenarioProblems;
import io.costbench.service.prediction.UnsupportedScenarioException;
import tools.jackson.core.JacksonException;

/**
 * The one API advice: RFC 9457 problem+json for every {@code @RestController} (the {@code /api/**} controllers).
 * Controllers throw {@link org.springframework.web.ErrorResponseException}s ({@link BadInputException},
 * {@link InvalidFieldsException}, {@link io.costbench.service.web.TypedProblem}) or domain exceptions. Spring's standard
 * exceptions come from {@link ResponseEntityExceptionHandler}; on top of it this answers the prediction core's domain
 * exceptions (422 naming the field, see {@link ScenarioProblems}), names the field of malformed JSON and
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
            String field = JsonPaths.of(jackson);
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
        return problem(InvalidFieldsException.unprocessable(ex.getBindingResult().getFieldErrors().stream()
                .sorted(Comparator.comparing(FieldError::getField))
                .map(error -> new FieldProblem(error.getField(), String.valueOf(error.getDefaultMessage())))
                .toList()));
    }

    @Override
    protected ResponseEntity<Object> handleHandlerMethodValidationException(HandlerMethodValidationException ex,
            HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        return problem(InvalidFieldsException.unprocessable(ex.getParameterValidationResults().stream()
                .flatMap(result -> result.getResolvableErrors().stream().map(error -> new FieldProblem(
                        result.getMethodParameter().getParameterName() == null ? "?"
                                : result.getMethodParameter().getParameterName(),
                        String.valueOf(error.getDefaultMessage()))))
                .toList()));
    }

    @ExceptionHandler(ConstraintViolationException.class)
    ResponseEntity<Object> constraintViolation(ConstraintViolationException ex) {
        return problem(InvalidFieldsException.unprocessable(ex.getConstraintViolations().stream()
                .map(violation -> new FieldProblem(JsonPaths.of(violation.getPropertyPath()), violation.getMessage()))
                .sorted(Comparator.comparing(FieldProblem::field))
                .toList()));
    }

    /** A price the catalog refuses: 400 naming the field. */
    @ExceptionHandler(InvalidPriceException.class)
    ResponseEntity<Object> invalidPrice(InvalidPriceException ex) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, ex.getMessage());
        problem.setTitle("Invalid price");
        problem.setProperty("field", ex.field());
        return ResponseEntity.badRequest().body(problem);
    }

    @ExceptionHandler(PriceOverlapException.class)
    ResponseEntity<Object> priceOverlap(PriceOverlapException ex) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.CONFLICT, ex.getMessage());
        problem.setTitle("Price overlaps another");
        problem.setProperty("conflictingPriceId", ex.existing().id());
        return ResponseEntity.status(HttpStatus.CONFLICT).body(problem);
    }

    @ExceptionHandler(PriceNotFoundException.class)
    ResponseEntity<Object> priceNotFound(PriceNotFoundException ex) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.NOT_FOUND, ex.getMessage());
        problem.setTitle("No such price");
        return ResponseEntity.status(HttpStatus.NOT_FOUND).body(problem);
    }

    @ExceptionHandler(PriceWritesDisabledException.class)
    ResponseEntity<Object> priceWritesDisabled(PriceWritesDisabledException ex) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.FORBIDDEN, ex.getMessage());
        problem.setTitle("Price writes disabled");
        return ResponseEntity.status(HttpStatus.FORBIDDEN).body(problem);
    }

    /**
     * Inputs the pricing math refuses (e.g. a throughput of zero) are the caller's mistake on the pricing endpoints;
     * anywhere else an IllegalArgumentException is a defect, answered like any unexpected failure.
     */
    @ExceptionHandler(IllegalArgumentException.class)
    ResponseEntity<Object> illegalArgument(IllegalArgumentException ex, HandlerMethod handler) {
        if (handler == null || !handler.getBeanType().getPackageName().equals(PriceNotFoundException.class.getPackageName())) {
            return unexpected(ex);
        }
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, ex.getMessage());
        problem.setTitle("Bad request");
        return ResponseEntity.badRequest().body(problem);
    }

    @ExceptionHandler(UnknownIdException.class)
    ResponseEntity<Object> unknownId(UnknownIdException ex) {
        return problem(ScenarioProblems.of(ex));
    }

    @ExceptionHandler(DoesNotFitException.class)
    ResponseEntity<Object> doesNotFit(DoesNotFitException ex) {
        return problem(ScenarioProblems.of(ex));
    }

    @ExceptionHandler(UnsupportedScenarioException.class)
    ResponseEntity<Object> unsupported(UnsupportedScenarioException ex) {
        return problem(ScenarioProblems.of(ex));
    }

    private static ResponseEntity<Object> problem(ErrorResponseException ex) {
        return ResponseEntity.status(ex.getStatusCode()).body(ex.getBody());
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

    private static ResponseEntity<Object> tooLarge(PayloadTooLargeException ex) {
        return ResponseEntity.status(HttpStatus.CONTENT_TOO_LARGE).body(ProblemDetail.forStatusAndDetail(
                HttpStatus.CONTENT_TOO_LARGE, "Request body exceeds the limit of " + ex.limitBytes()
                        + " bytes (costbench.api.max-request-bytes)"));
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
