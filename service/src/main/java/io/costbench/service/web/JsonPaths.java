package io.costbench.service.web;

import jakarta.validation.ElementKind;
import jakarta.validation.Path;
import tools.jackson.core.JacksonException;

/**
 * The one way a field is named in a problem: the JSON path of the request body, {@code targets[0].hardware},
 * {@code context.concurrency}, {@code concurrencies[2]}, whether Jackson or Bean Validation found the problem.
 */
public final class JsonPaths {

    private JsonPaths() {
    }

    /** Where Jackson stopped reading. */
    public static String of(JacksonException e) {
        StringBuilder path = new StringBuilder();
        for (JacksonException.Reference reference : e.getPath()) {
            if (reference.getPropertyName() != null) {
                path.append(path.isEmpty() ? "" : ".").append(reference.getPropertyName());
            } else if (reference.getIndex() >= 0) {
                path.append('[').append(reference.getIndex()).append(']');
            }
        }
        return path.toString();
    }

    /** A Bean Validation property path, without the container-element nodes ({@code <list element>}). */
    public static String of(Path path) {
        StringBuilder field = new StringBuilder();
        for (Path.Node node : path) {
            if (node.isInIterable()) {
                field.append('[').append(node.getIndex() != null ? node.getIndex() : node.getKey()).append(']');
            }
            if (node.getKind() != ElementKind.CONTAINER_ELEMENT && node.getName() != null) {
                field.append(field.isEmpty() ? "" : ".").append(node.getName());
            }
        }
        return field.toString();
    }

    /** {@code list[index]}. */
    public static String index(String list, int index) {
        return list + "[" + index + "]";
    }

    /** {@code prefix.path} ({@code prefix[2]} for an index); either alone when the other is empty. */
    public static String under(String prefix, String path) {
        if (prefix.isEmpty() || path.isEmpty()) {
            return prefix + path;
        }
        return path.startsWith("[") ? prefix + path : prefix + "." + path;
    }
}
