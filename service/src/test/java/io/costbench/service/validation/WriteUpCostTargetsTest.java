package io.costbench.service.validation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.costbench.engine.model.ModelCatalog;
import io.costbench.engine.port.Deployment;
import io.costbench.engine.port.DeploymentRequest;
import io.costbench.engine.sim.ServingSimulator;
import io.costbench.engine.sim.SimulationResult;
import io.costbench.engine.sim.Workload;
import io.costbench.gpu.GpuAcceleratorModel;
import io.costbench.trainium2.Trainium2AcceleratorModel;

/**
 * The write-up's cross-hardware cost targets S9-S11 (shared/calibration/seed-targets.md) at the default on-demand
 * prices (S8: $2.23 per Trainium2 chip-hour, $5.19 per H100-hour), on the serving simulator over closed-loop sweeps
 * (1024/1024, and 8192/1024 for Gemma 4). Every value is printed with its tolerance and verdict; targets the
 * mechanisms reach are asserted, those they do not are reported with their gap (see the Trainium2 note).
 */
class WriteUpCostTargetsTest {

    static final double TRN2_USD_PER_CHIP_HOUR = 2.23;
    static final double H100_USD_PER_GPU_HOUR = 5.19;
    static final int[] SWEEP = {1, 2, 4, 8, 16, 32, 64};

    static final ModelCatalog MODELS = ModelCatalog.standard();
    static final Trainium2AcceleratorModel TRN2 = Trainium2AcceleratorModel.fromCatalog();
    static final GpuAcceleratorModel GPU = GpuAcceleratorModel.fromCatalog();

    record Point(double usdPerMillionOutputTokens, double interactivity) {
    }

    static Point run(Deployment d, double usdPerHour, int in, int out, int c) {
        SimulationResult r = ServingSimulator.simulate(d, Workload.closedLoop(in, out, c, 0));
        double tokensPerHour = r.metric("output_throughput") * 3600;
        return new Point(usdPerHour * d.chips() / tokensPerHour * 1e6, r.metric("interactivity"));
    }

    static Point trn2(String model, String profile, int in, int out, int c) {
        return run(TRN2.deploy(MODELS.get(model), new DeploymentRequest("trn2", profile, 4, null, null, in + out)),
                TRN2_USD_PER_CHIP_HOUR, in, out, c);
    }

    static Point h100(String model, int in, int out, int c) {
        return run(GPU.deploy(MODELS.get(model), new DeploymentRequest("h100-sxm", "vllm", 1, null, null, in + out)),
                H100_USD_PER_GPU_HOUR, in, out, c);
    }

    /**
     * S9 is reported, not a target (seed-targets.md, revised 2026-11-30: with S1 and S11 it cannot hold, since
     * cost(baseline)/cost(H100) = [optimized/baseline throughput] x cost(optimized)/cost(H100)).
     */
    @Test
    void s9BaselineCostOverH100IsReported() {
        double max = 0;
        String where = "";
        for (String model : List.of("qwen3.5-4b", "qwen3-30b-a3b", "gemma4-31b")) {
            List<int[]> lengths = new ArrayList<>(List.of(new int[] {1024, 1024}));
            if (model.startsWith("gemma")) {
                lengths.add(new int[] {8192, 1024});
            }
            for (int[] len : lengths) {
                for (int c : SWEEP) {
                    double ratio = trn2(model, "vllm-neuron-baseline", len[0], len[1], c).usdPerMillionOutputTokens()
                            / h100(model, len[0], len[1], c).usdPerMillionOutputTokens();
                    if (ratio > max) {
                        max = ratio;
                        where = model + " " + len[0] + "/" + len[1] + " c=" + c;
                    }
                }
            }
        }
        System.out.printf("S9 (reported) max cost(baseline)/cost(H100) = %.2f at %s; the write-up says \"up to 3x\"%n",
                max, where);
        // What the text's direction still requires: the out-of-the-box stack is dearer than H100 somewhere.
        assertThat(max).isGreaterThan(1.0);
    }

    @Test
    void s10OptimizedGemmaIsCheaperThanH100AtEveryConcurrency() {
        for (int[] len : new int[][] {{1024, 1024}, {8192, 1024}}) {
            for (int c : SWEEP) {
                double ratio = trn2("gemma4-31b", "vllm-neuron-optimized", len[0], len[1], c)
                        .usdPerMillionOutputTokens() / h100("gemma4-31b", len[0], len[1], c).usdPerMillionOutputTokens();
                System.out.printf("S10 gemma4-31b %d/%d c=%d cost(optimized)/cost(H100) = %.2f%n", len[0], len[1], c,
                        ratio);
                assertThat(ratio).as("%d/%d c=%d", len[0], len[1], c).isLessThan(1.0);
            }
        }
    }

    /**
     * S11 as re-scoped (seed-targets.md, revised 2026-11-30): at concurrency 1 cost(optimized)/cost(H100) <= 1.33
     * (cheaper counts), the ratio rises from concurrency 1 to the top of the sweep, and H100's interactivity is higher
     * there.
     */
    @Test
    void s11Qwen35IsCompetitiveAtLowConcurrencyAndH100ScalesBetter() {
        Point trnLow = trn2("qwen3.5-4b", "vllm-neuron-optimized", 1024, 1024, 1);
        Point gpuLow = h100("qwen3.5-4b", 1024, 1024, 1);
        Point trnHigh = trn2("qwen3.5-4b", "vllm-neuron-optimized", 1024, 1024, 64);
        Point gpuHigh = h100("qwen3.5-4b", 1024, 1024, 64);
        double low = trnLow.usdPerMillionOutputTokens() / gpuLow.usdPerMillionOutputTokens();
        double high = trnHigh.usdPerMillionOutputTokens() / gpuHigh.usdPerMillionOutputTokens();
        System.out.printf("S11 c=1 cost(optimized)/cost(H100) = %.2f (target <= 1.33); c=64 %.2f (target: above c=1);"
                        + " interactivity at c=64 Trainium2 %.1f vs H100 %.1f tok/s/user (target: H100 higher)%n", low,
                high, trnHigh.interactivity(), gpuHigh.interactivity());
        assertThat(low).isLessThanOrEqualTo(1.33);
        assertThat(high).isGreaterThan(low);
        assertThat(gpuHigh.interactivity()).isGreaterThan(trnHigh.interactivity());
    }
}
