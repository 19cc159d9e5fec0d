package io.costbench.service.plan;

import java.util.Arrays;
import java.util.Optional;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * How the demand's requests reach a replica, which decides the load the search varies.
 * <ul>
 * <li>{@code poisson}: open loop, requests arrive at a rate whatever the server does ({@code vllm bench serve
 * --request-rate r --burstiness b}: gamma gaps, Poisson at b = 1); the search varies the rate per replica. What
 * independent users produce, and what a demand stated in requests per second means.</li>
 * <li>{@code closed-loop}: a fixed number of users each sending the next request when the last one finished
 * ({@code --max-concurrency c}); the search varies c. Self-throttling: it never builds a queue, so it reads more
 * capacity at a latency bound than an arrival stream of the same mean rate gets.</li>
 * </ul>
 */
enum Arrivals {
    POISSON("poisson"),
    CLOSED_LOOP("closed-loop");

    private final String id;

    Arrivals(String id) {
        this.id = id;
    }

    @JsonValue
    String id() {
        return id;
    }

    static Optional<Arrivals> fromId(String id) {
        return Arrays.stream(values()).filter(a -> a.id.equals(id)).findFirst();
    }

    @JsonCreator
    static Arrivals of(String id) {
        return fromId(id).orElseThrow(() -> new IllegalArgumentException("unknown arrivals " + id));
    }
}
