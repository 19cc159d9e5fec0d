package io.costbench.service.catalog;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.costbench.engine.model.ModelCatalog;

/** The model catalog shipped with the engine (data files on the classpath). */
@Configuration(proxyBeanMethods = false)
class CatalogConfig {

    @Bean
    ModelCatalog modelCatalog() {
        return ModelCatalog.standard();
    }
}
