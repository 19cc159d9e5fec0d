package io.costbench.service.prediction;

import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;

import io.costbench.engine.port.AcceleratorModel;

/** Registers the test accelerator, as the real families are registered in production. */
@TestConfiguration(proxyBeanMethods = false)
public class TestAcceleratorConfig {

    @Bean
    AcceleratorModel testAcceleratorModel() {
        return new TestAcceleratorModel();
    }
}
