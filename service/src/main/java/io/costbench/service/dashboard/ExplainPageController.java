package io.costbench.service.dashboard;

import java.util.List;
import java.util.Set;

import io.costbench.engine.model.ModelCatalog;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import tools.jackson.databind.json.JsonMapper;

/**
 * The explain page: one scenario's step breakdown per target and its operators. The page renders the form; the
 * browser asks the prediction API ({@link DashboardProperties#explainEndpoint()}) and redraws on every change.
 */
@Controller
class ExplainPageController {

    /** The tensor parallelisms and precisions the forms offer; empty means each target's profile default. */
    static final List<Integer> TENSOR_PARALLELS = List.of(1, 2, 4, 8, 16, 32, 64);
    static final List<String> PRECISIONS = List.of("bf16", "fp8");

    private final PredictionEndpoint endpoint;
    private final Optimizations optimizations;
    private final JsonMapper json;

    ExplainPageController(PredictionEndpoint endpoint, Optimizations optimizations, JsonMapper json) {
        this.endpoint = endpoint;
        this.optimizations = optimizations;
        this.json = json;
    }

    @GetMapping("/explain")
    String explain(@RequestParam(required = false) String model, @RequestParam(required = false) String workload,
            @RequestParam(required = false) Integer concurrency,
            @RequestParam(required = false) Integer tensorParallel, @RequestParam(required = false) String precision,
            @RequestParam(name = "optimizations", required = false) Set<String> checked, Model page) {
        List<String> ids = ModelCatalog.standard().ids();
        String selected = model != null && ids.contains(model) ? model
                : ids.contains("qwen3-30b-a3b") ? "qwen3-30b-a3b" : ids.isEmpty() ? "" : ids.get(0);
        page.addAttribute("models", ModelCatalog.standard().models());
        page.addAttribute("model", selected);
        page.addAttribute("workloads", TokenLengths.STANDARD);
        page.addAttribute("workload", TokenLengths.parse(workload));
        page.addAttribute("concurrency", concurrency != null && concurrency >= 1 && concurrency <= 4096
                ? concurrency : 32);
        page.addAttribute("switches", optimizations.switches());
        page.addAttribute("inapplicable", optimizations.inapplicable(selected));
        page.addAttribute("inapplicableJson", json.writeValueAsString(optimizations.inapplicableByModel()));
        page.addAttribute("tensorParallels", TENSOR_PARALLELS);
        page.addAttribute("tensorParallel", tensorParallel != null && TENSOR_PARALLELS.contains(tensorParallel)
                ? tensorParallel : null);
        page.addAttribute("precisions", PRECISIONS);
        page.addAttribute("precision", precision != null && PRECISIONS.contains(precision) ? precision : null);
        page.addAttribute("checked", checked == null ? Set.of() : checked);
        page.addAttribute("explainEndpoint", endpoint.explainPath());
        page.addAttribute("predictEndpoint", endpoint.predictPath());
        page.addAttribute("predictionsAvailable", endpoint.explainAvailable());
        return "explain";
    }
}
