package io.costbench.service.plan;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * A plan as CSV for finance: one row per candidate in rank order, with the plan's inputs repeated on every row so a
 * row stands alone in a spreadsheet. RFC 4180; text a spreadsheet could run as a formula gets a leading {@code '}.
 */
final class PlanCsv {

    static final List<String> HEADER = List.of("plan_id", "created_at_utc", "price_basis", "model", "input_tokens",
            "output_tokens", "demand_requests_per_s", "arrivals", "burstiness", "slo", "rank", "candidate", "hardware", "profile",
            "tensor_parallel", "precision", "status", "reason", "concurrency_per_replica",
            "requests_per_s_per_replica", "output_tokens_per_s_per_replica", "replicas", "accelerators_per_replica",
            "accelerators", "price_option", "price_usd_per_accelerator_hour", "price_effective_from", "price_id",
            "usd_per_hour", "hours_per_month", "usd_per_month", "usd_per_million_output_tokens", "headroom_percent",
            "p90_ttft_ms", "median_tpot_ms", "interactivity", "parameters_sha256", "catalog_version");

    private PlanCsv() {
    }

    static void write(PlanController.PlanView plan, Writer out) throws IOException {
        try (CSVPrinter printer = new CSVPrinter(out, CSVFormat.RFC4180)) {
            printer.printRecord(HEADER);
            PlanResult result = plan.result();
            for (CandidateResult c : result.candidates()) {
                List<Object> row = new ArrayList<>();
                row.add(plan.id());
                row.add(plan.createdAt().toInstant().toString());
                row.add(plan.priceBasis());
                row.add(text(result.model()));
                row.add(plan.request().workload().inputTokens());
                row.add(plan.request().workload().outputTokens());
                row.add(number(result.demandRequestsPerSecond()));
                // Plans stored before the traffic model was recorded were all closed loop.
                row.add(result.arrivals() == null ? Arrivals.CLOSED_LOOP.id() : result.arrivals());
                row.add(number(result.burstiness()));
                row.add(text(result.slo()));
                row.add(c.rank());
                row.add(text(c.label()));
                row.add(text(c.hardware()));
                row.add(text(c.profile()));
                row.add(c.tensorParallel() == null ? "" : c.tensorParallel());
                row.add(text(c.precision()));
                row.add(c.status());
                row.add(text(c.reason()));
                row.add(c.concurrency() == null ? "" : c.concurrency());
                row.add(number(c.requestsPerSecondPerReplica()));
                row.add(number(c.outputTokensPerSecondPerReplica()));
                row.add(c.replicas() == null ? "" : c.replicas());
                row.add(c.acceleratorsPerReplica() == null ? "" : c.acceleratorsPerReplica());
                row.add(c.accelerators() == null ? "" : c.accelerators());
                row.add(result.priceOption());
                row.add(c.price() == null ? "" : c.price().usdPerAcceleratorHour().toPlainString());
                row.add(c.price() == null ? "" : c.price().effectiveFrom().toString());
                row.add(c.price() == null || c.price().id() == null ? "" : c.price().id());
                row.add(number(c.usdPerHour()));
                row.add(number(result.hoursPerMonth()));
                row.add(number(c.usdPerMonth()));
                row.add(number(c.usdPerMillionOutputTokens()));
                row.add(number(c.headroomPercent()));
                row.add(number(c.metrics() == null ? null : c.metrics().get("p90_ttft_ms")));
                row.add(number(c.metrics() == null ? null : c.metrics().get("median_tpot_ms")));
                row.add(number(c.metrics() == null ? null : c.metrics().get("interactivity")));
                row.add(text(c.parametersSha256()));
                row.add(text(result.catalogVersion()));
                printer.printRecord(row);
            }
        }
    }

    /** Shortest decimal that reads back as the same double, no exponent, no trailing ".0"; empty when absent. */
    static String number(Double value) {
        if (value == null || !Double.isFinite(value)) {
            return "";
        }
        String plain = new java.math.BigDecimal(Double.toString(value)).stripTrailingZeros().toPlainString();
        return plain;
    }

    /** OWASP CSV injection: a cell that a spreadsheet would run as a formula gets a leading quote. */
    static String text(String value) {
        if (value == null) {
            return "";
        }
        return !value.isEmpty() && "=+-@\t\r".indexOf(value.charAt(0)) >= 0 ? "'" + value : value;
    }
}
