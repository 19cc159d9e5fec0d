package io.costbench.service.pricing;

import io.costbench.pricing.InvalidPriceException;
import io.costbench.pricing.PriceOverlapException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * RFC 9457 problem details for the pricing errors of the pricing endpoints. Spring MVC's own errors (bad JSON, bad
 * dates) fall through to the API-wide {@code ApiProblemAdvice}.
 */
@RestControllerAdvice(basePackageClasses = PricingProblems.class)
@Order(Ordered.HIGHEST_PRECEDENCE + 100)
class PricingProblems {

    @ExceptionHandler(InvalidPriceException.class)
    ProblemDetail invalid(InvalidPriceException e) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, e.getMessage());
        problem.setTitle("Invalid price");
        problem.setProperty("field", e.field());
        return problem;
    }

    @ExceptionHandler(PriceOverlapException.class)
    ProblemDetail overlap(PriceOverlapException e) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.CONFLICT, e.getMessage());
        problem.setTitle("Price overlaps another");
        problem.setProperty("conflictingPriceId", e.existing().id());
        return problem;
    }

    @ExceptionHandler(PriceNotFoundException.class)
    ProblemDetail notFound(PriceNotFoundException e) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.NOT_FOUND, e.getMessage());
        problem.setTitle("No such price");
        return problem;
    }

    @ExceptionHandler(PriceWritesDisabledException.class)
    ProblemDetail writesDisabled(PriceWritesDisabledException e) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.FORBIDDEN, e.getMessage());
        problem.setTitle("Price writes disabled");
        return problem;
    }

    /** Inputs the pricing math refuses (e.g. a throughput of zero): the caller's mistake. */
    @ExceptionHandler(IllegalArgumentException.class)
    ProblemDetail badArgument(IllegalArgumentException e) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, e.getMessage());
        problem.setTitle("Bad request");
        return problem;
    }
}
