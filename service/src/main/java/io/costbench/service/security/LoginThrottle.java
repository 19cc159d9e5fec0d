package io.costbench.service.security;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.springframework.context.event.EventListener;
import org.springframework.security.authentication.event.AbstractAuthenticationFailureEvent;
import org.springframework.security.authentication.event.AuthenticationSuccessEvent;
import org.springframework.security.web.authentication.WebAuthenticationDetails;
import org.springframework.stereotype.Component;

/**
 * Page login throttling, per user name and per client address: after {@link #FREE_FAILURES} failed logins each
 * further failure doubles the wait before the next attempt is even checked (1 s, 2 s, 4 s ... up to
 * {@link #MAX_DELAY}); a successful login clears both. Memory is bounded: at most {@link #MAX_ENTRIES} keys, the
 * oldest quiet ones dropped first.
 */
@Component
class LoginThrottle {

    static final int FREE_FAILURES = 3;
    static final Duration MAX_DELAY = Duration.ofMinutes(5);
    private static final int MAX_ENTRIES = 10_000;

    private final Map<String, Failures> failures = new ConcurrentHashMap<>();
    private final Clock clock;

    LoginThrottle() {
        this(Clock.systemUTC());
    }

    LoginThrottle(Clock clock) {
        this.clock = clock;
    }

    private record Failures(int count, Instant blockedUntil) {
    }

    /** How long a login attempt for this user from this address must still wait; zero when it may go ahead. */
    Duration wait(String username, String address) {
        Instant now = clock.instant();
        Duration user = remaining(key("user", username), now);
        Duration from = remaining(key("address", address), now);
        return user.compareTo(from) >= 0 ? user : from;
    }

    @EventListener
    void failed(AbstractAuthenticationFailureEvent event) {
        String address = address(event.getAuthentication().getDetails());
        record(key("user", event.getAuthentication().getName()));
        if (address != null) {
            record(key("address", address));
        }
    }

    @EventListener
    void succeeded(AuthenticationSuccessEvent event) {
        failures.remove(key("user", event.getAuthentication().getName()));
        String address = address(event.getAuthentication().getDetails());
        if (address != null) {
            failures.remove(key("address", address));
        }
    }

    private void record(String key) {
        if (failures.size() >= MAX_ENTRIES) {
            evictQuiet();
        }
        Instant now = clock.instant();
        failures.compute(key, (k, previous) -> {
            int count = previous == null ? 1 : previous.count() + 1;
            return new Failures(count, now.plus(delay(count)));
        });
    }

    static Duration delay(int failures) {
        if (failures <= FREE_FAILURES) {
            return Duration.ZERO;
        }
        int doublings = Math.min(failures - FREE_FAILURES - 1, 20);
        Duration delay = Duration.ofSeconds(1L << doublings);
        return delay.compareTo(MAX_DELAY) > 0 ? MAX_DELAY : delay;
    }

    private Duration remaining(String key, Instant now) {
        Failures entry = failures.get(key);
        if (entry == null || !entry.blockedUntil().isAfter(now)) {
            return Duration.ZERO;
        }
        return Duration.between(now, entry.blockedUntil());
    }

    private void evictQuiet() {
        Instant quiet = clock.instant().minus(MAX_DELAY);
        for (Iterator<Failures> it = failures.values().iterator(); it.hasNext();) {
            if (it.next().blockedUntil().isBefore(quiet)) {
                it.remove();
            }
        }
        if (failures.size() >= MAX_ENTRIES) {
            failures.clear();
        }
    }

    private static String key(String kind, String value) {
        return kind + ":" + (value == null ? "" : value);
    }

    private static String address(Object details) {
        return details instanceof WebAuthenticationDetails web ? web.getRemoteAddress() : null;
    }
}
