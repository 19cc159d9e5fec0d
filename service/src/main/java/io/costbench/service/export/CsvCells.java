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

    /** A floating-point number appended to {@code cell}; nothing for a non-finite one. */
    static void appendNumber(StringBuilder cell, double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return;
        }
        if (value == 0) {
            cell.append('0'); // also -0.0
            return;
        }
        int start = cell.length();
        cell.append(value); // the digits of Double.toString
        if (cell.indexOf("E", start) >= 0) {
            String digits = cell.substring(start);
            cell.setLength(start);
            cell.append(new BigDecimal(digits).stripTrailingZeros().toPlainString());
        } else if (cell.length() - start > 2 && cell.charAt(cell.length() - 2) == '.'
                && cell.charAt(cell.length() - 1) == '0') {
            cell.setLength(cell.length() - 2);
        }
    }

    static String decimal(BigDecimal value) {
        return value == null ? EMPTY : value.toPlainString();
    }

    static void appendTimestamp(StringBuilder cell, Instant value) {
        if (value != null) {
            DateTimeFormatter.ISO_INSTANT.formatTo(value, cell);
        }
    }

    static String date(LocalDate value) {
        return value == null ? EMPTY : value.toString();
    }
}
