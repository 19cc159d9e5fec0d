package io.costbench.service.export;

import java.io.IOException;
import java.io.Writer;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import org.springframework.jdbc.core.simple.JdbcClient;

import io.costbench.pricing.CostMath;
import io.costbench.pricing.Price;
import io.costbench.service.pricing.PriceBook;
import io.costbench.service.pricing.PriceFilter;
import io.costbench.service.pricing.PricingProperties;
import io.costbench.service.run.RunCosting;
import org.springframework.stereotype.Service;

import io.costbench.service.export.Page.Kind;
import io.costbench.service.web.BadInputException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Measured CI runs as CSV ({@link RunColumns}), oldest first, streamed like the cost export. Metrics come from the
 * stored normalized metrics (vLLM names and units); a metric the pushed file lacked is an empty cell. Pages follow
 * the run id ({@link KeysetPages}).
 */
@Service
class RunExport {

    private static final String SELECT = "select id, created_at, format, source_label, model, hardware, profile, "
            + "tensor_parallel, precision_name, input_tokens, output_tokens, concurrency, request_rate, engine, "
            + "engine_version, git_sha, branch, ci_url, metrics_json, prediction_json, regression_verdict, "
            + "billed_accelerator, billed_accelerators, cost_reason, output_throughput, ramp_up, range_ratio, "
            + "length_distribution from measured_run";
    private static final Page.Kind[] LAYOUT = Page.layout(Kind.INTEGER, Kind.INSTANT, Kind.TEXT, Kind.TEXT, Kind.TEXT,
            Kind.TEXT, Kind.TEXT, Kind.INTEGER, Kind.TEXT, Kind.INTEGER, Kind.INTEGER, Kind.INTEGER, Kind.NUMBER,
            Kind.TEXT, Kind.TEXT, Kind.TEXT, Kind.TEXT, Kind.TEXT, Kind.TEXT, Kind.TEXT, Kind.TEXT, Kind.TEXT,
            Kind.INTEGER, Kind.TEXT, Kind.NUMBER, Kind.TEXT, Kind.NUMBER, Kind.TEXT);
    private static final long SECONDS_PER_DAY = 86_400;

    private final KeysetPages pages;
    private final JdbcClient jdbc;
    private final JsonMapper json;
    private final PriceBook priceBook;
    private final PricingProperties pricing;

    RunExport(KeysetPages pages, JdbcClient jdbc, JsonMapper json, PriceBook priceBook, PricingProperties pricing) {
        this.pages = pages;
        this.jdbc = jdbc;
        this.json = json;
        this.priceBook = priceBook;
        this.pricing = pricing;
    }

    /** @throws BadInputException (400) for a model, hardware, profile or branch no stored run has */
    void checkKnown(RunFilter filter) {
        checkStored("model", "model", filter.model());
        checkStored("hardware", "hardware", filter.hardware());
        checkStored("profile", "profile", filter.profile());
        checkStored("branch", "branch", filter.branch());
    }

    long write(RunFilter filter, Writer out) throws IOException {
        CsvLine csv = new CsvLine(out);
        csv.header(RunColumns.HEADER);
        List<Object> params = new ArrayList<>();
        String sql = SELECT + where(filter, params) + " id > ? order by id";
        // The few prices of the option, loaded once; re-priced per row like the cost export.
        PriceTable prices = new PriceTable(priceBook.list(new PriceFilter(null, filter.priceOption(), null, null)),
                filter.priceOption(), pricing.defaultRegion());
        LocalDate today = priceBook.today();
        return pages.stream(sql, params, Long.MIN_VALUE, LAYOUT, 1,
                (page, row) -> row(csv, page, row, filter, prices, today));
    }

    private void row(CsvLine csv, Page page, int row, RunFilter filter, PriceTable prices, LocalDate today)
            throws IOException {
        csv.integer(page.integer(row, 1)).timestamp(page.instant(row, 2));
        for (int column = 3; column <= 7; column++) {
            csv.text(page.text(row, column));
        }
        csv.integer(page.integer(row, 8), !page.isNull(row, 8)).text(page.text(row, 9));
        for (int column = 10; column <= 12; column++) {
            csv.integer(page.integer(row, column), !page.isNull(row, column));
        }
        // ramp_up, range_ratio and length_distribution are selected last, so the other columns keep their numbers;
        // the CSV has them after the rate.
        csv.number(page.number(row, 13)).text(page.text(row, 26)).number(page.number(row, 27))
                .text(page.text(row, 28));
        for (int column = 14; column <= 18; column++) {
            csv.text(page.text(row, column));
        }
        JsonNode metrics = tree(page.text(row, 19));
        for (String[] metric : RunColumns.METRICS) {
            number(csv, metrics.get(metric[1]));
        }
        JsonNode prediction = tree(page.text(row, 20));
        JsonNode predicted = prediction.path("metrics");
        JsonNode errors = prediction.path("relativeError");
        for (String[] metric : RunColumns.PREDICTED) {
            number(csv, predicted.get(metric[1]));
        }
        for (String[] metric : RunColumns.PREDICTED) {
            number(csv, errors.get(metric[1]));
        }
        csv.text(page.text(row, 21));
        cost(csv, page, row, filter, prices, today, predicted);
        csv.end();
    }

    /** The cost columns ({@link RunColumns#COST}): the billed accelerators at the price of the filter's mode. */
    private static void cost(CsvLine csv, Page page, int row, RunFilter filter, PriceTable prices, LocalDate today,
            JsonNode predicted) throws IOException {
        String accelerator = page.text(row, 22);
        boolean billed = accelerator != null && !page.isNull(row, 23) && page.integer(row, 23) >= 1;
        int accelerators = billed ? (int) page.integer(row, 23) : 0;
        double output = page.number(row, 25);
        LocalDate pricedOn = filter.priceMode() == PriceMode.CURRENT ? today
                : LocalDate.ofEpochDay(Math.floorDiv(page.instant(row, 2).getEpochSecond(), SECONDS_PER_DAY));
        Price price = billed ? prices.inForce(accelerator, pricedOn) : null;
        String reason = null;
        if (!billed) {
            reason = page.text(row, 24);
        } else if (price == null) {
            reason = "no " + filter.priceOption().id() + " price for " + accelerator + " in force on " + pricedOn;
        } else if (!(output > 0) || Double.isInfinite(output)) {
            reason = "the run reports no output throughput";
        }
        if (price != null && reason == null) {
            csv.number(CostMath.perMillion(accelerators * price.perHour(), output));
        } else {
            csv.empty();
        }
        Double predictedCost = price == null ? null : RunCosting.predictedCost(price.perHour(), accelerators,
                value(predicted.get("output_throughput_per_chip")), value(predicted.get("output_throughput")));
        csv.number(predictedCost == null ? Double.NaN : predictedCost);
        if (price == null) {
            csv.empty().empty().formatted(filter.priceOption().id());
        } else {
            csv.formatted(CsvCells.decimal(price.usdPerAcceleratorHour()))
                    .formatted(price.id() == null ? CsvCells.EMPTY : Long.toString(price.id()))
                    .formatted(price.key().option().id());
        }
        csv.formatted(filter.priceMode().id()).text(accelerator)
                .integer(accelerators, billed)
                .text(reason);
    }

    private static Double value(JsonNode node) {
        return node == null || !node.isNumber() ? null : node.doubleValue();
    }

    private static void number(CsvLine csv, JsonNode node) throws IOException {
        csv.number(node == null || !node.isNumber() ? Double.NaN : node.doubleValue());
    }

    private JsonNode tree(String text) {
        return text == null ? json.createObjectNode() : json.readTree(text);
    }

    private static String where(RunFilter filter, List<Object> params) {
        List<String> conditions = new ArrayList<>();
        equal(conditions, params, "model", filter.model());
        equal(conditions, params, "hardware", filter.hardware());
        equal(conditions, params, "profile", filter.profile());
        equal(conditions, params, "branch", filter.branch());
        if (filter.from() != null) {
            conditions.add("created_at >= ?");
            params.add(filter.from().atStartOfDay().atOffset(ZoneOffset.UTC));
        }
        if (filter.to() != null) {
            conditions.add("created_at < ?");
            params.add(filter.to().plusDays(1).atStartOfDay().atOffset(ZoneOffset.UTC));
        }
        // Ends ready for the page's key condition.
        return " where " + conditions.stream().map(c -> c + " and ").collect(Collectors.joining());
    }

    private static void equal(List<String> conditions, List<Object> params, String column, String value) {
        if (value != null) {
            conditions.add(column + " = ?");
            params.add(value);
        }
    }

    private void checkStored(String field, String column, String value) {
        if (value == null) {
            return;
        }
        boolean stored = jdbc.sql("select 1 from measured_run where " + column + " = ? fetch first 1 rows only")
                .param(value).query(Integer.class).optional().isPresent();
        if (!stored) {
            throw BadInputException.badRequest(field, "no stored run has " + field + " '" + value + "'");
        }
    }
}
