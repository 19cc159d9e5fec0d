package io.costbench.service.export;

import java.io.IOException;
import java.io.Writer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import io.costbench.pricing.CostMath;
import io.costbench.pricing.Price;
import io.costbench.service.export.Page.Kind;
import io.costbench.service.pricing.PriceBook;
import io.costbench.service.pricing.PriceFilter;
import io.costbench.service.pricing.PricingProperties;
import io.costbench.service.sweep.SweepResults;
import io.costbench.service.sweep.SweepResults.PointField;
import io.costbench.service.sweep.SweepStore;
import io.costbench.service.web.BadInputException;
import org.springframework.stereotype.Service;

/**
 * Stored sweep points as CSV ({@link CostColumns}), each costed with the price in force on its run date
 * ({@link PriceMode#AT_RUN}) or today ({@link PriceMode#CURRENT}). The applicable prices are loaded once per export
 * and picked per row in memory; rows are written as the database returns them, in sweep order (sweep id, then the
 * point's place in its sweep), a sweep at a time and each sweep in pages ({@link KeysetPages}).
 */
@Service
class CostExport {

    /** The columns of {@link SweepResults#pointPageQuery}, in its order. */
    private static final Page.Kind[] LAYOUT = Page.layout(Kind.INSTANT, Kind.INTEGER, Kind.INTEGER, Kind.TEXT,
            Kind.TEXT, Kind.TEXT, Kind.TEXT, Kind.TEXT, Kind.INTEGER, Kind.INTEGER, Kind.TEXT, Kind.INTEGER,
            Kind.INTEGER, Kind.INTEGER, Kind.NUMBER, Kind.NUMBER, Kind.NUMBER, Kind.NUMBER);
    private static final int POINT_INDEX = 3;
    private static final long SECONDS_PER_DAY = 86_400;

    private final KeysetPages pages;
    private final SweepResults results;
    private final SweepStore sweeps;
    private final PriceBook priceBook;
    private final PricingProperties pricing;

    CostExport(KeysetPages pages, SweepResults results, SweepStore sweeps, PriceBook priceBook,
            PricingProperties pricing) {
        this.pages = pages;
        this.results = results;
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
        checkStored("model", PointField.MODEL, filter.model());
        checkStored("hardware", PointField.HARDWARE, filter.hardware());
        checkStored("profile", PointField.PROFILE, filter.profile());
    }

    /** Writes the header and every selected row; returns the number of rows. */
    long write(CostFilter filter, Writer out) throws IOException {
        // The few prices of the option (every accelerator, region and date): one query per export.
        PriceTable prices = new PriceTable(priceBook.list(new PriceFilter(null, filter.priceOption(), null, null)),
                filter.priceOption(), pricing.defaultRegion());
        LocalDate today = priceBook.today();
        // Sweep names loaded once: sweeps are few, points are many; one created later is looked up at its first point.
        Map<Long, String> sweepNames = results.names(filter.sweepId());
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

    /**
     * The query of one page of one sweep: its parameters are the sweep id, then those added to {@code filters}, then
     * the point index to continue after ({@link KeysetPages}).
     */
    static String pageQuery(CostFilter filter, List<Object> filters) {
        return SweepResults.pointPageQuery(filter.model(), filter.hardware(), filter.profile(),
                filter.from() == null ? null : filter.from().atStartOfDay().atOffset(ZoneOffset.UTC),
                filter.to() == null ? null : filter.to().plusDays(1).atStartOfDay().atOffset(ZoneOffset.UTC),
                filters);
    }

    /** The sweeps to read, in id order: the one asked for, or all of them as the export starts. */
    private List<Long> sweepIds(CostFilter filter) {
        return filter.sweepId() != null ? List.of(filter.sweepId()) : results.ids();
    }

    private String sweepName(long sweepId) {
        return results.name(sweepId).orElse(null);
    }

    private void checkStored(String field, PointField column, String value) {
        if (value == null) {
            return;
        }
        if (!results.anyPointWith(column, value)) {
            throw BadInputException.badRequest(field, "no stored sweep point has " + field + " '" + value + "'");
        }
    }
}
