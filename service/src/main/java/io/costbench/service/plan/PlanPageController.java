package io.costbench.service.plan;

import java.util.Arrays;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;

import io.costbench.engine.model.ModelCatalog;
import io.costbench.pricing.PurchaseOption;

/**
 * The capacity planner page. The page renders the form (defaults and presets); the browser reads its inputs from the
 * URL, asks {@code POST /api/v1/plans} and draws the answer, so a plan's URL can be shared.
 */
@Controller
class PlanPageController {

    private final PlanProperties properties;

    PlanPageController(PlanProperties properties) {
        this.properties = properties;
    }

    @GetMapping("/plan")
    String plan(Model page) {
        page.addAttribute("models", ModelCatalog.standard().models());
        page.addAttribute("options", Arrays.stream(PurchaseOption.values()).map(PurchaseOption::id).toList());
        page.addAttribute("defaultSlo", properties.defaultSlo());
        page.addAttribute("maxConcurrency", properties.maxConcurrency());
        var rates = OperatingPointSearch.rateGrid(properties.minRequestsPerSecond(), properties.maxRequestsPerSecond(),
                properties.gridStepsPerDoubling());
        page.addAttribute("minRate", OperatingPointSearch.label(rates.get(0)).replace(" req/s", ""));
        page.addAttribute("maxRate", OperatingPointSearch.label(rates.get(rates.size() - 1)).replace(" req/s", ""));
        return "plan";
    }
}
