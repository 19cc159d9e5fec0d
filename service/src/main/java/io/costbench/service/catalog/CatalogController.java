package io.costbench.service.catalog;

import io.swagger.v3.oas.annotations.Operation;
import java.util.List;

import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import io.costbench.engine.model.ModelCatalog;
import io.costbench.engine.port.CatalogEntry;
import io.costbench.engine.port.ProfileEntry;
import io.costbench.service.prediction.AcceleratorRegistry;

/** The ids a prediction or sweep may name: models, hardware, serving profiles and optimization switches. */
@RestController
class CatalogController {

    private final ModelCatalog models;
    private final AcceleratorRegistry accelerators;

    CatalogController(ModelCatalog models, AcceleratorRegistry accelerators) {
        this.models = models;
        this.accelerators = accelerators;
    }

    @Operation(summary = "The catalog: models, hardware, serving profiles, optimizations")
    @GetMapping(path = "/api/v1/catalog", produces = MediaType.APPLICATION_JSON_VALUE)
    Catalog catalog() {
        List<Model> modelList = models.models().stream().map(m -> new Model(m.id(), m.spec().displayName(),
                m.architecture(), m.spec().totalParams(), m.spec().activeParams(), m.spec().publishedParams(),
                m.spec().source(), m.contentSha256())).toList();
        return new Catalog(models.contentSha256(), modelList, accelerators.hardware(), accelerators.profiles(),
                accelerators.optimizations());
    }

    /**
     * @param params derived total parameters (text model), {@code activeParams} those one token touches
     */
    record Model(String id, String displayName, String architecture, long params, long activeParams,
            long publishedParams, String source, String contentSha256) {
    }

    record Catalog(String modelsSha256, List<Model> models, List<CatalogEntry> hardware, List<ProfileEntry> profiles,
            List<CatalogEntry> optimizations) {
    }
}
