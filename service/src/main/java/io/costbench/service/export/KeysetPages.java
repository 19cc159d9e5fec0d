package io.costbench.service.export;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import javax.sql.DataSource;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Reads a large ordered result as a run of short queries, each continuing after the last key the one before returned
 * (keyset pagination over a unique index). Memory stays bounded by one page on every database. No statement,
 * cursor or transaction stays open while the client downloads: a long lazy cursor on H2 breaks when the MVStore
 * rewrites the chunks under it ("Chunk ... not found"), and on PostgreSQL it would hold a snapshot back from vacuum.
 * Rows committed during an export appear in it when their key comes after the last page read. A row handler that
 * throws (the client went away) ends the export between two rows; the page's statement is closed on the way out.
 */
@Component
class KeysetPages {

    /** Rows per query: large enough that the per-query cost vanishes, small enough to be nothing for the heap. */
    static final int PAGE_ROWS = 5000;

    /** A row handler that may fail; its exception ends the export. */
    @FunctionalInterface
    interface RowHandler {
        void row(ResultSet rs) throws SQLException;
    }

    private final JdbcTemplate jdbc;

    KeysetPages(DataSource dataSource) {
        this.jdbc = new JdbcTemplate(dataSource);
    }

    /**
     * @param sql a select whose last parameter is the key to continue after and which is ordered by that key, e.g.
     *        {@code "... where sweep_id = ? and point_index > ? order by point_index"}; the page limit is appended
     * @param params the parameters before the key
     * @param keyBefore a key lower than every row's
     * @param keyColumn the 1-based column of the (integral, unique) key in the select
     * @return the number of rows handled
     */
    long stream(String sql, List<Object> params, long keyBefore, int keyColumn, RowHandler handler) {
        String page = sql + " fetch first " + PAGE_ROWS + " rows only";
        long total = 0;
        long[] last = {keyBefore};
        int rows;
        do {
            List<Object> args = new ArrayList<>(params);
            args.add(last[0]);
            int[] count = {0};
            jdbc.query(page, rs -> {
                handler.row(rs);
                last[0] = rs.getLong(keyColumn);
                count[0]++;
            }, args.toArray());
            rows = count[0];
            total += rows;
        } while (rows == PAGE_ROWS);
        return total;
    }
}
