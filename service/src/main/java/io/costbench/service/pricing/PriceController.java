package io.costbench.service.pricing;

import io.swagger.v3.oas.annotations.Operation;
import java.net.URI;
import java.time.LocalDate;
import java.util.List;

import io.costbench.pricing.InvalidPriceException;
import io.costbench.pricing.Price;
import io.costbench.pricing.PriceKey;
import org.springframework.format.annotation.DateTimeFormat;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The price catalog over REST. Reads are open; writes need the admin scope (security's ApiScopeRules) and
 * {@code costbench.pricing.writes-enabled}.
 */
@RestController
@RequestMapping("/api/v1/prices")
class PriceController {

    private final PriceBook priceBook;
    private final PricingProperties properties;

    PriceController(PriceBook priceBook, PricingProperties properties) {
        this.priceBook = priceBook;
        this.properties = properties;
    }

    @Operation(summary = "List prices",
            description = "All filters optional; date keeps the prices in force that day.")
    @GetMapping
    List<PriceView> list(@RequestParam(required = false) String accelerator,
            @RequestParam(required = false) String option, @RequestParam(required = false) String region,
            @RequestParam(required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) LocalDate date) {
        PriceFilter filter = new PriceFilter(
                accelerator == null ? null : Accelerators.parse("accelerator", accelerator),
                option == null ? null : Accelerators.parseOption("option", option),
                region == null ? null : PriceKey.checkRegion(region),
                date);
        return priceBook.list(filter).stream().map(PriceView::of).toList();
    }

    @Operation(summary = "Show one price")
    @GetMapping("/{id}")
    PriceView get(@PathVariable long id) {
        return PriceView.of(priceBook.get(id));
    }

    /** The one price a cost would use: exact region first, then the region-less price. */
    @Operation(summary = "The price a cost would use",
            description = "A region without its own price falls back to region any.")
    @GetMapping("/in-force")
    PriceView inForce(@RequestParam String accelerator, @RequestParam(defaultValue = "on-demand") String option,
            @RequestParam(required = false) String region,
            @RequestParam(required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) LocalDate date) {
        PriceKey key = new PriceKey(Accelerators.parse("accelerator", accelerator),
                Accelerators.parseOption("option", option), region == null ? properties.defaultRegion() : region);
        LocalDate day = date == null ? priceBook.today() : date;
        return priceBook.inForce(key, day).map(PriceView::of).orElseThrow(() -> new PriceNotFoundException(
                "no " + key.option().id() + " price for " + key.accelerator().id() + " in " + key.region()
                        + " is in force on " + day));
    }

    @Operation(summary = "Add a price",
            description = "Prices are never overwritten: two prices of one key may not overlap.")
    @PostMapping
    ResponseEntity<PriceView> add(@RequestBody NewPriceRequest request) {
        requireWritesEnabled();
        Price stored = priceBook.add(request.toPrice());
        return ResponseEntity.created(URI.create("/api/v1/prices/" + stored.id())).body(PriceView.of(stored));
    }

    @Operation(summary = "Close a price",
            description = "effectiveTo is the first day without the price.")
    @PostMapping("/{id}/close")
    PriceView close(@PathVariable long id, @RequestBody NewPriceRequest.Close request) {
        requireWritesEnabled();
        if (request.effectiveTo() == null) {
            throw new InvalidPriceException("effectiveTo", "effectiveTo is required: the first day without the price");
        }
        return PriceView.of(priceBook.close(id, request.effectiveTo()));
    }

    private void requireWritesEnabled() {
        if (!properties.writesEnabled()) {
            throw new PriceWritesDisabledException();
        }
    }
}
