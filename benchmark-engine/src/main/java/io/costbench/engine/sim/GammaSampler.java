package io.costbench.engine.sim;

import java.util.SplittableRandom;

/**
 * Gamma(shape, 1) draws from a seeded stream (Marsaglia and Tsang, "A simple method for generating gamma variables",
 * ACM TOMS 26(3), 2000): a squeeze-accepted transformed normal for shape >= 1, boosted by U^(1/shape) below 1.
 */
final class GammaSampler {

    private GammaSampler() {
    }

    static double sample(SplittableRandom random, double shape) {
        if (shape < 1.0) {
            double u = 1.0 - random.nextDouble();
            return sample(random, shape + 1.0) * Math.pow(u, 1.0 / shape);
        }
        double d = shape - 1.0 / 3.0;
        double c = 1.0 / Math.sqrt(9.0 * d);
        while (true) {
            double x = normal(random);
            double v = 1.0 + c * x;
            if (v <= 0) {
                continue;
            }
            v = v * v * v;
            double u = 1.0 - random.nextDouble();
            if (u < 1.0 - 0.0331 * x * x * x * x || Math.log(u) < 0.5 * x * x + d * (1.0 - v + Math.log(v))) {
                return d * v;
            }
        }
    }

    /** A standard normal by the Box-Muller transform (one of the pair). */
    private static double normal(SplittableRandom random) {
        double u1 = 1.0 - random.nextDouble();
        double u2 = random.nextDouble();
        return Math.sqrt(-2.0 * Math.log(u1)) * Math.cos(2.0 * Math.PI * u2);
    }
}
