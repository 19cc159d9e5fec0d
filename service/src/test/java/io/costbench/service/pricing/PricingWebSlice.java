package io.costbench.service.pricing;

import io.costbench.service.web.ApiProperties;
import io.costbench.service.web.ProblemResponses;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Import;

/** What the pricing controller and the API-wide filters need in a {@code @WebMvcTest}. */
@TestConfiguration
@Import(ProblemResponses.class)
@EnableConfigurationProperties({PricingProperties.class, ApiProperties.class})
class PricingWebSlice {
}
