package io.costbench.service.pricing;

import java.util.Arrays;
import java.util.stream.Collectors;

import io.costbench.pricing.Accelerator;
import io.costbench.pricing.InvalidPriceException;
import io.costbench.pricing.PurchaseOption;

/** Parsing the ids of the API into the pricing module's types, with messages that list what is known. */
final class Accelerators {

    private Accelerators() {
    }

    static Accelerator parse(String field, String id) {
        if (id == null || id.isBlank()) {
            throw new InvalidPriceException(field, field + " is required; known: " + acceleratorIds());
        }
        return Accelerator.fromId(id).orElseThrow(() -> new InvalidPriceException(field,
                "unknown accelerator '" + id + "'; known: " + acceleratorIds()));
    }

    static PurchaseOption parseOption(String field, String id) {
        return PurchaseOption.fromId(id).orElseThrow(() -> new InvalidPriceException(field,
                "unknown purchase option '" + id + "'; known: " + optionIds()));
    }

    static String acceleratorIds() {
        return Arrays.stream(Accelerator.values()).map(Accelerator::id).collect(Collectors.joining(", "));
    }

    static String optionIds() {
        return Arrays.stream(PurchaseOption.values()).map(PurchaseOption::id).collect(Collectors.joining(", "));
    }
}
