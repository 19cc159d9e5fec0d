package io.costbench.engine.port;

import java.util.List;
import java.util.Map;

import io.costbench.engine.model.ModelSpec;

/**
 * The port every accelerator family implements (Trainium2, GPUs): what it offers, and deploying a model on it.
 */
public interface AcceleratorModel {

    List<CatalogEntry> hardware();

    List<ProfileEntry> profiles();

    /** Optimization switches this family understands (the predictions API's {@code optimizations} ids). */
    List<CatalogEntry> optimizations();

    /**
     * @throws IllegalArgumentException for an unknown hardware/profile/switch id or an impossible configuration
     * @throws DoesNotFitException      when the model does not fit in memory at that tensor parallelism
     */
    Deployment deploy(ModelSpec model, DeploymentRequest request);

    /**
     * The switches of {@link #optimizations()} that change nothing for {@code model}, each with the reason (the model
     * lacks the layers the switch acts on, say), so forms can mark them instead of offering a switch that does
     * nothing. Empty when every switch applies.
     */
    default Map<String, String> inapplicableOptimizations(ModelSpec model) {
        return Map.of();
    }

    default boolean supportsHardware(String hardwareId) {
        return hardware().stream().anyMatch(h -> h.id().equals(hardwareId));
    }
}
