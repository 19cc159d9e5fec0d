package io.costbench.service.dashboard;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

import io.costbench.service.prediction.AcceleratorRegistry;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.stereotype.Component;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/**
 * Whether this build serves the prediction API the explain page (GET explain) and the ablation chart (POST predict)
 * call, so the pages show an empty state instead of firing requests that would 404.
 */
@Component
class PredictionEndpoint {

    private final DashboardProperties properties;
    private final AcceleratorRegistry registry;
    private final RequestMappingHandlerMapping mappings;
    private final ConcurrentMap<String, Boolean> served = new ConcurrentHashMap<>();

    PredictionEndpoint(DashboardProperties properties, AcceleratorRegistry registry,
            @Qualifier("requestMappingHandlerMapping") RequestMappingHandlerMapping mappings) {
        this.properties = properties;
        this.registry = registry;
        this.mappings = mappings;
    }

    String explainPath() {
        return properties.explainEndpoint();
    }

    String predictPath() {
        return properties.predictEndpoint();
    }

    boolean explainAvailable() {
        return serves(RequestMethod.GET, properties.explainEndpoint());
    }

    boolean predictAvailable() {
        return serves(RequestMethod.POST, properties.predictEndpoint());
    }

    /** The API is mapped and at least one accelerator model is wired to answer it. */
    private boolean serves(RequestMethod method, String path) {
        return !registry.hardware().isEmpty() && served.computeIfAbsent(method + " " + path, key -> mappings.getHandlerMethods().keySet().stream()
                .anyMatch(info -> {
                    var methods = info.getMethodsCondition().getMethods();
                    return (methods.isEmpty() || methods.contains(method)) && info.getPatternValues().contains(path);
                }));
    }
}
