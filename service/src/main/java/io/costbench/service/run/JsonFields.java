package io.costbench.service.run;

import io.costbench.service.web.BadInputException;
import tools.jackson.databind.JsonNode;

/** Reading a pushed file's fields with errors that name the field ({@code result.benchmarks[0].metrics}). */
final class JsonFields {

    private JsonFields() {
    }

    /** The number at {@code name}, or null when absent or JSON null; a non-number is refused. */
    static Double number(JsonNode node, String name, String path) {
        return number(node, name, path, false);
    }

    /** Like {@link #number(JsonNode, String, String)}, accepting numbers written as strings ({@code "550"}). */
    static Double lenientNumber(JsonNode node, String name, String path) {
        return number(node, name, path, true);
    }

    private static Double number(JsonNode node, String name, String path, boolean acceptStrings) {
        JsonNode value = node.get(name);
        if (value == null || value.isNull()) {
            return null;
        }
        if (value.isNumber()) {
            return value.asDouble();
        }
        if (acceptStrings && value.isString()) {
            try {
                return Double.valueOf(value.asString().trim());
            } catch (NumberFormatException e) {
                // fall through to the refusal below
            }
        }
        throw BadInputException.unprocessable(path + "." + name, "must be a number, was " + describe(value));
    }

    static double requireNumber(JsonNode node, String name, String path) {
        Double value = number(node, name, path);
        if (value == null) {
            throw BadInputException.unprocessable(path + "." + name, "is required");
        }
        return value;
    }

    static JsonNode requireObject(JsonNode node, String name, String path) {
        JsonNode value = node.get(name);
        if (value == null || value.isNull()) {
            throw BadInputException.unprocessable(path + "." + name, "is required");
        }
        if (!value.isObject()) {
            throw BadInputException.unprocessable(path + "." + name, "must be an object, was " + describe(value));
        }
        return value;
    }

    /** The object at {@code name}, or null when absent; anything but an object is refused. */
    static JsonNode optionalObject(JsonNode node, String name, String path) {
        JsonNode value = node.get(name);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isObject()) {
            throw BadInputException.unprocessable(path + "." + name, "must be an object, was " + describe(value));
        }
        return value;
    }

    static String text(JsonNode node, String name) {
        JsonNode value = node.get(name);
        return value == null || !value.isString() ? null : value.asString();
    }

    /** A whole number of at most int range that is positive, or null; e.g. a configured concurrency. */
    static Integer positiveInt(Double value) {
        if (value == null || !Double.isFinite(value) || value < 1 || value > Integer.MAX_VALUE) {
            return null;
        }
        return (int) Math.round(value);
    }

    static String describe(JsonNode value) {
        String kind = value.isObject() ? "an object" : value.isArray() ? "an array"
                : value.isString() ? "a string" : value.isBoolean() ? "a boolean" : value.getNodeType().toString();
        String text = value.toString();
        return kind + (text.length() > 40 ? "" : " (" + text + ")");
    }
}
