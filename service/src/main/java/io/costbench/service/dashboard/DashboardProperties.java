package io.costbench.service.dashboard;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param explainEndpoint the API (GET, query parameters) the explain page calls from the browser
 * @param predictEndpoint the API (POST, JSON) the ablation chart calls from the browser
 * @param maxTrendPoints  the most nightly results one trend chart shows (the newest ones)
 * @param optimizationsResource the classpath file listing the optimization switches the forms offer
 */
@ConfigurationProperties("costbench.dashboard")
public record DashboardProperties(String explainEndpoint, String predictEndpoint, int maxTrendPoints, String optimizationsResource) {

    public DashboardProperties {
        if (explainEndpoint == null || explainEndpoint.isBlank()) {
            explainEndpoint = "/api/v1/predictions/explain";
        }
        if (predictEndpoint == null || predictEndpoint.isBlank()) {
            predictEndpoint = "/api/v1/predictions";
        }
        if (optimizationsResource == null || optimizationsResource.isBlank()) {
            optimizationsResource = "catalog/trainium2/optimizations.json";
        }
        if (maxTrendPoints <= 0) {
            maxTrendPoints = 400;
        }
    }
}
