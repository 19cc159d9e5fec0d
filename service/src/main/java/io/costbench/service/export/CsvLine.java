package io.costbench.service.export;

import java.io.IOException;
import java.io.Writer;
import java.time.Instant;
import java.util.List;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * Writes CSV records one at a time in the cell formats of {@link CsvCells}. A record is built in a reused buffer and
 * handed to the writer whole, and numbers are appended to a reused cell buffer instead of becoming a String each: a
 * million-row export would otherwise allocate gigabytes. Commons CSV still does the RFC 4180 quoting and the CRLF.
 */
final class CsvLine {

    private final Writer out;
    private final StringBuilder record = new StringBuilder(512);
    private final StringBuilder cell = new StringBuilder(64);
    private final CSVPrinter printer;
    private char[] chars = new char[1024];

    CsvLine(Writer out) throws IOException {
        this.out = out;
        this.printer = new CSVPrinter(record, CSVFormat.RFC4180);
    }

    /** A text cell, neutralized against formula injection. */
    CsvLine text(String value) throws IOException {
        printer.print(CsvCells.text(value));
        return this;
    }

    /** A cell already in its exported form (a number, date or code the export formatted itself). */
    CsvLine formatted(String value) throws IOException {
        printer.print(value);
        return this;
    }

    CsvLine empty() throws IOException {
        printer.print(CsvCells.EMPTY);
        return this;
    }

    CsvLine integer(long value) throws IOException {
        cell.setLength(0);
        cell.append(value);
        printer.print(cell);
        return this;
    }

    /** An integer, or an empty cell when {@code present} is false (the column was SQL NULL). */
    CsvLine integer(long value, boolean present) throws IOException {
        return present ? integer(value) : empty();
    }

    /** A floating-point number; non-finite values are empty. */
    CsvLine number(double value) throws IOException {
        cell.setLength(0);
        CsvCells.appendNumber(cell, value);
        printer.print(cell);
        return this;
    }

    CsvLine timestamp(Instant value) throws IOException {
        cell.setLength(0);
        CsvCells.appendTimestamp(cell, value);
        printer.print(cell);
        return this;
    }

    /** Ends the record and writes it. */
    void end() throws IOException {
        printer.println();
        int length = record.length();
        if (chars.length < length) {
            chars = new char[Math.max(length, 2 * chars.length)];
        }
        record.getChars(0, length, chars, 0);
        out.write(chars, 0, length);
        record.setLength(0);
    }

    /** Writes a whole record of pre-formatted cells (the header). */
    void header(List<String> names) throws IOException {
        for (String name : names) {
            printer.print(name);
        }
        end();
    }
}
