package io.costbench.service.pricing;

import io.costbench.pricing.PriceKey;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param writesEnabled whether POST /api/v1/prices/** is served at all; when it is, the API security lets only tokens
 *                      with the admin scope through (ApiScopeRules)
 * @param defaultRegion the region costs are looked up in when the caller names none
 * @param maxListSize   the most prices one GET returns
 */
@ConfigurationProperties("costbench.pricing")
public record PricingProperties(boolean writesEnabled, String defaultRegion, int maxListSize) {

    public PricingProperties {
        if (defaultRegion == null || defaultRegion.isBlank()) {
            defaultRegion = PriceKey.ANY_REGION;
        }
        if (maxListSize <= 0) {
            maxListSize = 500;
        }
    }
}
