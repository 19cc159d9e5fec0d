package io.costbench.service.run;

import java.util.List;

import tools.jackson.databind.JsonNode;

/** Reads one load generator's result document into runs in vLLM's vocabulary. One implementation per format. */
interface ResultAdapter {

    RunFormat format();

    /**
     * @param document one JSON value of the tool's file (for JSON Lines files: one line)
     * @param path     how errors name the document, e.g. {@code result} or {@code result[line 2]}
     * @return at least one run
     */
    List<ParsedRun> parse(JsonNode document, String path);

    /** Whether the tool writes JSON Lines (one run per line) that may be pushed as a string. */
    default boolean acceptsJsonLines() {
        return false;
    }
}
