package io.costbench.service.sweep;

import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;

@TestConfiguration(proxyBeanMethods = false)
class FakeSimulatorConfig {

    @Bean
    @Primary
    FakePointSimulator fakePointSimulator() {
        return new FakePointSimulator();
    }
}
