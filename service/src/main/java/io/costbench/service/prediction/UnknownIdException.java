package io.costbench.service.prediction;

import java.util.List;

/**
 * An id (or alias) the catalog does not have in that place: a model, hardware, a profile for that hardware, an
 * optimization switch for that family.
 *
 * @see ScenarioResolver
 */
public class UnknownIdException extends RuntimeException {

    private final String field;
    private final String id;
    private final List<String> knownIds;

    /** @param message what is wrong, without the field's name, e.g. "unknown model gpt-9; known: a, b" */
    public UnknownIdException(String field, String id, List<String> knownIds, String message) {
        super(message);
        this.field = field;
        this.id = id;
        this.knownIds = List.copyOf(knownIds);
    }

    UnknownIdException(String field, String id, List<String> knownIds) {
        this(field, id, knownIds, "unknown " + field + " " + id + "; known: " + String.join(", ", knownIds));
    }

    /** The scenario field the id was given for: model, hardware, profile or optimizations. */
    public String field() {
        return field;
    }

    public String id() {
        return id;
    }

    public List<String> knownIds() {
        return knownIds;
    }
}
