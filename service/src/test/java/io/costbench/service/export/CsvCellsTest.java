package io.costbench.service.export;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;

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
