package io.costbench.service.web;

import java.util.Optional;

/** Paths this site may redirect to after sign-in: local, absolute, no scheme or host (no open redirect). */
public final class LocalPaths {

    static final int MAX_CHARS = 2000;

    private LocalPaths() {
    }

    /** {@code path} when it is a local path such as {@code /sweeps?page=2}; empty for anything else. */
    public static Optional<String> safe(String path) {
        if (path == null || path.isEmpty() || path.length() > MAX_CHARS || !path.startsWith("/")
                || path.startsWith("//") || path.contains("\\") || path.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
            return Optional.empty();
        }
        return Optional.of(path);
    }
}
