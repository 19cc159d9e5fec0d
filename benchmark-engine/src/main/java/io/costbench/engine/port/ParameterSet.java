package io.costbench.engine.port;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.costbench.engine.data.DataFiles;


/**
 * A hardware spec or serving profile read from a data file: an id, a display name, a source, and named parameters each
 * with a value, unit and source (calibrated ones with their documented value and plausible range).
 *
 * <pre>{"id": "...", "displayName": "...", "source": "...", "parameters": {
 *    "hbmBandwidthBytesPerSecond": {"value": 2.9e12, "unit": "B/s", "source": "AWS Neuron docs: trainium2.rst"},
 *    "dmaFixedCostUs": {"value": 1.5, "unit": "us", "source": "calibrated on: ...", "documented": 1.3,
 *                      "min": 0.6, "max": 2.6}}, ...}</pre>
 */
public record ParameterSet(String id, String displayName, String source, Map<String, Parameter> parameters,
        Map<String, Object> extra, String sha256) {

    public ParameterSet {
        parameters = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
        extra = Map.copyOf(extra);
    }

    @SuppressWarnings("unchecked")
    public static ParameterSet load(String resource) {
        byte[] bytes = DataFiles.bytes(resource);
        Map<String, Object> root = DataFiles.parseObject(bytes, resource);
        Map<String, Parameter> parameters = new LinkedHashMap<>();
        Map<String, Object> raw = (Map<String, Object>) root.getOrDefault("parameters", Map.of());
        for (Map.Entry<String, Object> entry : raw.entrySet()) {
            parameters.put(entry.getKey(), parameter(entry.getKey(), (Map<String, Object>) entry.getValue(), resource));
        }
        Map<String, Object> extra = new LinkedHashMap<>(root);
        extra.keySet().removeAll(List.of("id", "displayName", "source", "parameters"));
        extra.values().removeIf(java.util.Objects::isNull);
        return new ParameterSet(text(root, "id", resource), text(root, "displayName", resource),
                text(root, "source", resource), parameters, extra, DataFiles.sha256(bytes));
    }

    private static Parameter parameter(String name, Map<String, Object> p, String resource) {
        if (!(p.get("value") instanceof Number value)) {
            throw new IllegalArgumentException(resource + ": parameter " + name + " needs a numeric value");
        }
        double v = value.doubleValue();
        double documented = p.get("documented") instanceof Number d ? d.doubleValue() : v;
        double min = p.get("min") instanceof Number m ? m.doubleValue() : Math.min(v, documented);
        double max = p.get("max") instanceof Number m ? m.doubleValue() : Math.max(v, documented);
        return new Parameter(name, v, String.valueOf(p.getOrDefault("unit", "")), text(p, "source", resource + "#" + name),
                documented, min, max);
    }

    private static String text(Map<String, Object> map, String key, String where) {
        Object value = map.get(key);
        if (!(value instanceof String s) || s.isBlank()) {
            throw new IllegalArgumentException(where + ": missing \"" + key + "\"");
        }
        return s;
    }

    /** The value of a parameter; fails loudly when the data file lacks it. */
    /** Other names of what the file describes (its optional {@code aliases} array), e.g. {@code "H100 SXM"}. */
    public List<String> aliases() {
        Object value = extra.getOrDefault("aliases", List.of());
        if (!(value instanceof List<?> list) || list.stream().anyMatch(a -> !(a instanceof String))) {
            throw new IllegalArgumentException(id + ": aliases must be a list of strings");
        }
        return list.stream().map(String.class::cast).toList();
    }

    public double value(String name) {
        Parameter p = parameters.get(name);
        if (p == null) {
            throw new IllegalStateException(id + " has no parameter " + name);
        }
        return p.value();
    }

    public List<Parameter> list() {
        return new ArrayList<>(parameters.values());
    }
}
