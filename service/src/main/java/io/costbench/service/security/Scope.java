package io.costbench.service.security;

import java.util.Arrays;
import java.util.Optional;

import com.fasterxml.jackson.annotation.JsonValue;

/** What a token may change. {@code admin} implies the other two (see {@link #authority()} use in the filter). */
public enum Scope {
    RUNS_WRITE("runs:write"),
    SWEEPS_WRITE("sweeps:write"),
    ADMIN("admin");

    private final String wireName;

    Scope(String wireName) {
        this.wireName = wireName;
    }

    /** The name on the wire and in the database, e.g. {@code runs:write}. */
    @JsonValue
    public String wireName() {
        return wireName;
    }

    /** The Spring Security authority a request carries when its token holds this scope. */
    public String authority() {
        return "SCOPE_" + wireName;
    }

    public static Optional<Scope> fromWireName(String name) {
        return Arrays.stream(values()).filter(scope -> scope.wireName.equals(name)).findFirst();
    }
}
