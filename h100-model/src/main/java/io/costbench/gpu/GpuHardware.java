package io.costbench.gpu;

import java.util.Locale;

import io.costbench.engine.model.Precision;
import io.costbench.engine.port.CatalogEntry;
import io.costbench.engine.port.ParameterSet;

/** A GPU's datasheet figures, read from {@code catalog/gpu/hardware/<id>.json}. */
record GpuHardware(ParameterSet spec, double bf16FlopsPerSecond, double fp8FlopsPerSecond, double hbmBytes,
        double hbmBytesPerSecond, double l2Bytes, int streamingMultiprocessors, double nvlinkBytesPerSecond,
        int maxGpusPerNode) {

    static GpuHardware load(String resource) {
        ParameterSet p = ParameterSet.load(resource);
        return new GpuHardware(p, p.value("bf16DenseFlopsPerSecond"), p.value("fp8DenseFlopsPerSecond"),
                p.value("hbmBytes"), p.value("hbmBandwidthBytesPerSecond"), p.value("l2Bytes"),
                (int) p.value("streamingMultiprocessors"), p.value("nvlinkBytesPerSecond"),
                (int) p.value("maxGpusPerNode"));
    }

    String id() {
        return spec.id();
    }

    double denseFlopsPerSecond(Precision precision) {
        return precision == Precision.FP8 ? fp8FlopsPerSecond : bf16FlopsPerSecond;
    }

    CatalogEntry catalogEntry() {
        return new CatalogEntry(spec.id(), spec.displayName(), String.format(Locale.ROOT,
                "%.0f BF16 / %.0f FP8 dense TFLOPS, %.0f GB HBM at %.2f TB/s, NVLink %.0f GB/s per direction",
                bf16FlopsPerSecond / 1e12, fp8FlopsPerSecond / 1e12, hbmBytes / 1e9, hbmBytesPerSecond / 1e12,
                nvlinkBytesPerSecond / 1e9), spec.source(), spec.aliases());
    }
}
