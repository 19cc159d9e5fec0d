package io.costbench.service.plan;

import java.io.IOException;
import java.io.StringWriter;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.ExampleObject;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * Capacity plans: the cheapest deployment that meets a latency SLO at a demand, priced per month. Creating a plan is
 * an open computation like a prediction (bounded: a simulation budget per plan, a few plans at once); plans are
 * stored and can be read back, re-priced at today's price and downloaded as CSV.
 */
@RestController
@RequestMapping(path = "/api/v1/plans")
class PlanController {

    static final String EXAMPLE = """
            {"model": "qwen3.5-4b",
             "workload": {"inputTokens": 1024, "outputTokens": 1024, "lengthSpread": 0},
             "demand": {"requestsPerSecond": 20, "arrivals": "poisson"},
             "slo": {"ttftMs": {"p90": 2000}, "minInteractivity": 30},
             "priceOption": "on-demand", "hoursPerMonth": 730}""";

    private final Planner planner;
    private final PlanStore store;
    private final PlanProperties properties;
    private final Clock clock = Clock.systemUTC();

    PlanController(Planner planner, PlanStore store, PlanProperties properties) {
        this.planner = planner;
        this.store = store;
        this.properties = properties;
    }

    @Operation(summary = "Plan the cheapest deployment that meets an SLO at a demand",
            description = "Searches every candidate (default: every priced hardware, its profiles, each tensor "
                    + "parallelism that fits and each precision the profile supports) for the highest load per replica "
                    + "meeting every SLO bound (request rate under poisson arrivals, the default, or concurrency in "
                    + "a closed loop: demand.arrivals), sizes replicas for the demand and ranks by monthly cost. "
                    + "Open like predictions; bounded by costbench.plans.max-simulations per plan and "
                    + "max-concurrent-plans (429 beyond). 400 for malformed input, 422 for values that cannot be planned; nothing is stored for either.",
            requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true, content = @Content(
                    mediaType = MediaType.APPLICATION_JSON_VALUE, schema = @Schema(type = "object"),
                    examples = @ExampleObject(name = "chat", value = EXAMPLE))))
    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE, produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<PlanView> create(@RequestBody Map<String, Object> body) {
        PlanRequest request = PlanRequests.fromJson(body, properties.maxCandidates());
        PlanResult result = planner.plan(request);
        PlanStore.StoredPlan stored = store.insert(request, result, OffsetDateTime.now(clock));
        return ResponseEntity.created(URI.create("/api/v1/plans/" + stored.id())).body(PlanView.of(stored, false));
    }

    @Operation(summary = "List plans, newest first (without candidate lists)")
    @GetMapping(produces = MediaType.APPLICATION_JSON_VALUE)
    List<PlanStore.PlanSummary> list(@RequestParam(defaultValue = "0") int page,
            @RequestParam(defaultValue = "50") int size) {
        if (page < 0 || page > 1_000_000) {
            throw new PlanInputException("page", "must be in 0..1000000, was " + page);
        }
        if (size < 1 || size > 200) {
            throw new PlanInputException("size", "must be in 1..200, was " + size);
        }
        return store.page(page, size);
    }

    @Operation(summary = "One plan; price=today re-prices it at today's price (operating points unchanged)")
    @GetMapping(path = "/{id}", produces = MediaType.APPLICATION_JSON_VALUE)
    PlanView get(@PathVariable long id, @RequestParam(defaultValue = "stored") String price) {
        return view(id, price);
    }

    @Operation(summary = "One plan as CSV for finance, one row per candidate (price=stored|today)")
    @GetMapping(path = "/{id}/plan.csv", produces = "text/csv")
    ResponseEntity<byte[]> csv(@PathVariable long id, @RequestParam(defaultValue = "stored") String price)
            throws IOException {
        PlanView view = view(id, price);
        StringWriter out = new StringWriter();
        PlanCsv.write(view, out);
        String name = "costbench-plan-" + id + "-" + view.priceBasis() + "-"
                + OffsetDateTime.now(clock).withOffsetSameInstant(ZoneOffset.UTC).toLocalDate() + ".csv";
        return ResponseEntity.ok()
                .header(HttpHeaders.CONTENT_DISPOSITION, "attachment; filename=\"" + name + "\"")
                .contentType(MediaType.parseMediaType("text/csv; charset=UTF-8; header=present"))
                .body(out.toString().getBytes(StandardCharsets.UTF_8));
    }

    private PlanView view(long id, String price) {
        if (!"stored".equals(price) && !"today".equals(price)) {
            throw new PlanInputException("price", "must be stored (the price the plan was made with) or today, was "
                    + price);
        }
        PlanStore.StoredPlan stored = store.find(id).orElseThrow(() -> new PlanNotFoundException(id));
        if ("today".equals(price)) {
            stored = new PlanStore.StoredPlan(stored.id(), stored.createdAt(), stored.request(),
                    planner.repriced(stored.result(), planner.today()));
        }
        return PlanView.of(stored, "today".equals(price));
    }

    /**
     * A plan as the API shows it.
     *
     * @param priceBasis {@code stored} (priced when computed) or {@code today}
     */
    record PlanView(long id, OffsetDateTime createdAt, String priceBasis, Map<String, String> links,
            PlanRequest request, PlanResult result) {

        static PlanView of(PlanStore.StoredPlan plan, boolean today) {
            String self = "/api/v1/plans/" + plan.id();
            return new PlanView(plan.id(), plan.createdAt(), today ? "today" : "stored", Map.of("self", self, "csv",
                    self + "/plan.csv", "repricedToday", self + "?price=today", "page", "/plan?id=" + plan.id()),
                    plan.request(), plan.result());
        }
    }

    static class PlanNotFoundException extends RuntimeException {
        PlanNotFoundException(long id) {
            super("no plan " + id);
        }
    }
}
