package io.costbench.pricing;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The accelerators a price can be quoted for, by the hardware ids the catalog uses. A price is per accelerator-hour:
 * per Trainium2 chip, per GPU.
 */
public enum Accelerator {

    /**
     * One AWS Trainium2 chip: 8 NeuronCore-v3 (trn2.48xlarge = 16 chips, trn2.3xlarge = 1 chip). The catalog's
     * {@code trn2-lnc1} hardware is the same chip with unpaired cores, billed the same.
     */
    TRN2("trn2", 8, List.of("trn2-lnc1")),
    /** One NVIDIA H100 SXM GPU (p5.48xlarge = 8). */
    H100_SXM("h100-sxm", 1, List.of()),
    /** One NVIDIA H200 SXM GPU (p5e / p5en = 8). */
    H200_SXM("h200-sxm", 1, List.of());

    private final String id;
    private final int physicalCores;
    private final List<String> otherHardwareIds;

    Accelerator(String id, int physicalCores, List<String> otherHardwareIds) {
        this.id = id;
        this.physicalCores = physicalCores;
        this.otherHardwareIds = otherHardwareIds;
    }

    public String id() {
        return id;
    }

    /**
     * Accelerators a tensor-parallel group occupies. A Trainium2 rank is one logical core of {@code lnc} physical
     * cores (LNC=2 pairs them: 4 ranks per chip, so TP=4 is one chip and TP=8 two); a GPU rank is one GPU.
     */
    public int acceleratorsFor(int tensorParallel, int logicalCoreSize) {
        if (tensorParallel < 1) {
            throw new IllegalArgumentException("tensor parallel must be >= 1, was " + tensorParallel);
        }
        if (logicalCoreSize < 1 || logicalCoreSize > physicalCores || physicalCores % logicalCoreSize != 0) {
            throw new IllegalArgumentException(
                    "logical core size " + logicalCoreSize + " does not divide the " + physicalCores + " cores of "
                            + id);
        }
        int ranksPerAccelerator = physicalCores / logicalCoreSize;
        return (tensorParallel + ranksPerAccelerator - 1) / ranksPerAccelerator;
    }

    /** The accelerator a catalog hardware id bills: its own id, or another configuration of the same chip. */
    public static Optional<Accelerator> forHardware(String hardwareId) {
        return fromId(hardwareId).or(() -> Arrays.stream(values())
                .filter(a -> a.otherHardwareIds.contains(hardwareId)).findFirst());
    }

    public static Optional<Accelerator> fromId(String id) {
        if (id == null) {
            return Optional.empty();
        }
        String wanted = id.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(a -> a.id.equals(wanted)).findFirst();
    }
}
