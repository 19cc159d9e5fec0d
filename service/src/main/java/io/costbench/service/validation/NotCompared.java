package io.costbench.service.validation;

/**
 * Rows of a measurement file the report does not compare, for one reason (a model, engine or layout the catalog does
 * not cover), so the report says what its error tables leave out.
 *
 * @param file   the data file
 * @param reason why the rows are not compared
 * @param rows   how many rows of the file
 */
public record NotCompared(String file, String reason, int rows) {
}
