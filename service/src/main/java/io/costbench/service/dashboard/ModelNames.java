package io.costbench.service.dashboard;

import io.costbench.engine.model.ModelCatalog;

/** Display names of catalog models; an id the catalog does not know is shown as is. */
final class ModelNames {

    private ModelNames() {
    }

    static String displayName(String modelId) {
        return ModelCatalog.standard().find(modelId).map(model -> model.spec().displayName()).orElse(modelId);
    }
}
