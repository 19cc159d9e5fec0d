package io.costbench.service.sweep;

import java.security.Principal;
import java.time.LocalDate;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;

import io.costbench.service.pricing.CostCalculator;
import io.costbench.service.web.PendingForm;
import jakarta.servlet.http.HttpSession;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseBody;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * The sweeps pages: the list with a start form (prefilled with the default sweep), and one sweep's progress and
 * results.
 */
@Controller
class SweepPageController {

    static final int SWEEPS_PER_PAGE = 20;
    static final int POINTS_PER_PAGE = 25;
    static final List<Integer> PAGE_SIZES = List.of(25, 50, 100);

    private final SweepService sweeps;
    private final SweepStore store;
    private final SweepValidator validator;
    private final CostCalculator costs;

    SweepPageController(SweepService sweeps, SweepStore store, SweepValidator validator, CostCalculator costs) {
        this.sweeps = sweeps;
        this.store = store;
        this.validator = validator;
        this.costs = costs;
    }

    @GetMapping("/sweeps")
    String list(@RequestParam(defaultValue = "0") int page, Model model, HttpSession session) {
        PendingForm.take(session, "/sweeps").ifPresent(pending -> {
            model.addAttribute("form", SweepForm.of(pending));
            model.addAttribute("message", "Your sweep form is as you typed it before signing in: press Start sweep"
                    + " to run it.");
        });
        if (!model.containsAttribute("form")) {
            model.addAttribute("form", SweepForm.of(SweepPresets.defaultSweep("default sweep")));
        }
        if (!model.containsAttribute("errors")) {
            model.addAttribute("errors", Map.of());
        }
        int safePage = Math.max(0, page);
        model.addAttribute("sweeps", new ResultPage<>(store.page(safePage, SWEEPS_PER_PAGE), safePage,
                SWEEPS_PER_PAGE, store.count()));
        return "sweeps/list";
    }

    @PostMapping("/sweeps")
    String start(@ModelAttribute SweepForm form, Principal principal, Model model) {
        Map<String, String> errors = new LinkedHashMap<>();
        SweepDefinition definition = form.toDefinition(errors);
        if (definition != null) {
            errors.putAll(SweepForm.byFormField(validator.problems(definition)));
        }
        if (!errors.isEmpty()) {
            model.addAttribute("form", form);
            model.addAttribute("errors", errors);
            return list(0, model, null);
        }
        Sweep sweep = sweeps.start(definition, SweepTrigger.MANUAL,
                principal == null ? "anonymous" : principal.getName(), null);
        return "redirect:/sweeps/" + sweep.id();
    }

    /**
     * One sweep: progress, then its points a page at a time ({@code size} 25, 50 or 100), sorted by a column
     * ({@link PointOrder}), each costed at the on-demand price in force on its run date.
     */
    @GetMapping("/sweeps/{id}")
    String show(@PathVariable long id, @RequestParam(defaultValue = "0") int page,
            @RequestParam(defaultValue = "point") String sort, @RequestParam(defaultValue = "asc") String dir,
            @RequestParam(defaultValue = "" + POINTS_PER_PAGE) int size, Model model) {
        Sweep sweep = store.find(id).orElseThrow(() -> new ResponseStatusException(HttpStatus.NOT_FOUND));
        int safePage = Math.max(0, page);
        int safeSize = PAGE_SIZES.contains(size) ? size : POINTS_PER_PAGE;
        PointOrder order = PointOrder.ofKey(sort).orElse(PointOrder.POINT);
        boolean descending = "desc".equals(dir);
        model.addAttribute("sweep", sweep);
        List<PointRow> rows = store.points(id, safePage, safeSize, order, descending).stream().map(this::row)
                .toList();
        model.addAttribute("points", new ResultPage<>(rows, safePage, safeSize, store.countPoints(id)));
        model.addAttribute("unpriced", rows.stream().filter(r -> r.usdPerMillionOutputTokens() == null
                && r.point().status() == PointStatus.SUCCEEDED).map(PointRow::costNote).distinct().toList());
        model.addAttribute("sort", order.key());
        model.addAttribute("dir", descending ? "desc" : "asc");
        model.addAttribute("pageSizes", PAGE_SIZES);
        return "sweeps/show";
    }

    private PointRow row(SweepPoint p) {
        Double output = p.metric("output_throughput");
        Double total = p.metric("total_token_throughput");
        int chips = p.chips() == null ? 1 : p.chips();
        Double perChip = output == null ? null : output / chips;
        if (p.status() != PointStatus.SUCCEEDED || output == null || !(output > 0)) {
            return new PointRow(p, PointRow.target(p), PointRow.workload(p), perChip, null, "no result");
        }
        LocalDate runDate = p.completedAt() == null ? null
                : p.completedAt().atZoneSameInstant(java.time.ZoneOffset.UTC).toLocalDate();
        // The cost per output token needs only the output throughput; total only has to be at least that.
        return costs.costFor(p.hardware(), chips, output, total == null ? output : Math.max(total, output), null,
                        runDate)
                .map(cost -> new PointRow(p, PointRow.target(p), PointRow.workload(p), perChip,
                        cost.usdPerMillionOutputTokens(), "at " + cost.currency() + " "
                        + cost.price().usdPerAcceleratorHour().toPlainString() + " per accelerator-hour x " + chips))
                .orElseGet(() -> new PointRow(p, PointRow.target(p), PointRow.workload(p), perChip, null,
                        costs.noPriceReason(p.hardware(), null, runDate)));
    }

    /** What the progress bar polls. */
    @GetMapping("/sweeps/{id}/progress")
    @ResponseBody
    SweepJson progress(@PathVariable long id) {
        return SweepJson.of(store.find(id).orElseThrow(() -> new ResponseStatusException(HttpStatus.NOT_FOUND)), null);
    }

    @PostMapping("/sweeps/{id}/cancel")
    String cancel(@PathVariable long id, RedirectAttributes redirect) {
        try {
            sweeps.cancel(id).orElseThrow(() -> new ResponseStatusException(HttpStatus.NOT_FOUND));
        } catch (SweepFinishedException e) {
            redirect.addFlashAttribute("message", e.getMessage());
        }
        return "redirect:/sweeps/" + id;
    }
}
