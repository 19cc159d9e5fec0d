package io.costbench.service.dashboard;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.List;

import io.costbench.pricing.Accelerator;
import io.costbench.pricing.InvalidPriceException;
import io.costbench.pricing.Price;
import io.costbench.pricing.PriceKey;
import io.costbench.pricing.PriceOverlapException;
import io.costbench.pricing.PurchaseOption;
import io.costbench.service.pricing.PriceBook;
import io.costbench.service.pricing.PriceFilter;
import io.costbench.service.pricing.PriceNotFoundException;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * The price catalog page, and the admin's forms to add or close a price (form login + CSRF guard the POSTs, see
 * SecurityConfig). A refused price is shown again with the reason and nothing is stored.
 */
@Controller
class PricePageController {

    private final PriceBook priceBook;

    PricePageController(PriceBook priceBook) {
        this.priceBook = priceBook;
    }

    /** The add form as typed: strings, so that a malformed number comes back with a message, not a binding error. */
    record PriceForm(String accelerator, String option, String region, String currency, String usdPerAcceleratorHour,
            String effectiveFrom, String effectiveTo, String source, String note) {

        static PriceForm blank(LocalDate today) {
            return new PriceForm("trn2", "on-demand", PriceKey.ANY_REGION, "USD", "", today.toString(), "", "", "");
        }

        Price toPrice() {
            Accelerator acc = Accelerator.fromId(accelerator)
                    .orElseThrow(() -> new InvalidPriceException("accelerator", "unknown accelerator " + accelerator));
            PurchaseOption purchase = PurchaseOption.fromId(option)
                    .orElseThrow(() -> new InvalidPriceException("option", "unknown purchase option " + option));
            PriceKey key = new PriceKey(acc, purchase, blank(region) ? PriceKey.ANY_REGION : region.trim());
            return new Price(null, key, Price.currency(blank(currency) ? "USD" : currency.trim()),
                    amount(usdPerAcceleratorHour), date("effectiveFrom", effectiveFrom),
                    blank(effectiveTo) ? null : date("effectiveTo", effectiveTo), source,
                    blank(note) ? null : note);
        }

        private static BigDecimal amount(String value) {
            if (blank(value)) {
                throw new InvalidPriceException("usdPerAcceleratorHour", "a price per accelerator-hour is required");
            }
            try {
                return new BigDecimal(value.trim());
            } catch (NumberFormatException e) {
                throw new InvalidPriceException("usdPerAcceleratorHour", "'" + value + "' is not a number");
            }
        }

        private static LocalDate date(String field, String value) {
            if (blank(value)) {
                throw new InvalidPriceException(field, field + " is required (yyyy-mm-dd)");
            }
            try {
                return LocalDate.parse(value.trim());
            } catch (DateTimeParseException e) {
                throw new InvalidPriceException(field, field + " '" + value + "' is not a date (yyyy-mm-dd)");
            }
        }

        private static boolean blank(String value) {
            return value == null || value.isBlank();
        }
    }

    @GetMapping("/prices")
    String prices(Model model, HttpServletRequest request) {
        if (!model.containsAttribute("form")) {
            model.addAttribute("form", PriceForm.blank(priceBook.today()));
        }
        return page(model, request);
    }

    @PostMapping("/prices")
    String add(@ModelAttribute("form") PriceForm form, Model model, RedirectAttributes redirect,
            HttpServletRequest request, HttpServletResponse response) {
        try {
            Price added = priceBook.add(form.toPrice());
            redirect.addFlashAttribute("message", "Added price #" + added.id() + " for "
                    + added.key().accelerator().id() + " (" + added.key().option().id() + ").");
            return "redirect:/prices";
        } catch (InvalidPriceException e) {
            return refused(model, request, response, e.getMessage(), e.field());
        } catch (PriceOverlapException e) {
            return refused(model, request, response, e.getMessage(), "effectiveFrom");
        }
    }

    @PostMapping("/prices/{id}/close")
    String close(@PathVariable long id, @RequestParam(required = false) String effectiveTo, Model model,
            RedirectAttributes redirect, HttpServletRequest request, HttpServletResponse response) {
        model.addAttribute("form", PriceForm.blank(priceBook.today()));
        try {
            LocalDate to = LocalDate.parse(effectiveTo == null ? "" : effectiveTo.trim());
            Price closed = priceBook.close(id, to);
            redirect.addFlashAttribute("message", "Closed price #" + closed.id() + ": in force until "
                    + closed.effectiveTo() + " (exclusive).");
            return "redirect:/prices";
        } catch (DateTimeParseException e) {
            return refused(model, request, response, "Closing date '" + effectiveTo + "' is not a date (yyyy-mm-dd)", "close");
        } catch (InvalidPriceException | PriceNotFoundException e) {
            return refused(model, request, response, e.getMessage(), "close");
        }
    }

    private String refused(Model model, HttpServletRequest request, HttpServletResponse response, String message,
            String field) {
        response.setStatus(HttpStatus.BAD_REQUEST.value());
        model.addAttribute("error", message);
        model.addAttribute("errorField", field);
        return page(model, request);
    }

    private String page(Model model, HttpServletRequest request) {
        model.addAttribute("admin", request.isUserInRole("ADMIN"));
        LocalDate today = priceBook.today();
        List<Price> prices = priceBook.list(PriceFilter.all());
        model.addAttribute("prices", prices);
        model.addAttribute("today", today);
        model.addAttribute("accelerators", Accelerator.values());
        model.addAttribute("options", PurchaseOption.values());
        return "prices";
    }
}
