package io.costbench.pricing;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** How the accelerator-hour is bought. {@code custom} is a user's own figure, e.g. a TCO per chip-hour. */
public enum PurchaseOption {
    ON_DEMAND("on-demand"),
    RESERVED_1YR("reserved-1yr"),
    RESERVED_3YR("reserved-3yr"),
    SAVINGS_PLAN("savings-plan"),
    SPOT("spot"),
    CUSTOM("custom");

    private final String id;

    PurchaseOption(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    public static Optional<PurchaseOption> fromId(String id) {
        if (id == null) {
            return Optional.empty();
        }
        String wanted = id.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(o -> o.id.equals(wanted)).findFirst();
    }
}
