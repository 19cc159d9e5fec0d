package io.costbench.service.export;

import java.io.IOException;
import java.io.Writer;
import java.time.Instant;
import java.util.List;

/**
 * Writes CSV records one at a time in the cell formats of {@link CsvCells}, with the quoting of Apache Commons CSV's
 * {@code CSVFormat.RFC4180} (which this writer replaced; {@code CsvLineTest} compares the two byte for byte):
 * comma-separated, CRLF after each record, and a cell quoted, its quotes doubled, when it holds a comma, quote, CR or
 * LF, begins with a character up to {@code #} (space, control characters, {@code ! " #}) or ends with one up to a
 * space; an empty first cell of a record is {@code ""}, so that a one-cell record is not an empty line. Each cell is
 * written straight into one reused record buffer (numbers and timestamps without an intermediate String) and the
 * record is handed to the writer whole: a million-row export would otherwise allocate gigabytes, and Commons CSV's
 * per-cell work was a third of an export's CPU time.
 */
final class CsvLine {

    private static final char QUOTE = '"';

    private final Writer out;
    private final StringBuilder record = new StringBuilder(512);
    private boolean firstCell = true;
    private char[] chars = new char[1024];

    CsvLine(Writer out) {
        this.out = out;
    }

    /** A text cell, neutralized against formula injection. */
    CsvLine text(String value) {
        return formatted(CsvCells.text(value));
    }

    /** A cell already in its exported form (a number, date or code the export formatted itself). */
    CsvLine formatted(String value) {
        int start = startCell();
        if (value == null) {
            firstCell = false;
            return this; // as Commons CSV printed null: nothing, not even the quotes of an empty first cell
        }
        if (!value.isEmpty() && needsQuotes(value)) {
            firstCell = false;
            record.append(QUOTE);
            for (int i = 0; i < value.length(); i++) {
                char c = value.charAt(i);
                if (c == QUOTE) {
                    record.append(QUOTE);
                }
                record.append(c);
            }
            record.append(QUOTE);
            return this;
        }
        record.append(value);
        return endCell(start);
    }

    CsvLine empty() {
        return endCell(startCell());
    }

    CsvLine integer(long value) {
        startCell();
        record.append(value);
        firstCell = false;
        return this;
    }

    /** An integer, or an empty cell when {@code present} is false (the column was SQL NULL). */
    CsvLine integer(long value, boolean present) {
        return present ? integer(value) : empty();
    }

    /** A floating-point number; non-finite values are empty. */
    CsvLine number(double value) {
        int start = startCell();
        CsvCells.appendNumber(record, value);
        return endCell(start);
    }

    CsvLine timestamp(Instant value) {
        int start = startCell();
        CsvCells.appendTimestamp(record, value);
        return endCell(start);
    }

    /** Ends the record and writes it. */
    void end() throws IOException {
        record.append('\r').append('\n');
        int length = record.length();
        if (chars.length < length) {
            chars = new char[Math.max(length, 2 * chars.length)];
        }
        record.getChars(0, length, chars, 0);
        out.write(chars, 0, length);
        record.setLength(0);
        firstCell = true;
    }

    /** Writes a whole record of pre-formatted cells (the header). */
    void header(List<String> names) throws IOException {
        for (String name : names) {
            formatted(name);
        }
        end();
    }

    /** Writes the separator before a cell that is not the record's first; returns where the cell starts. */
    private int startCell() {
        if (!firstCell) {
            record.append(',');
        }
        return record.length();
    }

    /**
     * Ends a cell appended since {@code start} that needs no quotes unless it is empty: a text cell checked before,
     * or a number or timestamp, whose characters (digits, {@code - + . : T Z}) never need them.
     */
    private CsvLine endCell(int start) {
        if (firstCell && record.length() == start) {
            record.append(QUOTE).append(QUOTE);
        }
        firstCell = false;
        return this;
    }

    private static boolean needsQuotes(String cell) {
        if (cell.charAt(0) <= '#' || cell.charAt(cell.length() - 1) <= ' ') {
            return true;
        }
        for (int i = 0; i < cell.length(); i++) {
            char c = cell.charAt(i);
            if (c == ',' || c == QUOTE || c == '\r' || c == '\n') {
                return true;
            }
        }
        return false;
    }
}
