package io.costbench.gpu;

/**
 * The M-tiles a grouped GEMM runs for one expert. vLLM's {@code moe_align_block_size} (and TensorRT-LLM's grouped
 * GEMM) pads each expert's routed rows to the kernel's BLOCK_SIZE_M, so an expert with n rows takes ceil(n / tile)
 * tiles. Routing spreads n around its mean from expert to expert (each of the step's tokens picks the expert with
 * probability p: binomial), and the tiles follow the spread, not the mean: at 64 rows a 64-row tile on average, the
 * experts above the mean take two.
 */
final class ExpertRowTiles {

    /** Above this mean the binomial is summed through its normal approximation. */
    private static final double EXACT_MEAN_LIMIT = 40;

    private ExpertRowTiles() {
    }

    /**
     * E[ceil(n / tile)] for n ~ Binomial(tokens, p), as the sum over j >= 0 of P(n > j x tile): the binomial's own
     * distribution function for a small mean, the normal approximation (continuity-corrected) above it.
     */
    static double expected(long tokens, double p, double tile) {
        if (tokens <= 0 || p <= 0) {
            return 0;
        }
        if (p >= 1) {
            return Math.ceil(tokens / tile);
        }
        double mean = tokens * p;
        double none = Math.pow(1 - p, tokens);
        double sum = 1 - none;
        if (mean <= EXACT_MEAN_LIMIT) {
            double odds = p / (1 - p);
            double pmf = none;
            double cdf = none;
            long k = 0;
            for (long j = 1; j * tile < tokens; j++) {
                long bound = (long) (j * tile);
                while (k < bound) {
                    k++;
                    pmf *= (tokens - k + 1) / (double) k * odds;
                    cdf += pmf;
                }
                double tail = 1 - cdf;
                if (tail < 1e-12) {
                    break;
                }
                sum += tail;
            }
            return sum;
        }
        double sigma = Math.sqrt(mean * (1 - p));
        for (long j = 1; j * tile < tokens; j++) {
            double z = (j * tile + 0.5 - mean) / sigma;
            if (z > 10) {
                break;
            }
            sum += z < -10 ? 1 : upperTail(z);
        }
        return sum;
    }

    /** P(Z > z) for a standard normal Z (Numerical Recipes' erfc, fractional error below 1.2e-7). */
    static double upperTail(double z) {
        double x = Math.abs(z) / Math.sqrt(2);
        double t = 1 / (1 + 0.5 * x);
        double erfc = t * Math.exp(-x * x - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418
                + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223
                        + t * 0.17087277)))))))));
        return z >= 0 ? erfc / 2 : 1 - erfc / 2;
    }
}
