package io.costbench.service.prediction;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

import io.costbench.engine.port.AcceleratorModel;
import io.costbench.engine.port.CatalogEntry;
import io.costbench.engine.port.ProfileEntry;

/**
 * The accelerator families this build offers (every {@link AcceleratorModel} bean), and which one serves a hardware
 * id. A hardware id claimed by two families is a configuration error found at startup.
 */
@Component
public class AcceleratorRegistry {

    private final List<AcceleratorModel> families;
    private final Map<String, AcceleratorModel> byHardware = new LinkedHashMap<>();
    /** The families' catalogs are fixed when they are built: listed once, not rebuilt per lookup (every push's). */
    private final List<CatalogEntry> hardware;
    private final List<ProfileEntry> profiles;
    private final List<CatalogEntry> optimizations;

    @Autowired
    AcceleratorRegistry(ObjectProvider<AcceleratorModel> families) {
        this(families.orderedStream().toList());
    }

    /** For tools that run without Spring (the validation report). */
    public AcceleratorRegistry(List<AcceleratorModel> families) {
        this.families = List.copyOf(families);
        for (AcceleratorModel family : this.families) {
            for (CatalogEntry hardware : family.hardware()) {
                AcceleratorModel previous = byHardware.putIfAbsent(hardware.id(), family);
                if (previous != null && previous != family) {
                    throw new IllegalStateException("hardware id " + hardware.id() + " is offered by both "
                            + previous.getClass().getName() + " and " + family.getClass().getName());
                }
            }
        }
        List<CatalogEntry> allHardware = new ArrayList<>();
        List<ProfileEntry> allProfiles = new ArrayList<>();
        Map<String, CatalogEntry> allOptimizations = new LinkedHashMap<>();
        for (AcceleratorModel family : this.families) {
            allHardware.addAll(family.hardware());
            allProfiles.addAll(family.profiles());
            family.optimizations().forEach(entry -> allOptimizations.putIfAbsent(entry.id(), entry));
        }
        this.hardware = List.copyOf(allHardware);
        this.profiles = List.copyOf(allProfiles);
        this.optimizations = List.copyOf(allOptimizations.values());
    }

    public Optional<AcceleratorModel> forHardware(String hardwareId) {
        return Optional.ofNullable(byHardware.get(hardwareId));
    }

    public List<CatalogEntry> hardware() {
        return hardware;
    }

    public List<ProfileEntry> profiles() {
        return profiles;
    }

    public List<CatalogEntry> optimizations() {
        return optimizations;
    }

    /** The family a hardware id belongs to, for labelling catalog rows (its class's simple name). */
    public String familyOf(String hardwareId) {
        return forHardware(hardwareId).map(family -> family.getClass().getSimpleName()).orElse("unknown");
    }
}
