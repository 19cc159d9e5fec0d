package io.costbench.service.web;

import java.net.URI;

import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.web.ErrorResponseException;

/**
 * Input that parses but cannot be accepted; answered as problem+json naming the offending field. Use 400 for input
 * that is malformed and 422 for input that is well-formed but unusable (unknown format, negative count, ...).
 */
public class BadInputException extends ErrorResponseException {

    private final String field;
    private final String reason;

    public BadInputException(HttpStatusCode status, String field, String detail) {
        super(status, problem(status, field, detail), null);
        this.field = field;
        this.reason = detail;
    }

    /** 422 Unprocessable Content: the usual answer for a value that is well-formed but wrong. */
    public static BadInputException unprocessable(String field, String detail) {
        return new BadInputException(HttpStatus.UNPROCESSABLE_CONTENT, field, detail);
    }

    public static BadInputException badRequest(String field, String detail) {
        return new BadInputException(HttpStatus.BAD_REQUEST, field, detail);
    }

    public String field() {
        return field;
    }

    /** What is wrong with the field, without the field's name (the problem's detail starts with it). */
    public String reason() {
        return reason;
    }

    @Override
    public String getMessage() {
        return getBody().getDetail();
    }

    private static ProblemDetail problem(HttpStatusCode status, String field, String detail) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, field == null ? detail : field + ": " + detail);
        if (field != null) {
            problem.setProperty("field", field);
        }
        problem.setType(URI.create("about:blank"));
        return problem;
    }
}
