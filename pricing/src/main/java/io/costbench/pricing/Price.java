package io.costbench.pricing;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Currency;
import java.util.Objects;

/**
 * One price of the catalog: what an accelerator-hour costs under a purchase option in a region, in force from
 * {@code effectiveFrom} (inclusive) to {@code effectiveTo} (exclusive; null while open). Prices are never overwritten:
 * a change closes the old price and adds a new one.
 *
 * @param id                    the stored id, null before it is stored
 * @param usdPerAcceleratorHour the amount per accelerator-hour, in {@code currency} (USD unless stated otherwise)
 * @param source                where the figure comes from: a URL or the quoted text
 */
public record Price(Long id, PriceKey key, Currency currency, BigDecimal usdPerAcceleratorHour, LocalDate effectiveFrom,
        LocalDate effectiveTo, String source, String note) {

    public static final Currency USD = Currency.getInstance("USD");
    public static final int MAX_TEXT_LENGTH = 1000;
    /** The column is numeric(12,6). */
    public static final BigDecimal MAX_AMOUNT = new BigDecimal("999999.999999");
    public static final int MAX_SCALE = 6;
    /** Prices are for this century: a date outside it is a typo (year 20250) or an attack, not a price. */
    public static final LocalDate EARLIEST = LocalDate.of(2000, 1, 1);
    public static final LocalDate LATEST = LocalDate.of(2100, 12, 31);
    /**
     * ISO 4217 codes Java still knows that are no longer in use (replaced by the euro or redenominated); with the X
     * codes (precious metals, testing, no currency) they are not currencies a price can be in.
     */
    private static final java.util.Set<String> WITHDRAWN_CURRENCIES = java.util.Set.of("ADP", "AFA", "ATS", "AYM",
            "AZM", "BEF", "BGL", "CSD", "CUC", "CYP", "DEM", "EEK", "ESP", "FIM", "FRF", "GHC", "GRD", "GWP", "HRK",
            "IEP", "ITL", "LTL", "LUF", "LVL", "MGF", "MRO", "MTL", "MZM", "NLG", "PTE", "ROL", "RUR", "SDD", "SIT",
            "SKK", "SLL", "SRG", "STD", "TMM", "TPE", "TRL", "VEB", "VEF", "YUM", "ZMK", "ZWD", "ZWN", "ZWR");

    public Price {
        Objects.requireNonNull(key, "key");
        if (currency == null) {
            throw new InvalidPriceException("currency", "currency is required (ISO 4217, e.g. USD)");
        }
        if (usdPerAcceleratorHour == null || usdPerAcceleratorHour.signum() <= 0) {
            throw new InvalidPriceException("usdPerAcceleratorHour",
                    "price per accelerator-hour must be greater than zero, was " + usdPerAcceleratorHour);
        }
        if (usdPerAcceleratorHour.compareTo(MAX_AMOUNT) > 0
                || usdPerAcceleratorHour.stripTrailingZeros().scale() > MAX_SCALE) {
            throw new InvalidPriceException("usdPerAcceleratorHour",
                    "price per accelerator-hour must be at most " + MAX_AMOUNT + " with at most " + MAX_SCALE
                            + " decimals, was " + usdPerAcceleratorHour);
        }
        // One canonical form (2.23, never 2.230000 from a numeric(12,6) column) so equal prices are equal records.
        usdPerAcceleratorHour = usdPerAcceleratorHour.stripTrailingZeros();
        if (usdPerAcceleratorHour.scale() < 0) {
            usdPerAcceleratorHour = usdPerAcceleratorHour.setScale(0);
        }
        if (effectiveFrom == null) {
            throw new InvalidPriceException("effectiveFrom", "effectiveFrom is required");
        }
        inWindow("effectiveFrom", effectiveFrom);
        if (effectiveTo != null) {
            inWindow("effectiveTo", effectiveTo);
        }
        if (effectiveTo != null && !effectiveTo.isAfter(effectiveFrom)) {
            throw new InvalidPriceException("effectiveTo",
                    "effectiveTo (" + effectiveTo + ", exclusive) must be after effectiveFrom (" + effectiveFrom + ")");
        }
        if (source == null || source.isBlank()) {
            throw new InvalidPriceException("source", "source is required: a URL or the quoted text");
        }
        if (source.length() > MAX_TEXT_LENGTH) {
            throw new InvalidPriceException("source", "source is longer than " + MAX_TEXT_LENGTH + " characters");
        }
        if (note != null && note.length() > MAX_TEXT_LENGTH) {
            throw new InvalidPriceException("note", "note is longer than " + MAX_TEXT_LENGTH + " characters");
        }
    }

    /** An ISO 4217 currency by its upper-case code; anything else is an {@link InvalidPriceException}. */
    public static Currency currency(String code) {
        if (code == null || !code.matches("[A-Z]{3}")) {
            throw new InvalidPriceException("currency", "currency must be an ISO 4217 code such as USD, was " + code);
        }
        Currency currency;
        try {
            currency = Currency.getInstance(code);
        } catch (IllegalArgumentException e) {
            throw new InvalidPriceException("currency", "currency must be an ISO 4217 code such as USD, was " + code);
        }
        if (code.startsWith("X") || WITHDRAWN_CURRENCIES.contains(code) || currency.getDefaultFractionDigits() < 0) {
            throw new InvalidPriceException("currency", "currency must be an active ISO 4217 currency (no X codes"
                    + " such as XXX, XTS or XAU, no withdrawn ones), was " + code);
        }
        return currency;
    }

    private static void inWindow(String field, LocalDate date) {
        if (date.isBefore(EARLIEST) || date.isAfter(LATEST)) {
            throw new InvalidPriceException(field, field + " must be between " + EARLIEST + " and " + LATEST
                    + ", was " + date);
        }
    }

    public boolean inForceOn(LocalDate date) {
        return !date.isBefore(effectiveFrom) && (effectiveTo == null || date.isBefore(effectiveTo));
    }

    /** Whether both prices are for the same key and share at least one day. */
    public boolean overlaps(Price other) {
        if (!key.equals(other.key)) {
            return false;
        }
        boolean otherStartsBeforeThisEnds = effectiveTo == null || other.effectiveFrom.isBefore(effectiveTo);
        boolean thisStartsBeforeOtherEnds = other.effectiveTo == null || effectiveFrom.isBefore(other.effectiveTo);
        return otherStartsBeforeThisEnds && thisStartsBeforeOtherEnds;
    }

    /** The same price ending before {@code to} (exclusive). */
    public Price closedOn(LocalDate to) {
        if (effectiveTo != null && !to.isBefore(effectiveTo)) {
            throw new InvalidPriceException("effectiveTo",
                    "price " + id + " already ends on " + effectiveTo + "; a close can only shorten it");
        }
        return new Price(id, key, currency, usdPerAcceleratorHour, effectiveFrom, to, source, note);
    }

    public Price withId(Long newId) {
        return new Price(newId, key, currency, usdPerAcceleratorHour, effectiveFrom, effectiveTo, source, note);
    }

    public double perHour() {
        return usdPerAcceleratorHour.doubleValue();
    }
}
