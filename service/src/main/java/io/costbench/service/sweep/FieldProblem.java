package io.costbench.service.sweep;

/** One thing wrong with a request, named by its JSON path (e.g. {@code targets[1].profile}). */
public record FieldProblem(String field, String message) {
}
