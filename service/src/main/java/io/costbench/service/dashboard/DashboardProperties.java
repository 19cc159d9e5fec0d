package io.costbench.service.dashboard;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param explainEndpoint the API the explain page and the ablation chart call from the browser
 * @param maxTrendPoints  the most nightly results one trend chart shows (the newest ones)
 * @param optimizationsResource the classpath file listing the optimization switches the forms offer
 */
@ConfigurationProperties("costbench.dashboard")
public record DashboardProperties(String explainEndpoint, int maxTrendPoints, String optimizationsResource) {

    public DashboardProperties {
        if (explainEndpoint == null || explainEndpoint.isBlank()) {
            explainEndpoint = "/api/v1/predictions/explain";
        }
        if (optimizationsResource == null || optimizationsResource.isBlank()) {
            optimizationsResource = "catalog/trainium2/optimizations.json";
        }
        if (maxTrendPoints <= 0) {
            maxTrendPoints = 400;
        }
    }
}
