package io.costbench.service.dashboard;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param explainEndpoint the API (GET, query parameters) the explain page calls from the browser
 * @param predictEndpoint the API (POST, JSON) the ablation chart calls from the browser
 * @param maxTrendPoints  the most nightly results one trend chart shows (the newest ones)
 */
@ConfigurationProperties("costbench.dashboard")
public record DashboardProperties(String explainEndpoint, String predictEndpoint, int maxTrendPoints) {

    public DashboardProperties {
        if (explainEndpoint == null || explainEndpoint.isBlank()) {
            explainEndpoint = "/api/v1/predictions/explain";
        }
        if (predictEndpoint == null || predictEndpoint.isBlank()) {
            predictEndpoint = "/api/v1/predictions";
        }
        if (maxTrendPoints <= 0) {
            maxTrendPoints = 400;
        }
    }
}
