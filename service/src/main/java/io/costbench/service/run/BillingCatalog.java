package io.costbench.service.run;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;

import org.springframework.core.io.ClassPathResource;
import org.springframework.stereotype.Component;

import io.costbench.pricing.Accelerator;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What a measured run is billed for, from {@value #RESOURCE}: per catalog hardware id the physical cores one
 * tensor-parallel rank occupies (with the accelerator's cores this turns TP into accelerators), and per EC2 instance
 * type the accelerators it holds. Every figure there carries its unit and source.
 */
@Component
class BillingCatalog {

    static final String RESOURCE = "catalog/billing.json";

    /** An EC2 instance type: the accelerator it holds and how many. */
    record InstanceType(String id, Accelerator accelerator, int accelerators, String source) {
    }

    private final Map<String, Integer> logicalCoreSizes = new TreeMap<>();
    private final Map<String, InstanceType> instanceTypes = new TreeMap<>();

    BillingCatalog(JsonMapper json) {
        JsonNode root;
        try (InputStream in = new ClassPathResource(RESOURCE).getInputStream()) {
            root = json.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
        for (Map.Entry<String, JsonNode> hardware : root.required("hardware").properties()) {
            logicalCoreSizes.put(hardware.getKey(), hardware.getValue().required("logicalCoreSize").intValue());
        }
        for (Map.Entry<String, JsonNode> type : root.required("instanceTypes").properties()) {
            JsonNode entry = type.getValue();
            String acceleratorId = entry.required("accelerator").asString();
            Accelerator accelerator = Accelerator.fromId(acceleratorId).orElseThrow(() -> new IllegalStateException(
                    RESOURCE + ": instance type " + type.getKey() + " names unknown accelerator " + acceleratorId));
            instanceTypes.put(type.getKey(), new InstanceType(type.getKey(), accelerator,
                    entry.required("accelerators").intValue(), entry.required("source").asString()));
        }
    }

    Optional<InstanceType> instanceType(String id) {
        return Optional.ofNullable(id == null ? null : instanceTypes.get(id));
    }

    Set<String> instanceTypeIds() {
        return instanceTypes.keySet();
    }

    /** Physical cores (GPUs) one tensor-parallel rank of {@code hardwareId} occupies; empty for unknown hardware. */
    OptionalInt logicalCoreSize(String hardwareId) {
        Integer size = logicalCoreSizes.get(hardwareId);
        return size == null ? OptionalInt.empty() : OptionalInt.of(size);
    }
}
