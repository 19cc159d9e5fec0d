package io.costbench.service.export;

import java.io.IOException;
import java.io.StringWriter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link CsvLine} writes exactly the bytes Apache Commons CSV ({@code CSVFormat.RFC4180}, which the export used
 * before) writes for the same cells: the same cells through both, compared as strings.
 */
class CsvLineTest {

    /** Cells that exercise every quoting rule, alone and at every place of a record. */
    private static final List<String> TRICKY = List.of("", " ", "a", "plain text", "a,b", "say \"hi\"", "\"",
            "\"\"", "line\nbreak", "cr\rx", "crlf\r\n", "trailing ", "trailing\t", " leading", "\tleading",
            "!bang", "#hash", "$dollar", "'=1+2", "=1+2", "-12.5", "+1", "@x", "café", "日本", "emoji \uD83D\uDE00",
            "a\u0000b", "\u001fx", "x\u007f", "12345678.9", "0.00001", "NaN", ",", "\r", "\n", "x,", ",x");

    @Test
    void everyTrickyCellIsWrittenAsCommonsCsvWritesIt() throws IOException {
        for (String cell : TRICKY) {
            assertSame(List.of(cell));
            assertSame(List.of(cell, "x"));
            assertSame(List.of("x", cell));
            assertSame(List.of("x", cell, "y"));
            assertSame(List.of(cell, cell, cell));
        }
    }

    @Test
    void randomRecordsAreWrittenAsCommonsCsvWritesThem() throws IOException {
        SplittableRandom random = new SplittableRandom(4180);
        String alphabet = "ab ,\"\r\n\t#!=-+@'0.9Zé\u0000";
        for (int i = 0; i < 20_000; i++) {
            List<String> cells = new ArrayList<>();
            int count = random.nextInt(1, 6);
            for (int c = 0; c < count; c++) {
                StringBuilder cell = new StringBuilder();
                int length = random.nextInt(0, 6);
                for (int k = 0; k < length; k++) {
                    cell.append(alphabet.charAt(random.nextInt(alphabet.length())));
                }
                cells.add(cell.toString());
            }
            assertSame(cells);
        }
    }

    @Test
    void numberIntegerTimestampAndEmptyCellsAreWrittenAsCommonsCsvWritesTheirText() throws IOException {
        double[] numbers = {Double.NaN, 1e-5, 12345678.9, -0.5, 0, 2048, 1e20, Double.POSITIVE_INFINITY};
        Instant at = Instant.parse("2026-03-01T10:15:30.25Z");
        for (double number : numbers) {
            StringWriter ours = new StringWriter();
            CsvLine line = new CsvLine(ours);
            line.number(number).integer(-42).integer(7, false).timestamp(at).timestamp(null).empty().number(number)
                    .end();
            line.timestamp(null).number(number).end();
            line.number(number).end();
            line.integer(1, false).end();
            StringWriter theirs = new StringWriter();
            CSVPrinter printer = new CSVPrinter(theirs, CSVFormat.RFC4180);
            String text = cell(c -> CsvCells.appendNumber(c, number));
            printer.printRecord(text, "-42", "", "2026-03-01T10:15:30.250Z", "", "", text);
            printer.printRecord("", text);
            printer.printRecord(text);
            printer.printRecord("");
            assertThat(ours).hasToString(theirs.toString());
        }
    }

    @Test
    void theHeaderIsARecordOfItsNames() throws IOException {
        StringWriter ours = new StringWriter();
        new CsvLine(ours).header(CostColumns.HEADER);
        StringWriter theirs = new StringWriter();
        new CSVPrinter(theirs, CSVFormat.RFC4180).printRecord(CostColumns.HEADER);
        assertThat(ours).hasToString(theirs.toString());
    }

    private static void assertSame(List<String> cells) throws IOException {
        StringWriter ours = new StringWriter();
        CsvLine line = new CsvLine(ours);
        for (String cell : cells) {
            line.formatted(cell);
        }
        line.end();
        StringWriter theirs = new StringWriter();
        new CSVPrinter(theirs, CSVFormat.RFC4180).printRecord(cells);
        assertThat(ours.toString()).as("cells %s", cells).isEqualTo(theirs.toString());
    }

    private static String cell(java.util.function.Consumer<StringBuilder> append) {
        StringBuilder cell = new StringBuilder();
        append.accept(cell);
        return cell.toString();
    }
}
