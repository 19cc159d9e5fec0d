package io.costbench.trainium2;

import java.util.EnumMap;
import java.util.Map;

import io.costbench.engine.port.CostCategory;
import io.costbench.engine.port.OperatorTiming;

/** The time of one operator instance split by category, plus the counters the explanation reports. */
final class OpCost {

    /** Bytes-per-partition buckets of DMA transfers: <256 B, 256 B-2 KiB, 2-4 KiB, >=4 KiB. */
    static final double[] BUCKET_EDGES = {256, 2048, 4096};

    final String name;
    final String kind;
    final int repeat;
    final EnumMap<CostCategory, Double> seconds = new EnumMap<>(CostCategory.class);
    double flops;
    double hbmBytes;
    double dmaBytes;
    long transfers;
    final long[] transfersByBytesPerPartition = new long[4];
    double tensorTiles;
    double tensorInstructions;
    double tensorBusySeconds;
    long raggedTailTiles;
    double spillBytes;
    String moePath;
    long moeBlocks;
    double collectiveIntraChipS;
    double collectiveInterChipS;
    String note = "";

    OpCost(String name, String kind, int repeat) {
        this.name = name;
        this.kind = kind;
        this.repeat = repeat;
    }

    void add(CostCategory category, double s) {
        if (s > 0) {
            seconds.merge(category, s, Double::sum);
        }
    }

    void transfers(long count, double bytesEach, double bytesPerPartition) {
        if (count <= 0) {
            return;
        }
        transfers += count;
        dmaBytes += count * bytesEach;
        int bucket = 0;
        while (bucket < BUCKET_EDGES.length && bytesPerPartition >= BUCKET_EDGES[bucket]) {
            bucket++;
        }
        transfersByBytesPerPartition[bucket] += count;
    }

    double totalSeconds() {
        double sum = 0;
        for (double s : seconds.values()) {
            sum += s;
        }
        return sum;
    }

    OperatorTiming timing() {
        Map<CostCategory, Double> ms = new EnumMap<>(CostCategory.class);
        seconds.forEach((c, s) -> ms.put(c, s * repeat * 1e3));
        return new OperatorTiming(name, kind, repeat, totalSeconds() * repeat * 1e3, ms, flops * repeat,
                hbmBytes * repeat, transfers * repeat, note);
    }
}
