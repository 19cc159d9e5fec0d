package io.costbench.service.prediction;

import org.mockito.Mockito;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

import io.costbench.engine.model.ModelCatalog;
import io.costbench.service.accuracy.AccuracyCatalog;
import io.costbench.service.pricing.CostCalculator;
import io.costbench.service.simulation.SimulationLimits;
import io.costbench.service.simulation.SimulationProperties;
import io.costbench.service.web.ApiProperties;
import io.costbench.service.web.ProblemResponses;

/**
 * What a web slice needs besides the controller: the prediction core with the test accelerator, the shipped model
 * catalog and validated accuracy, no prices, and the API limits and problem writer the request-size filter depends on (slices skip the scan).
 */
@TestConfiguration(proxyBeanMethods = false)
@EnableConfigurationProperties({ApiProperties.class, SimulationProperties.class})
@Import({ScenarioResolver.class, Predictor.class, SimulationLimits.class, AcceleratorRegistry.class,
        TestAcceleratorConfig.class, ProblemResponses.class, AccuracyCatalog.class})
public class PredictionSliceConfig {

    @Bean
    ModelCatalog modelCatalog() {
        return ModelCatalog.standard();
    }

    /** No price catalog in a web slice: every cost is absent (PredictionCostTest covers costs end to end). */
    @Bean
    CostCalculator costCalculator() {
        return Mockito.mock(CostCalculator.class);
    }
}
