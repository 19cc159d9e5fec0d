package io.costbench.service.export;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;

/**
 * How every exported cell is written, the same for every CSV of the service:
 * <ul>
 * <li>missing values are empty cells, never {@code null} or {@code NaN} (non-finite numbers are missing);</li>
 * <li>floating-point numbers as the shortest decimal that reads back as the same double (the digits of
 * {@link Double#toString(double)}), without exponent, thousands separators or a trailing {@code .0};</li>
 * <li>exact decimals (prices) as {@link BigDecimal#toPlainString()}; integers in plain decimal;</li>
 * <li>timestamps in ISO 8601 UTC ({@code 2026-11-30T04:15:00Z}), dates as {@code 2026-11-30};</li>
 * <li>text neutralized against formula injection (OWASP): a cell beginning with {@code = + - @}, tab or carriage
 * return gets a leading single quote, so a spreadsheet shows it as text. Numeric cells are never touched.</li>
 * </ul>
 * Locale-independent throughout.
 */
final class CsvCells {

    static final String EMPTY = "";

    private CsvCells() {
    }

    static String text(String value) {
        if (value == null || value.isEmpty()) {
            return EMPTY;
        }
        return switch (value.charAt(0)) {
            case '=', '+', '-', '@', '\t', '\r' -> "'" + value;
            default -> value;
        };
    }

    static String number(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return EMPTY;
        }
        if (value == 0) {
            return "0"; // also -0.0
        }
        String digits = Double.toString(value);
        if (digits.indexOf('E') >= 0) {
            return new BigDecimal(digits).stripTrailingZeros().toPlainString();
        }
        return digits.endsWith(".0") ? digits.substring(0, digits.length() - 2) : digits;
    }

    /** A nullable double as read from a {@code double precision} column. */
    static String number(Double value) {
        return value == null ? EMPTY : number(value.doubleValue());
    }

    static String decimal(BigDecimal value) {
        return value == null ? EMPTY : value.toPlainString();
    }

    static String integer(Integer value) {
        return value == null ? EMPTY : Integer.toString(value);
    }

    static String integer(long value) {
        return Long.toString(value);
    }

    static String timestamp(Instant value) {
        return value == null ? EMPTY : DateTimeFormatter.ISO_INSTANT.format(value);
    }

    static String date(LocalDate value) {
        return value == null ? EMPTY : value.toString();
    }
}
