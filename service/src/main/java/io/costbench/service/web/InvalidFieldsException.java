package io.costbench.service.web;

import java.util.List;
import java.util.Map;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.ErrorResponseException;

/** 422 problem+json listing every invalid field ({@code errors: [{field, message}]}), like bean validation does. */
public class InvalidFieldsException extends ErrorResponseException {

    public InvalidFieldsException(List<Map<String, String>> errors) {
        super(HttpStatus.UNPROCESSABLE_CONTENT, problem(errors), null);
    }

    private static ProblemDetail problem(List<Map<String, String>> errors) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.UNPROCESSABLE_CONTENT,
                String.join("; ", errors.stream().map(error -> error.get("field") + ": " + error.get("message"))
                        .toList()));
        problem.setProperty("errors", errors);
        if (!errors.isEmpty()) {
            problem.setProperty("field", errors.get(0).get("field"));
        }
        return problem;
    }

    @Override
    public String getMessage() {
        return getBody().getDetail();
    }
}
