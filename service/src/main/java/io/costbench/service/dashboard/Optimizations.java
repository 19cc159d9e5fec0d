package io.costbench.service.dashboard;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.costbench.engine.model.ModelCatalog;
import io.costbench.engine.port.AcceleratorModel;
import io.costbench.engine.port.CatalogEntry;
import io.costbench.service.prediction.AcceleratorRegistry;
import org.springframework.stereotype.Component;

/** The Trainium2 optimization switches the forms offer, as the wired Trainium2 model lists them; none without it. */
@Component
class Optimizations {

    static final String TRAINIUM2 = "trn2";

    private final AcceleratorRegistry registry;

    Optimizations(AcceleratorRegistry registry) {
        this.registry = registry;
    }

    List<CatalogEntry> switches() {
        return registry.forHardware(TRAINIUM2).map(AcceleratorModel::optimizations).orElse(List.of());
    }

    /** The switches that change nothing for a catalog model, with the reason; empty for a model not in the catalog. */
    Map<String, String> inapplicable(String modelId) {
        return ModelCatalog.standard().find(modelId).flatMap(model -> registry.forHardware(TRAINIUM2)
                .map(family -> family.inapplicableOptimizations(model.spec()))).orElse(Map.of());
    }

    /** {@link #inapplicable} for every catalog model, for forms that switch model in the browser. */
    Map<String, Map<String, String>> inapplicableByModel() {
        Map<String, Map<String, String>> byModel = new TreeMap<>();
        ModelCatalog.standard().ids().forEach(id -> byModel.put(id, inapplicable(id)));
        return byModel;
    }
}
