package io.costbench.service.sweep;

import java.util.List;

/** A sweep request that cannot be accepted; nothing was written. */
public class InvalidSweepException extends RuntimeException {

    private final transient List<FieldProblem> problems;

    public InvalidSweepException(List<FieldProblem> problems) {
        super(problems.isEmpty() ? "invalid sweep" : problems.get(0).field() + ": " + problems.get(0).message());
        this.problems = List.copyOf(problems);
    }

    public List<FieldProblem> problems() {
        return problems;
    }
}
