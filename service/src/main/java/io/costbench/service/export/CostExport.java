package io.costbench.service.export;

import java.io.IOException;
import java.io.Writer;
import java.sql.ResultSet;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import io.costbench.pricing.CostMath;
import io.costbench.pricing.Price;
import io.costbench.service.export.Page.Kind;
import io.costbench.service.pricing.PriceBook;
import io.costbench.service.pricing.PriceFilter;
import io.costbench.service.pricing.PricingProperties;
import io.costbench.service.sweep.SweepStore;
import io.costbench.service.web.BadInputException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;

/**
 * Stored sweep points as CSV ({@link CostColumns}), each costed with the price in force on its run date
 * ({@link PriceMode#AT_RUN}) or today ({@link PriceMode#CURRENT}). The applicable prices are loaded once per export
 * and picked per row in memory; rows are written as the database returns them, in sweep order (sweep id, then the
 * point's place in its sweep), a sweep at a time and each sweep in pages ({@link KeysetPages}).
 */
@Service
class CostExport {

    /**
     * One sweep's points after a point index, in the order of the unique index {@code sweep_point_order (sweep_id,
     * point_index)}: the database reads a page straight off the index without sorting. The order names both columns
     * although the sweep is fixed: H2 sees that the index gives the order only then, and would otherwise sort the
     * rest of the sweep for every page. Sweep names come from a map loaded once: sweeps are few, points are many.
     */
    private static final String SELECT = "select p.completed_at, p.sweep_id, p.point_index, p.status, "
            + "p.model_id, p.hardware_id, p.profile_id, p.optimizations, p.tensor_parallel, p.chips, "
            + "p.precision_name, p.input_tokens, p.output_tokens, p.concurrency, p.output_throughput, "
            + "p.total_token_throughput, p.median_ttft_ms, p.median_tpot_ms "
            + "from sweep_point p";

    private static final Page.Kind[] LAYOUT = Page.layout(Kind.INSTANT, Kind.INTEGER, Kind.INTEGER, Kind.TEXT,
            Kind.TEXT, Kind.TEXT, Kind.TEXT, Kind.TEXT, Kind.INTEGER, Kind.INTEGER, Kind.TEXT, Kind.INTEGER,
            Kind.INTEGER, Kind.INTEGER, Kind.NUMBER, Kind.NUMBER, Kind.NUMBER, Kind.NUMBER);
    private static final int POINT_INDEX = 3;
    private static final long SECONDS_PER_DAY = 86_400;

    private final KeysetPages pages;
    private final JdbcClient jdbc;
    private final SweepStore sweeps;
    private final PriceBook priceBook;
    private final PricingProperties pricing;

    CostExport(KeysetPages pages, JdbcClient jdbc, SweepStore sweeps, PriceBook priceBook,
            PricingProperties pricing) {
        this.pages = pages;
        this.jdbc = jdbc;
        this.sweeps = sweeps;
        this.priceBook = priceBook;
        this.pricing = pricing;
    }

    /**
     * Refuses filter values that name nothing stored, before any byte is written.
     *
     * @throws BadInputException (400) for an unknown sweep, model, hardware or profile
     */
    void checkKnown(CostFilter filter) {
        if (filter.sweepId() != null && sweeps.find(filter.sweepId()).isEmpty()) {
            throw BadInputException.badRequest("sweep", "no sweep with id " + filter.sweepId());
        }
        checkStored("model", "model_id", filter.model());
        checkStored("hardware", "hardware_id", filter.hardware());
        checkStored("profile", "profile_id", filter.profile());
    }

    /** Writes the header and every selected row; returns the number of rows. */
    long write(CostFilter filter, Writer out) throws IOException {
        // The few prices of the option (every accelerator, region and date): one query per export.
        PriceTable prices = new PriceTable(priceBook.list(new PriceFilter(null, filter.priceOption(), null, null)),
                filter.priceOption(), pricing.defaultRegion());
        LocalDate today = priceBook.today();
        Map<Long, String> sweepNames = sweepNames(filter);
        Map<Price, String[]> priceCells = new IdentityHashMap<>();
        CsvLine csv = new CsvLine(out);
        csv.header(CostColumns.HEADER);
        List<Object> filters = new ArrayList<>();
        String sql = pageQuery(filter, filters);
        long rows = 0;
        for (long sweepId : sweepIds(filter)) {
            List<Object> params = new ArrayList<>();
            params.add(sweepId);
            params.addAll(filters);
            rows += pages.stream(sql, params, Integer.MIN_VALUE, LAYOUT, POINT_INDEX,
                    (page, row) -> row(csv, page, row, filter, prices, priceCells, today, sweepNames));
        }
        return rows;
    }

    private void row(CsvLine csv, Page page, int row, CostFilter filter, PriceTable prices,
            Map<Price, String[]> priceCells, LocalDate today, Map<Long, String> sweepNames) throws IOException {
        Instant ranAt = page.instant(row, 1);
        long sweepId = page.integer(row, 2);
        String hardware = page.text(row, 6);
        long chips = page.integer(row, 10);
        boolean hasChips = !page.isNull(row, 10) && chips >= 1;
        double outputPerS = page.number(row, 15);
        double totalPerS = page.number(row, 16);
        double tpotMs = page.number(row, 18);
        // The UTC day by arithmetic: ZoneOffset.UTC.getRules() builds a new ZoneRules on every call.
        LocalDate pricedOn = filter.priceMode() == PriceMode.CURRENT ? today
                : LocalDate.ofEpochDay(Math.floorDiv(ranAt.getEpochSecond(), SECONDS_PER_DAY));
        Price price = prices.inForce(hardware, pricedOn);

        csv.timestamp(ranAt)
                .integer(sweepId)
                .text(sweepNames.computeIfAbsent(sweepId, this::sweepName))
                .integer(page.integer(row, POINT_INDEX))
                .text(page.text(row, 4))
                .text(page.text(row, 5))
                .text(hardware)
                .text(page.text(row, 7))
                .text(page.text(row, 8))
                .integer(page.integer(row, 9), !page.isNull(row, 9))
                .integer(chips, hasChips)
                .text(page.text(row, 11))
                .integer(page.integer(row, 12))
                .integer(page.integer(row, 13))
                .integer(page.integer(row, 14))
                .number(outputPerS)
                .number(hasChips ? outputPerS / chips : Double.NaN)
                .number(tpotMs > 0 ? 1000.0 / tpotMs : Double.NaN)
                .number(page.number(row, 17))
                .number(tpotMs)
                .formatted(filter.priceMode().id());
        String[] cells = price == null ? noPrice(filter) : priceCells.computeIfAbsent(price, CostExport::priceCells);
        for (String cell : cells) {
            csv.formatted(cell);
        }
        boolean costable = price != null && hasChips && outputPerS > 0;
        if (costable) {
            double usdPerHour = chips * price.perHour();
            // The arithmetic of CostMath.cost, without a Cost per row.
            csv.number(CostMath.perMillion(usdPerHour, outputPerS))
                    .number(totalPerS >= outputPerS ? CostMath.perMillion(usdPerHour, totalPerS) : Double.NaN);
        } else {
            csv.empty().empty();
        }
        csv.end();
    }

    /** The price columns of a row: amount, currency, option, effective date, id. */
    private static String[] priceCells(Price price) {
        return new String[] {CsvCells.decimal(price.usdPerAcceleratorHour()), price.currency().getCurrencyCode(),
                price.key().option().id(), CsvCells.date(price.effectiveFrom()),
                price.id() == null ? CsvCells.EMPTY : Long.toString(price.id())};
    }

    private static String[] noPrice(CostFilter filter) {
        return new String[] {CsvCells.EMPTY, CsvCells.EMPTY, filter.priceOption().id(), CsvCells.EMPTY,
                CsvCells.EMPTY};
    }

    /** Names of the sweeps the export can touch; one created after this is looked up when its first point comes. */
    private Map<Long, String> sweepNames(CostFilter filter) {
        Map<Long, String> names = new HashMap<>();
        var select = filter.sweepId() == null ? jdbc.sql("select id, name from sweep")
                : jdbc.sql("select id, name from sweep where id = ?").param(filter.sweepId());
        select.query((ResultSet rs) -> {
            names.put(rs.getLong(1), rs.getString(2));
        });
        return names;
    }

    /**
     * The query of one page of one sweep: its parameters are the sweep id, then those added to {@code filters}, then
     * the point index to continue after ({@link KeysetPages}).
     */
    static String pageQuery(CostFilter filter, List<Object> filters) {
        return SELECT + " where p.sweep_id = ?" + conditions(filter, filters)
                + " and p.point_index > ? order by p.sweep_id, p.point_index";
    }

    /** The sweeps to read, in id order: the one asked for, or all of them as the export starts. */
    private List<Long> sweepIds(CostFilter filter) {
        return filter.sweepId() != null ? List.of(filter.sweepId())
                : jdbc.sql("select id from sweep order by id").query(Long.class).list();
    }

    private String sweepName(long sweepId) {
        return jdbc.sql("select name from sweep where id = ?").param(sweepId).query(String.class).optional()
                .orElse(null);
    }

    /** The filters other than the sweep, each as {@code " and ..."}. */
    private static String conditions(CostFilter filter, List<Object> params) {
        StringBuilder conditions = new StringBuilder();
        if (filter.model() != null) {
            conditions.append(" and p.model_id = ?");
            params.add(filter.model());
        }
        if (filter.hardware() != null) {
            conditions.append(" and p.hardware_id = ?");
            params.add(filter.hardware());
        }
        if (filter.profile() != null) {
            conditions.append(" and p.profile_id = ?");
            params.add(filter.profile());
        }
        if (filter.from() != null) {
            conditions.append(" and p.completed_at >= ?");
            params.add(filter.from().atStartOfDay().atOffset(ZoneOffset.UTC));
        }
        if (filter.to() != null) {
            conditions.append(" and p.completed_at < ?");
            params.add(filter.to().plusDays(1).atStartOfDay().atOffset(ZoneOffset.UTC));
        }
        return conditions.toString();
    }

    private void checkStored(String field, String column, String value) {
        if (value == null) {
            return;
        }
        boolean stored = jdbc.sql("select 1 from sweep_point where " + column + " = ? fetch first 1 rows only")
                .param(value).query(Integer.class).optional().isPresent();
        if (!stored) {
            throw BadInputException.badRequest(field, "no stored sweep point has " + field + " '" + value + "'");
        }
    }
}
