package io.costbench.service.web;

import java.util.List;
import java.util.Map;

import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.web.ErrorResponseException;

/**
 * Every invalid field of a request at once, as problem+json: {@code errors: [{field, message}]}, the first also as
 * {@code field}. 400 for malformed input, 422 for well-formed input that cannot be used (as Bean Validation answers).
 */
public class InvalidFieldsException extends ErrorResponseException {

    private final transient List<FieldProblem> problems;

    public InvalidFieldsException(HttpStatusCode status, List<FieldProblem> problems) {
        super(status, problem(status, problems), null);
        this.problems = List.copyOf(problems);
    }

    public static InvalidFieldsException badRequest(List<FieldProblem> problems) {
        return new InvalidFieldsException(HttpStatus.BAD_REQUEST, problems);
    }

    public static InvalidFieldsException unprocessable(List<FieldProblem> problems) {
        return new InvalidFieldsException(HttpStatus.UNPROCESSABLE_CONTENT, problems);
    }

    public List<FieldProblem> problems() {
        return problems;
    }

    @Override
    public String getMessage() {
        return getBody().getDetail();
    }

    static ProblemDetail problem(HttpStatusCode status, List<FieldProblem> problems) {
        String detail = problems.isEmpty() ? "Invalid request"
                : String.join("; ", problems.stream().map(p -> p.field().isEmpty() ? p.message()
                        : p.field() + ": " + p.message()).toList());
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
        problem.setProperty("errors", problems.stream()
                .map(p -> Map.of("field", p.field(), "message", p.message())).toList());
        if (!problems.isEmpty()) {
            problem.setProperty("field", problems.get(0).field());
        }
        return problem;
    }
}
