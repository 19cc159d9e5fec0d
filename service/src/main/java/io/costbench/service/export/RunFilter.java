package io.costbench.service.export;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.regex.Pattern;

import io.costbench.pricing.PurchaseOption;
import io.costbench.service.web.BadInputException;

/**
 * The filters of a runs export; a null field does not filter. {@code from}/{@code to}: UTC push dates, inclusive.
 * {@code priceMode} and {@code priceOption} pick the price the cost columns use, as for the cost export.
 */
record RunFilter(String model, String hardware, String profile, String branch, LocalDate from, LocalDate to,
        PriceMode priceMode, PurchaseOption priceOption) {

    /** Ids and branch names as the runs API stores them: printable, no leading formula character, bounded. */
    private static final Pattern VALUE = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._/:+-]{0,199}");

    static RunFilter parse(String model, String hardware, String profile, String branch, String from, String to,
            String priceMode, String priceOption) {
        LocalDate fromDate = date("from", from);
        LocalDate toDate = date("to", to);
        if (fromDate != null && toDate != null && toDate.isBefore(fromDate)) {
            throw BadInputException.badRequest("to", "'to' (" + toDate + ") is before 'from' (" + fromDate + ")");
        }
        return new RunFilter(value("model", model), value("hardware", hardware), value("profile", profile),
                value("branch", branch), fromDate, toDate, CostFilter.priceMode(priceMode),
                CostFilter.priceOption(priceOption));
    }

    private static String value(String field, String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        String trimmed = value.trim();
        if (!VALUE.matcher(trimmed).matches()) {
            throw BadInputException.badRequest(field, field + " must be an id or branch name (letters, digits, "
                    + "'.', '_', '/', ':', '+', '-'; at most 200 characters)");
        }
        return trimmed;
    }

    private static LocalDate date(String field, String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            return LocalDate.parse(value.trim());
        } catch (DateTimeParseException e) {
            throw BadInputException.badRequest(field, "'" + field + "' must be a date as yyyy-MM-dd (UTC), was '"
                    + value + "'");
        }
    }
}
