package io.costbench.pricing;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * What a price is for. At most one price per key is in force on any date; prices for the same key never overlap.
 * Region {@link #ANY_REGION} is a price that names no region (the write-up's prices); a lookup for a region falls back
 * to it.
 */
public record PriceKey(Accelerator accelerator, PurchaseOption option, String region) {

    public static final String ANY_REGION = "any";
    public static final int MAX_REGION_LENGTH = 32;
    private static final Pattern REGION = Pattern.compile("[a-z0-9][a-z0-9-]{0,31}");

    public PriceKey {
        Objects.requireNonNull(accelerator, "accelerator");
        Objects.requireNonNull(option, "option");
        checkRegion(region);
    }

    /** A region id as prices use it, or an {@link InvalidPriceException}. */
    public static String checkRegion(String region) {
        if (region == null || !REGION.matcher(region).matches()) {
            throw new InvalidPriceException("region",
                    "region must be 1-32 lower-case letters, digits or '-' (e.g. us-east-1 or any), was " + region);
        }
        return region;
    }

    public PriceKey withRegion(String otherRegion) {
        return new PriceKey(accelerator, option, otherRegion);
    }
}
