package io.costbench.service.export;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

import javax.sql.DataSource;

import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Runs a query whose rows are handed over one at a time as the database returns them, in constant memory.
 * PostgreSQL honours the fetch size only inside a transaction (autocommit off): then it reads through a cursor,
 * {@link #FETCH_SIZE} rows per round trip. H2 builds a whole result before returning it unless the session executes
 * lazily, so the session is switched to lazy execution for the query and back afterwards. Any exception from the
 * row handler (e.g. the client went away) closes the result set and the statement and rolls the read-only
 * transaction back, which returns the connection to the pool: nothing is left running.
 */
@Component
class StreamingQuery {

    static final int FETCH_SIZE = 1000;

    /** A row handler that may fail; its exception ends the query. */
    @FunctionalInterface
    interface RowHandler {
        void row(ResultSet rs) throws SQLException;
    }

    private final JdbcTemplate jdbc;
    private final TransactionTemplate readOnly;
    private volatile Boolean h2;

    StreamingQuery(DataSource dataSource, PlatformTransactionManager transactions) {
        this.jdbc = new JdbcTemplate(dataSource);
        this.jdbc.setFetchSize(FETCH_SIZE);
        this.readOnly = new TransactionTemplate(transactions);
        this.readOnly.setReadOnly(true);
    }

    /** @return the number of rows handled */
    long stream(String sql, List<Object> params, RowHandler handler) {
        Long rows = readOnly.execute(status -> {
            boolean lazy = isH2();
            if (lazy) {
                jdbc.execute("set lazy_query_execution true");
            }
            try {
                long[] count = {0};
                jdbc.query(sql, rs -> {
                    handler.row(rs);
                    count[0]++;
                }, params.toArray());
                return count[0];
            } finally {
                if (lazy) {
                    jdbc.execute("set lazy_query_execution false");
                }
            }
        });
        return rows == null ? 0 : rows;
    }

    private boolean isH2() {
        Boolean known = h2;
        if (known == null) {
            known = jdbc.execute((ConnectionCallback<Boolean>) c -> "H2".equalsIgnoreCase(
                    c.getMetaData().getDatabaseProductName()));
            h2 = known;
        }
        return Boolean.TRUE.equals(known);
    }
}
