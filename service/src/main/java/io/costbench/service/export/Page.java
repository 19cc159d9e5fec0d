package io.costbench.service.export;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;

/**
 * One page of an export's rows, read off its result set and held column by column in arrays (numbers unboxed), so
 * that it outlives the result set at a small, fixed cost per row. Columns are addressed by their 1-based index in the
 * select, rows from 0.
 */
final class Page {

    /** How a column is read and held. */
    enum Kind {
        /** Text, as the driver's String. */
        TEXT,
        /** Any integral type, as a long. */
        INTEGER,
        /** A floating-point number; NULL is NaN. */
        NUMBER,
        /** A timestamp with time zone, as an instant. */
        INSTANT
    }

    private final Kind[] kinds;
    private final Object[] columns;
    private final boolean[][] nulls;
    private int size;

    private Page(Kind[] kinds, int capacity) {
        this.kinds = kinds;
        this.columns = new Object[kinds.length];
        this.nulls = new boolean[kinds.length][];
        for (int column = 1; column < kinds.length; column++) {
            columns[column] = switch (kinds[column]) {
                case TEXT -> new String[capacity];
                case INTEGER -> new long[capacity];
                case NUMBER -> new double[capacity];
                case INSTANT -> new Instant[capacity];
            };
            if (kinds[column] == Kind.INTEGER) {
                nulls[column] = new boolean[capacity];
            }
        }
    }

    /** The kinds of the select's columns, in order. */
    static Kind[] layout(Kind... kinds) {
        Kind[] oneBased = new Kind[kinds.length + 1];
        System.arraycopy(kinds, 0, oneBased, 1, kinds.length);
        return oneBased;
    }

    /** Reads at most {@code capacity} rows. */
    static Page read(ResultSet rs, Kind[] layout, int capacity) throws SQLException {
        Page page = new Page(layout, capacity);
        while (page.size < capacity && rs.next()) {
            page.add(rs);
        }
        return page;
    }

    int size() {
        return size;
    }

    String text(int row, int column) {
        return ((String[]) columns[column])[row];
    }

    boolean isNull(int row, int column) {
        return nulls[column][row];
    }

    /** An integral column; 0 for NULL (check {@link #isNull}). */
    long integer(int row, int column) {
        return ((long[]) columns[column])[row];
    }

    /** A floating-point column; NaN (an empty cell) for NULL. */
    double number(int row, int column) {
        return ((double[]) columns[column])[row];
    }

    Instant instant(int row, int column) {
        return ((Instant[]) columns[column])[row];
    }

    private void add(ResultSet rs) throws SQLException {
        int row = size++;
        for (int column = 1; column < kinds.length; column++) {
            switch (kinds[column]) {
                case TEXT -> ((String[]) columns[column])[row] = rs.getString(column);
                case INTEGER -> {
                    ((long[]) columns[column])[row] = rs.getLong(column);
                    nulls[column][row] = rs.wasNull();
                }
                case NUMBER -> {
                    double value = rs.getDouble(column);
                    ((double[]) columns[column])[row] = rs.wasNull() ? Double.NaN : value;
                }
                case INSTANT -> {
                    OffsetDateTime value = rs.getObject(column, OffsetDateTime.class);
                    ((Instant[]) columns[column])[row] = value == null ? null : value.toInstant();
                }
            }
        }
    }
}
