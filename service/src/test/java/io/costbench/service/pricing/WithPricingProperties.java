package io.costbench.service.pricing;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.TestConfiguration;

/** Binds {@link PricingProperties} in test slices, which skip the application's properties scan. */
@TestConfiguration
@EnableConfigurationProperties(PricingProperties.class)
class WithPricingProperties {
}
