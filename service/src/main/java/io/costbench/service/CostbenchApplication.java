package io.costbench.service;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

@SpringBootApplication
@ConfigurationPropertiesScan
public class CostbenchApplication {

    public static void main(String[] args) {
        SpringApplication.run(CostbenchApplication.class, args);
    }
}
