package io.costbench.service.export;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;

import tools.jackson.core.io.NumberOutput;

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

    private static final long SECONDS_PER_DAY = 86_400;
    /** 1970-01-01 to 10000-01-01: the instants whose ISO year has four digits and no sign. */
    private static final long SECONDS_1970_TO_10000 = 253_402_300_800L;

    /** The magnitudes whose Double.toString has no exponent: there Schubfach and JDK 17 write the same digits. */
    private static final double SHORTEST_FROM = 1e-3;
    private static final double SHORTEST_UNTIL = 1e7;

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
        double magnitude = Math.abs(value);
        if (magnitude >= SHORTEST_FROM && magnitude < SHORTEST_UNTIL) {
            // The digits of Double.toString by Schubfach, several times faster than JDK 17's own (a million-row
            // export writes six million numbers). In this range the two agree (CsvCellsTest); outside it JDK 17
            // sometimes writes a longer decimal than the shortest (JDK-4511638), which the export keeps as it was.
            cell.append(NumberOutput.toString(value, true));
        } else {
            cell.append(value); // the digits of Double.toString
        }
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

    /**
     * The instant as {@link DateTimeFormatter#ISO_INSTANT} writes it ({@code 2026-03-01T10:15:30.25Z} is written
     * {@code 2026-03-01T10:15:30.250Z}: seconds always, the fraction in groups of three digits). Instants from 1970
     * to 9999 by arithmetic, a few times faster than the formatter (one per exported row); others through it.
     */
    static void appendTimestamp(StringBuilder cell, Instant value) {
        if (value == null) {
            return;
        }
        long seconds = value.getEpochSecond();
        if (seconds < 0 || seconds >= SECONDS_1970_TO_10000) {
            DateTimeFormatter.ISO_INSTANT.formatTo(value, cell);
            return;
        }
        long day = seconds / SECONDS_PER_DAY;
        int secondOfDay = (int) (seconds - day * SECONDS_PER_DAY);
        LocalDate date = LocalDate.ofEpochDay(day);
        appendDigits(cell, date.getYear(), 4).append('-');
        appendDigits(cell, date.getMonthValue(), 2).append('-');
        appendDigits(cell, date.getDayOfMonth(), 2).append('T');
        appendDigits(cell, secondOfDay / 3600, 2).append(':');
        appendDigits(cell, secondOfDay / 60 % 60, 2).append(':');
        appendDigits(cell, secondOfDay % 60, 2);
        int nanos = value.getNano();
        if (nanos != 0) {
            cell.append('.');
            if (nanos % 1_000_000 == 0) {
                appendDigits(cell, nanos / 1_000_000, 3);
            } else if (nanos % 1000 == 0) {
                appendDigits(cell, nanos / 1000, 6);
            } else {
                appendDigits(cell, nanos, 9);
            }
        }
        cell.append('Z');
    }

    /** {@code value} (>= 0) left-padded with zeros to {@code width} digits. */
    private static StringBuilder appendDigits(StringBuilder cell, int value, int width) {
        for (int divisor = pow10(width - 1); divisor > 0; divisor /= 10) {
            cell.append((char) ('0' + value / divisor % 10));
        }
        return cell;
    }

    private static int pow10(int exponent) {
        int power = 1;
        for (int i = 0; i < exponent; i++) {
            power *= 10;
        }
        return power;
    }

    static String date(LocalDate value) {
        return value == null ? EMPTY : value.toString();
    }
}
