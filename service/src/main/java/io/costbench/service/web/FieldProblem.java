package io.costbench.service.web;

/** One thing wrong with a request, named by its JSON path (e.g. {@code targets[1].profile}, see {@link JsonPaths}). */
public record FieldProblem(String field, String message) {
}
