package io.costbench.service.export;

import java.util.Arrays;
import java.util.Optional;

/** Which price a stored result is costed at: the one in force on its run date, or today's. */
enum PriceMode {
    AT_RUN("at-run"),
    CURRENT("current");

    private final String id;

    PriceMode(String id) {
        this.id = id;
    }

    String id() {
        return id;
    }

    static Optional<PriceMode> fromId(String id) {
        return Arrays.stream(values()).filter(m -> m.id.equals(id)).findFirst();
    }
}
