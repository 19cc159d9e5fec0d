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
 * @param deadline              wall-clock time the simulations of one API request may take
 * @param backgroundDeadline    the same for one simulation of background work (a sweep point, a plan's point), which
 *                              has no client waiting on a socket and runs on bounded pools
 * @param anonymousConcurrent   simulations anonymous API requests may run at once
 * @param identifiedConcurrent  the same for requests with a token or an admin session
 * @param slotWait              how long a request waits for a free slot (a page fires a few predictions at once)
 *                              before it is answered 429 with Retry-After
 * @param retryAfter            the Retry-After of that 429
 * @param memoPerDeployment     priced step shapes kept per cached deployment (estimated size)
 */
@ConfigurationProperties("costbench.simulation")
public record SimulationProperties(long maxSimulatedTokens, long maxDecodeSteps, Duration deadline,
        Duration backgroundDeadline, int anonymousConcurrent, int identifiedConcurrent, Duration slotWait,
        Duration retryAfter, DataSize memoPerDeployment) {

    public SimulationProperties {
        if (maxSimulatedTokens < 1 || maxDecodeSteps < 1 || anonymousConcurrent < 1 || identifiedConcurrent < 1) {
            throw new IllegalArgumentException("costbench.simulation limits must be positive");
        }
        if (!positive(deadline) || !positive(backgroundDeadline) || slotWait == null || slotWait.isNegative()
                || retryAfter == null || memoPerDeployment == null) {
            throw new IllegalArgumentException(
                    "costbench.simulation needs deadlines, a slot wait, retry-after and memo size");
        }
    }

    private static boolean positive(Duration duration) {
        return duration != null && !duration.isNegative() && !duration.isZero();
    }
}
