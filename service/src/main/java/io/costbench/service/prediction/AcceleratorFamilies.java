package io.costbench.service.prediction;

import java.util.List;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.costbench.engine.port.AcceleratorModel;
import io.costbench.gpu.GpuAcceleratorModel;
import io.costbench.trainium2.Trainium2AcceleratorModel;

/**
 * The production accelerator families, registered as beans here and listed for tools that run without Spring (the
 * validation report). Each family's hardware ids are its own; {@link AcceleratorRegistry} picks by hardware id.
 */
@Configuration(proxyBeanMethods = false)
public class AcceleratorFamilies {

    /** Every production family, freshly built from its catalog data. */
    public static List<AcceleratorModel> production() {
        return List.of(GpuAcceleratorModel.fromCatalog(), Trainium2AcceleratorModel.fromCatalog());
    }

    @Bean
    GpuAcceleratorModel gpuAcceleratorModel() {
        return GpuAcceleratorModel.fromCatalog();
    }

    @Bean
    Trainium2AcceleratorModel trainium2AcceleratorModel() {
        return Trainium2AcceleratorModel.fromCatalog();
    }
}
