package io.costbench.service.export;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.SplittableRandom;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CsvCellsTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "1.0|1",
            "2048.0|2048",
            "-0.0|0",
            "0.1|0.1",
            "812.3456789012345|812.3456789012345",
            "1.0E-5|0.00001",
            "1.25E-7|0.000000125",
            "1.0E7|10000000",
            "3.5E7|35000000",
            "1.2345678912345E12|1234567891234.5",
            "-4.5E-4|-0.00045",
            "1.0E20|100000000000000000000"})
    void numbersArePlainDecimalsThatReadBackExactly(double value, String expected) {
        String cell = number(value);
        assertThat(cell).isEqualTo(expected).doesNotContain("E").doesNotContain(",");
        assertThat(Double.parseDouble(cell)).isEqualTo(value == 0 ? 0.0 : value);
    }

    @ParameterizedTest
    @ValueSource(doubles = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY})
    void nonFiniteNumbersAreEmpty(double value) {
        assertThat(number(value)).isEmpty();
    }

    @Test
    void missingValuesAreEmpty() {
        assertThat(CsvCells.decimal(null)).isEmpty();
        assertThat(timestamp(null)).isEmpty();
        assertThat(CsvCells.date(null)).isEmpty();
        assertThat(CsvCells.text(null)).isEmpty();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "=HYPERLINK(\"http://x\",\"y\")|'=HYPERLINK(\"http://x\",\"y\")",
            "+cmd|'+cmd",
            "-1+1|'-1+1",
            "@SUM(A1:A9)|'@SUM(A1:A9)",
            "plain text|plain text",
            "a=b|a=b"})
    void formulaPrefixesAreNeutralized(String text, String expected) {
        assertThat(CsvCells.text(text)).isEqualTo(expected);
    }

    @Test
    void tabAndCarriageReturnPrefixesAreNeutralized() {
        assertThat(CsvCells.text("\tx")).isEqualTo("'\tx");
        assertThat(CsvCells.text("\r=1")).isEqualTo("'\r=1");
    }

    @Test
    void decimalsTimestampsAndDatesAreFixedFormats() {
        assertThat(CsvCells.decimal(new BigDecimal("1E+3"))).isEqualTo("1000");
        assertThat(CsvCells.decimal(new BigDecimal("2.230000"))).isEqualTo("2.230000");
        assertThat(timestamp(Instant.parse("2026-11-30T04:15:00Z"))).isEqualTo("2026-11-30T04:15:00Z");
        assertThat(timestamp(Instant.parse("2026-11-30T04:15:00.125Z")))
                .isEqualTo("2026-11-30T04:15:00.125Z");
        assertThat(CsvCells.date(LocalDate.parse("2026-06-01"))).isEqualTo("2026-06-01");
    }

    @Test
    void numbersAppendAfterWhatTheCellAlreadyHolds() {
        StringBuilder cell = new StringBuilder("x");
        CsvCells.appendNumber(cell, 2.0);
        CsvCells.appendNumber(cell, 1.0E-5);
        assertThat(cell).hasToString("x20.00001");
    }

    @ParameterizedTest
    @ValueSource(strings = {"1970-01-01T00:00:00Z", "1969-12-31T23:59:59.999999999Z", "2026-03-01T10:15:30.25Z",
            "2026-11-30T00:00:00.000001Z", "2024-02-29T23:59:59.000000123Z", "9999-12-31T23:59:59.999Z",
            "+10000-01-01T00:00:00Z", "-0001-06-15T12:00:00.5Z"})
    void timestampsAreWrittenAsTheIsoFormatterWritesThem(String text) {
        Instant value = Instant.parse(text);
        assertThat(timestamp(value)).isEqualTo(DateTimeFormatter.ISO_INSTANT.format(value));
    }

    @Test
    void randomTimestampsAreWrittenAsTheIsoFormatterWritesThem() {
        SplittableRandom random = new SplittableRandom(19);
        int[] nanoSteps = {1_000_000_000, 1_000_000, 1000, 1};
        for (int i = 0; i < 200_000; i++) {
            int step = nanoSteps[i % nanoSteps.length];
            Instant value = Instant.ofEpochSecond(random.nextLong(-100_000_000_000L, 300_000_000_000L),
                    random.nextInt(1_000_000_000 / step) * (long) step);
            assertThat(timestamp(value)).isEqualTo(DateTimeFormatter.ISO_INSTANT.format(value));
        }
    }

    /**
     * The cells are those the export wrote with {@link Double#toString} alone ({@link #asBefore}), over tricky values
     * and random ones of every magnitude, near round decimals included (a check of 40 million such values in the
     * Schubfach range found no difference either).
     */
    @Test
    void numbersAreWrittenAsDoubleToStringWroteThem() {
        double[] tricky = {1e-5, 12345678.9, -12345678.9, 0.001, 9.999999999999999E-4, 1e7, 9999999.999999998,
                0.1, 0.3, 2.23, 100.0 / 7, -4.5E-4, 1e20, 1e23, 2e23, 5e-324, Double.MAX_VALUE, 123456.789e3};
        for (double value : tricky) {
            assertThat(number(value)).as("%s", value).isEqualTo(asBefore(value));
        }
        SplittableRandom random = new SplittableRandom(17);
        for (int i = 0; i < 300_000; i++) {
            double value = switch (i % 4) {
                case 0 -> Math.exp(random.nextDouble(Math.log(1e-9), Math.log(1e12)));
                case 1 -> Double.longBitsToDouble(random.nextLong());
                case 2 -> Math.nextUp(random.nextLong(1, 100_000_000) / Math.pow(10, random.nextInt(12)));
                default -> -Math.nextDown(random.nextLong(1, 100_000_000) / Math.pow(10, random.nextInt(12)));
            };
            assertThat(number(value)).as("%s", value).isEqualTo(asBefore(value));
        }
    }

    /** The export's number cell before Schubfach: Double.toString's digits, made plain. */
    private static String asBefore(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return "";
        }
        if (value == 0) {
            return "0";
        }
        String digits = Double.toString(value);
        if (digits.contains("E")) {
            return new BigDecimal(digits).stripTrailingZeros().toPlainString();
        }
        return digits.endsWith(".0") ? digits.substring(0, digits.length() - 2) : digits;
    }

    private static String number(double value) {
        StringBuilder cell = new StringBuilder();
        CsvCells.appendNumber(cell, value);
        return cell.toString();
    }

    private static String timestamp(Instant value) {
        StringBuilder cell = new StringBuilder();
        CsvCells.appendTimestamp(cell, value);
        return cell.toString();
    }
}
