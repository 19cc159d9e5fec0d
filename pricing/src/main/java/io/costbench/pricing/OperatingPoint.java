package io.costbench.pricing;

/**
 * One point of a target's sweep, as the money math needs it.
 *
 * @param interactivity output tokens/s per user (1000 / TPOT ms)
 */
public record OperatingPoint(int concurrency, int accelerators, double outputTokensPerSecond,
        double totalTokensPerSecond, double interactivity) {

    public OperatingPoint {
        if (concurrency < 1 || accelerators < 1) {
            throw new IllegalArgumentException("concurrency and accelerators must be >= 1");
        }
        if (!(outputTokensPerSecond > 0) || !(totalTokensPerSecond >= outputTokensPerSecond)) {
            throw new IllegalArgumentException("throughputs must be > 0 with total >= output");
        }
        if (!(interactivity > 0)) {
            throw new IllegalArgumentException("interactivity must be > 0");
        }
    }

    public double outputTokensPerSecondPerAccelerator() {
        return outputTokensPerSecond / accelerators;
    }
}
