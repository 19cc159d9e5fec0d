package io.costbench.trainium2;

import java.util.Arrays;
import java.util.Optional;

/** The write-up's optimizations as named switches; the ids are the predictions API's {@code optimizations}. */
public enum Switch {
    GDN_HEAD_SHARDING("gdn-head-sharding"),
    GDN_STATE_PACKING("gdn-state-packing"),
    GDN_INPROJ_PADDING("gdn-inproj-padding"),
    GDN_FUSED_KERNEL("gdn-fused-kernel"),
    SELECTIVE_EXPERT_DECODE("selective-expert-decode"),
    ON_DEVICE_SAMPLING("on-device-sampling"),
    EAGLE3("eagle3"),
    FAST_ATTENTION_HEAD_DIM_256("fast-attention-head-dim-256"),
    KV_BLOCK_16("kv-block-16"),
    SWA_WINDOW("swa-window"),
    NKI_KERNELS("nki-kernels"),
    SEQUENCE_PARALLEL("sequence-parallel");

    private final String id;

    Switch(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    public static Optional<Switch> byId(String id) {
        return Arrays.stream(values()).filter(s -> s.id.equals(id)).findFirst();
    }
}
