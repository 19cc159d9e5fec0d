package io.costbench.service.dashboard;

import java.util.List;

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
}
