package io.costbench.service.prediction;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

import io.costbench.engine.model.ModelCatalog;
import io.costbench.engine.port.AcceleratorModel;
import io.costbench.service.web.ApiProperties;
import io.costbench.service.web.ProblemResponses;

/**
 * The test accelerator and the shipped model catalog, for slices that do not load the catalog configuration (and the
 * API limits the request-size filter needs, which slices do not bind).
 */
@TestConfiguration(proxyBeanMethods = false)
@EnableConfigurationProperties(ApiProperties.class)
@Import(ProblemResponses.class)
public class TestAcceleratorConfig {

    @Bean
    AcceleratorModel testAcceleratorModel() {
        return new TestAcceleratorModel();
    }

    @Bean
    ModelCatalog testModelCatalog() {
        return ModelCatalog.standard();
    }
}
