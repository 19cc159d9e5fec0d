package io.costbench.service.dashboard;

import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.http.HttpMethod;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/**
 * Whether this build serves the prediction API the explain page and the ablation chart call, so the pages show an
 * empty state instead of firing requests that would 404.
 */
@Component
class PredictionEndpoint {

    private final DashboardProperties properties;
    private final RequestMappingHandlerMapping mappings;
    private volatile Boolean available;

    PredictionEndpoint(DashboardProperties properties,
            @Qualifier("requestMappingHandlerMapping") RequestMappingHandlerMapping mappings) {
        this.properties = properties;
        this.mappings = mappings;
    }

    String path() {
        return properties.explainEndpoint();
    }

    boolean available() {
        Boolean known = available;
        if (known == null) {
            known = mappings.getHandlerMethods().keySet().stream().anyMatch(info -> {
                var methods = info.getMethodsCondition().getMethods();
                boolean post = methods.isEmpty() || methods.stream().anyMatch(m -> m.asHttpMethod() == HttpMethod.POST);
                return post && info.getPatternValues().contains(properties.explainEndpoint());
            });
            available = known;
        }
        return known;
    }
}
