package io.costbench.service.sweep;

import java.security.Principal;
import java.util.LinkedHashMap;
import java.util.Map;

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
    static final int POINTS_PER_PAGE = 100;

    private final SweepService sweeps;
    private final SweepStore store;
    private final SweepValidator validator;

    SweepPageController(SweepService sweeps, SweepStore store, SweepValidator validator) {
        this.sweeps = sweeps;
        this.store = store;
        this.validator = validator;
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

    @GetMapping("/sweeps/{id}")
    String show(@PathVariable long id, @RequestParam(defaultValue = "0") int page, Model model) {
        Sweep sweep = store.find(id).orElseThrow(() -> new ResponseStatusException(HttpStatus.NOT_FOUND));
        int safePage = Math.max(0, page);
        model.addAttribute("sweep", sweep);
        model.addAttribute("points", new ResultPage<>(store.points(id, safePage, POINTS_PER_PAGE), safePage,
                POINTS_PER_PAGE, store.countPoints(id)));
        return "sweeps/show";
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
