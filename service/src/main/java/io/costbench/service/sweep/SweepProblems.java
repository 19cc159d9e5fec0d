package io.costbench.service.sweep;

import java.net.URI;
import java.util.List;
import java.util.Map;

import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * RFC 9457 problem details for the sweeps API, naming the fields in error. Ordered before the service-wide API advice,
 * whose catch-all would otherwise answer these with a 500.
 */
@RestControllerAdvice(assignableTypes = SweepApiController.class)
@Order(Ordered.HIGHEST_PRECEDENCE)
class SweepProblems {

    @ExceptionHandler(InvalidSweepException.class)
    ResponseEntity<ProblemDetail> invalid(InvalidSweepException e) {
        ProblemDetail problem = problem(HttpStatus.BAD_REQUEST, "invalid-sweep", "Invalid sweep request",
                e.getMessage());
        List<Map<String, String>> errors = e.problems().stream()
                .map(p -> Map.of("field", p.field(), "message", p.message())).toList();
        problem.setProperty("errors", errors);
        return ResponseEntity.of(problem).build();
    }

    @ExceptionHandler(SweepApiController.SweepNotFoundException.class)
    ResponseEntity<ProblemDetail> notFound(RuntimeException e) {
        return ResponseEntity.of(problem(HttpStatus.NOT_FOUND, "sweep-not-found", "Sweep not found", e.getMessage()))
                .build();
    }

    @ExceptionHandler(SweepFinishedException.class)
    ResponseEntity<ProblemDetail> conflict(SweepFinishedException e) {
        return ResponseEntity.of(problem(HttpStatus.CONFLICT, "sweep-finished", "Sweep already finished",
                e.getMessage())).build();
    }

    @ExceptionHandler(SweepApiController.BodyTooLargeException.class)
    ResponseEntity<ProblemDetail> tooLarge(RuntimeException e) {
        return ResponseEntity.of(problem(HttpStatus.CONTENT_TOO_LARGE, "body-too-large", "Request body too large",
                e.getMessage())).build();
    }

    private static ProblemDetail problem(HttpStatus status, String type, String title, String detail) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
        problem.setType(URI.create("https://costbench.io/problems/" + type));
        problem.setTitle(title);
        return problem;
    }
}
