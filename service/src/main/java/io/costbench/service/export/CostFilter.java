package io.costbench.service.export;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import io.costbench.pricing.PurchaseOption;
import io.costbench.service.web.BadInputException;

/**
 * The filters of a cost export; a null field does not filter. {@code from} and {@code to} are UTC run dates, both
 * inclusive.
 */
record CostFilter(Long sweepId, String model, String hardware, String profile, LocalDate from, LocalDate to,
        PriceMode priceMode, PurchaseOption priceOption) {

    /** Catalog ids: letters, digits, '.', '_', '-', '/' (Hugging Face ids), at most the column's 64 characters. */
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._/-]{0,63}");

    static CostFilter forSweep(long sweepId, String priceMode, String priceOption) {
        return parse(Long.toString(sweepId), null, null, null, null, null, priceMode, priceOption);
    }

    /** @throws BadInputException (400) naming the first parameter that does not parse */
    static CostFilter parse(String sweep, String model, String hardware, String profile, String from, String to,
            String priceMode, String priceOption) {
        LocalDate fromDate = date("from", from);
        LocalDate toDate = date("to", to);
        if (fromDate != null && toDate != null && toDate.isBefore(fromDate)) {
            throw BadInputException.badRequest("to", "'to' (" + toDate + ") is before 'from' (" + fromDate + ")");
        }
        PriceMode mode = priceMode(priceMode);
        PurchaseOption option = priceOption(priceOption);
        return new CostFilter(sweepId(sweep), id("model", model), id("hardware", hardware), id("profile", profile),
                fromDate, toDate, mode, option);
    }

    /** @throws BadInputException (400) naming {@code priceMode}; at-run when blank */
    static PriceMode priceMode(String priceMode) {
        return blank(priceMode) ? PriceMode.AT_RUN : PriceMode.fromId(priceMode.trim())
                .orElseThrow(() -> BadInputException.badRequest("priceMode",
                        "unknown price mode '" + priceMode + "'; known: at-run, current"));
    }

    /** @throws BadInputException (400) naming {@code priceOption}; on-demand when blank */
    static PurchaseOption priceOption(String priceOption) {
        return blank(priceOption) ? PurchaseOption.ON_DEMAND : PurchaseOption.fromId(priceOption)
                .orElseThrow(() -> BadInputException.badRequest("priceOption", "unknown purchase option '"
                        + priceOption + "'; known: " + Arrays.stream(PurchaseOption.values())
                                .map(PurchaseOption::id).collect(Collectors.joining(", "))));
    }

    private static Long sweepId(String sweep) {
        if (blank(sweep)) {
            return null;
        }
        try {
            long id = Long.parseLong(sweep.trim());
            if (id < 1) {
                throw BadInputException.badRequest("sweep", "sweep id must be a positive integer, was " + sweep);
            }
            return id;
        } catch (NumberFormatException e) {
            throw BadInputException.badRequest("sweep", "sweep id must be a positive integer, was '" + sweep + "'");
        }
    }

    private static String id(String field, String value) {
        if (blank(value)) {
            return null;
        }
        String trimmed = value.trim();
        if (!ID.matcher(trimmed).matches()) {
            throw BadInputException.badRequest(field, field + " must be a catalog id (letters, digits, '.', '_', "
                    + "'-', '/'; at most 64 characters)");
        }
        return trimmed;
    }

    private static LocalDate date(String field, String value) {
        if (blank(value)) {
            return null;
        }
        try {
            return LocalDate.parse(value.trim());
        } catch (DateTimeParseException e) {
            throw BadInputException.badRequest(field, "'" + field + "' must be a date as yyyy-MM-dd (UTC), was '"
                    + value + "'");
        }
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }
}
