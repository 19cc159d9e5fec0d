package io.costbench.service.web;

import java.net.URI;

import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.web.ErrorResponseException;

/**
 * A problem with its own type URI ({@code https://costbench.io/problems/<type>}) and title, thrown by a controller and
 * answered by the API advice like every other {@link ErrorResponseException}.
 */
public class TypedProblem extends ErrorResponseException {

    public TypedProblem(HttpStatusCode status, String type, String title, String detail) {
        super(status, problem(status, type, title, detail), null);
    }

    @Override
    public String getMessage() {
        return getBody().getDetail();
    }

    private static ProblemDetail problem(HttpStatusCode status, String type, String title, String detail) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
        problem.setType(URI.create("https://costbench.io/problems/" + type));
        problem.setTitle(title);
        return problem;
    }
}
