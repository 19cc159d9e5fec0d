package io.costbench.service.simulation;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * The cost budget of every simulation, whoever asks for it (prediction, explain, break-even, sweep point, the
 * prediction of a pushed run).
 *
 * @param maxSimulatedTokens    prompt plus output tokens of all requests of one simulation
 * @param maxDecodeSteps        decode steps one simulation needs at its largest batch
 * @param deadline              wall-clock time the simulations of one API request (or one sweep point) may take
 * @param anonymousConcurrent   simulations anonymous API requests may run at once; one more is 429 with Retry-After
 * @param identifiedConcurrent  the same for requests with a token or an admin session
 * @param retryAfter            the Retry-After of that 429
 * @param memoPerDeployment     priced step shapes kept per cached deployment (estimated size)
 */
@ConfigurationProperties("costbench.simulation")
public record SimulationProperties(long maxSimulatedTokens, long maxDecodeSteps, Duration deadline,
        int anonymousConcurrent, int identifiedConcurrent, Duration retryAfter, DataSize memoPerDeployment) {

    public SimulationProperties {
        if (maxSimulatedTokens < 1 || maxDecodeSteps < 1 || anonymousConcurrent < 1 || identifiedConcurrent < 1) {
            throw new IllegalArgumentException("costbench.simulation limits must be positive");
        }
        if (deadline == null || deadline.isNegative() || deadline.isZero() || retryAfter == null
                || memoPerDeployment == null) {
            throw new IllegalArgumentException("costbench.simulation needs a deadline, retry-after and memo size");
        }
    }
}
