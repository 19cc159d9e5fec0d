package io.costbench.service.dashboard;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.springframework.stereotype.Component;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * The optimization switches the forms offer, read from the Trainium2 catalog on the classpath
 * ({@link DashboardProperties#optimizationsResource()}); none while that catalog is absent.
 */
@Component
class Optimizations {

    private final String resource;
    private volatile List<Switch> cached;

    Optimizations(DashboardProperties properties) {
        this.resource = properties.optimizationsResource();
    }

    public record Switch(String id, String displayName, String description) {
    }

    List<Switch> switches() {
        List<Switch> result = cached;
        if (result == null) {
            result = load();
            cached = result;
        }
        return result;
    }

    private List<Switch> load() {
        try (InputStream in = Optimizations.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                return List.of();
            }
            Map<String, Object> root = JsonMapper.builder().build().readValue(in,
                    new TypeReference<Map<String, Object>>() {
                    });
            List<Switch> switches = new ArrayList<>();
            if (root.get("switches") instanceof List<?> list) {
                for (Object item : list) {
                    if (item instanceof Map<?, ?> map && map.get("id") != null) {
                        switches.add(new Switch(String.valueOf(map.get("id")),
                                String.valueOf(map.containsKey("displayName") ? map.get("displayName") : map.get("id")),
                                map.get("description") == null ? "" : String.valueOf(map.get("description"))));
                    }
                }
            }
            return List.copyOf(switches);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
