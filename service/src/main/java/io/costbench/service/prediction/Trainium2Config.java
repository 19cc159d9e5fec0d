package io.costbench.service.prediction;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.costbench.engine.port.AcceleratorModel;
import io.costbench.trainium2.Trainium2AcceleratorModel;

/** Registers the Trainium2 family (hardware trn2 / trn2-lnc1, the vLLM-Neuron profiles and the write-up's switches). */
@Configuration(proxyBeanMethods = false)
class Trainium2Config {

    @Bean
    AcceleratorModel trainium2AcceleratorModel() {
        return Trainium2AcceleratorModel.fromCatalog();
    }
}
