package io.costbench.service.plan;

import java.net.URI;
import java.util.List;
import java.util.Map;

import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** RFC 9457 problem details for the plans API, naming the fields in error; before the service-wide catch-all. */
@RestControllerAdvice(assignableTypes = PlanController.class)
@Order(Ordered.HIGHEST_PRECEDENCE)
class PlanProblems {

    @ExceptionHandler(PlanRequests.Problems.class)
    ResponseEntity<ProblemDetail> problems(PlanRequests.Problems e) {
        HttpStatus status = e.malformed() ? HttpStatus.BAD_REQUEST : HttpStatus.UNPROCESSABLE_CONTENT;
        ProblemDetail problem = problem(status, e.malformed() ? "malformed-plan" : "invalid-plan", e.getMessage());
        List<Map<String, String>> errors = e.errors().entrySet().stream()
                .map(error -> Map.of("field", error.getKey(), "message", error.getValue())).toList();
        problem.setProperty("field", errors.get(0).get("field"));
        problem.setProperty("errors", errors);
        return ResponseEntity.of(problem).build();
    }

    @ExceptionHandler(PlanInputException.class)
    ResponseEntity<ProblemDetail> invalid(PlanInputException e) {
        ProblemDetail problem = problem(HttpStatus.UNPROCESSABLE_CONTENT, "invalid-plan", e.getMessage());
        problem.setProperty("field", e.field());
        problem.setProperty("errors", List.of(Map.of("field", e.field(), "message", e.reason())));
        return ResponseEntity.of(problem).build();
    }

    @ExceptionHandler(PlanController.PlanNotFoundException.class)
    ResponseEntity<ProblemDetail> notFound(RuntimeException e) {
        return ResponseEntity.of(problem(HttpStatus.NOT_FOUND, "plan-not-found", e.getMessage())).build();
    }

    @ExceptionHandler(PlannerBusyException.class)
    ResponseEntity<ProblemDetail> busy(PlannerBusyException e) {
        return ResponseEntity.status(HttpStatus.TOO_MANY_REQUESTS).header(HttpHeaders.RETRY_AFTER, "5")
                .body(problem(HttpStatus.TOO_MANY_REQUESTS, "planner-busy", e.getMessage()));
    }

    private static ProblemDetail problem(HttpStatus status, String type, String detail) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
        problem.setType(URI.create("https://costbench.io/problems/" + type));
        return problem;
    }
}
