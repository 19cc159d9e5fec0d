package io.costbench.service.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.springframework.stereotype.Component;

import io.costbench.service.web.FieldProblem;
import io.costbench.service.web.InvalidFieldsException;
import io.costbench.service.web.JsonPaths;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.exc.UnrecognizedPropertyException;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads the body of POST /api/v1/sweeps: a definition, or {@code {"preset":"default"}} (optionally with a "name").
 * Strict: unknown fields and fractional counts are errors that name the field, not silently dropped.
 */
@Component
class SweepRequests {

    private static final Set<String> PRESET_FIELDS = Set.of("preset", "name");

    private final JsonMapper json;
    private final ObjectReader definitions;
    private final SweepValidator validator;

    SweepRequests(JsonMapper json, SweepValidator validator) {
        this.json = json;
        this.definitions = json.readerFor(SweepDefinition.class)
                .with(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .without(DeserializationFeature.ACCEPT_FLOAT_AS_INT);
        this.validator = validator;
    }

    /** @throws InvalidFieldsException naming the fields in error (see {@link SweepValidator#check}) */
    SweepDefinition read(byte[] body, String defaultName) {
        JsonNode tree;
        try {
            tree = json.readTree(body);
        } catch (JacksonException e) {
            throw invalid("", "not valid JSON: " + e.getOriginalMessage());
        }
        if (tree == null || !tree.isObject()) {
            throw invalid("", "expected a JSON object: a sweep definition or {\"preset\":\"default\"}");
        }
        if (tree.has("preset")) {
            return preset(tree, defaultName);
        }
        try {
            return validator.check(definitions.readValue(tree));
        } catch (UnrecognizedPropertyException e) {
            throw invalid(JsonPaths.of(e), "unknown field");
        } catch (JacksonException e) {
            throw invalid(JsonPaths.of(e), e.getOriginalMessage());
        }
    }

    private SweepDefinition preset(JsonNode tree, String defaultName) {
        List<FieldProblem> problems = new ArrayList<>();
        tree.propertyNames().forEach(field -> {
            if (!PRESET_FIELDS.contains(field)) {
                problems.add(new FieldProblem(field, "not allowed with a preset"));
            }
        });
        JsonNode preset = tree.get("preset");
        JsonNode name = tree.get("name");
        if (!preset.isString() || !SweepPresets.DEFAULT.equals(preset.asString())) {
            problems.add(new FieldProblem("preset", "unknown preset; known: " + SweepPresets.DEFAULT));
        }
        if (name != null && !name.isString()) {
            problems.add(new FieldProblem("name", "must be a string"));
        }
        if (!problems.isEmpty()) {
            throw InvalidFieldsException.badRequest(problems);
        }
        return validator.check(SweepPresets.defaultSweep(name == null ? defaultName : name.asString()));
    }

    private static InvalidFieldsException invalid(String field, String message) {
        return InvalidFieldsException.badRequest(List.of(new FieldProblem(field, message)));
    }
}
